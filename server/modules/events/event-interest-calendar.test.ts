import { and, count, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { type Actor, insertStudent } from "../../../tests/security/world";
import { eventInterests } from "../../db/schema";

let testApp: TestApp;
let asha: Actor;
let rohan: Actor;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: "error" }, { startWorkers: false, logger: { level: "error" } });
  [asha, rohan] = await Promise.all([
    insertStudent(testApp, "Asha Kulkarni"),
    insertStudent(testApp, "Rohan Mehta"),
  ]);
});
afterAll(() => testApp.close());

const send = (method: "PUT" | "DELETE", url: string, cookie?: string) =>
  testApp.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function interestRows(eventId: string, userId?: string) {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(eventInterests)
    .where(and(eq(eventInterests.eventId, eventId), userId ? eq(eventInterests.userId, userId) : undefined));
  return row?.n ?? 0;
}

describe("PUT/DELETE /api/events/:id/interest", () => {
  it("sets and clears idempotently, and the list shows the count and the viewer's mark", async () => {
    const college = uniqueCollege();
    const event = await insertEvent(testApp, { college });
    const url = `/api/events/${event.id}/interest`;

    const first = await send("PUT", url, asha.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ interestedCount: 1, isInterested: true });
    expect((await send("PUT", url, asha.cookie)).json()).toEqual({ interestedCount: 1, isInterested: true });
    expect((await send("PUT", url, rohan.cookie)).json()).toEqual({ interestedCount: 2, isInterested: true });

    const list = await get(testApp, `/api/events?college=${encodeURIComponent(college)}`, {
      cookie: asha.cookie,
    });
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json().events[0]).toMatchObject({ interestedCount: 2, isInterested: true, hasEnded: false });

    expect((await send("DELETE", url, asha.cookie)).json()).toEqual({
      interestedCount: 1,
      isInterested: false,
    });
    expect((await send("DELETE", url, asha.cookie)).json()).toEqual({
      interestedCount: 1,
      isInterested: false,
    });
    expect(await interestRows(event.id, asha.id)).toBe(0);
  });

  it("counts right when the same student and others set it at once", async () => {
    const event = await insertEvent(testApp, { college: uniqueCollege() });
    const url = `/api/events/${event.id}/interest`;
    const others = await Promise.all([1, 2, 3].map((n) => insertStudent(testApp, `Student ${n}`)));
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => send("PUT", url, asha.cookie)),
      ...others.map((student) => send("PUT", url, student.cookie)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await interestRows(event.id)).toBe(4);
    const list = await get(testApp, `/api/events?id=${event.id}`, { cookie: asha.cookie });
    expect(list.json().events[0].interestedCount).toBe(4);
  });

  it("filters to 'Only events I'm interested in'", async () => {
    const college = uniqueCollege();
    const marked = await insertEvent(testApp, { college, title: "Marked" });
    await insertEvent(testApp, { college, title: "Unmarked" });
    await send("PUT", `/api/events/${marked.id}/interest`, rohan.cookie);
    const list = await get(testApp, `/api/events?college=${encodeURIComponent(college)}&interested=true`, {
      cookie: rohan.cookie,
    });
    expect(list.json().events.map((e: { title: string }) => e.title)).toEqual(["Marked"]);
    const theirs = await get(testApp, `/api/events?college=${encodeURIComponent(college)}&interested=true`, {
      cookie: asha.cookie,
    });
    expect(theirs.json().events).toEqual([]);
  });

  it("refuses signed-out callers and unknown events, changing nothing", async () => {
    const event = await insertEvent(testApp, { college: uniqueCollege() });
    expect((await send("PUT", `/api/events/${event.id}/interest`)).statusCode).toBe(401);
    expect(await interestRows(event.id)).toBe(0);
    const missing = await send(
      "PUT",
      "/api/events/00000000-0000-4000-8000-000000000000/interest",
      asha.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("Event not found.");
    expect((await send("PUT", "/api/events/not-a-uuid/interest", asha.cookie)).statusCode).toBe(400);
  });

  it("opens one event by id, past ones too, which say they have ended", async () => {
    const past = await insertEvent(testApp, { college: uniqueCollege(), date: "2020-01-10", time: "10:00" });
    const list = await get(testApp, `/api/events?id=${past.id}`, { cookie: asha.cookie });
    expect(list.json().events).toHaveLength(1);
    expect(list.json().events[0]).toMatchObject({ id: past.id, hasEnded: true });
  });

  it("has not ended while it is on: two hours from its start", async () => {
    // Its date and time in India (+05:30), some minutes from now.
    const indiaAt = (minutesFromNow: number) => {
      const at = new Date(Date.now() + minutesFromNow * 60_000 + 330 * 60_000).toISOString();
      return { date: at.slice(0, 10), time: at.slice(11, 16) };
    };
    const started = await insertEvent(testApp, { college: uniqueCollege(), ...indiaAt(-60) });
    const over = await insertEvent(testApp, { college: uniqueCollege(), ...indiaAt(-125) });
    const read = async (id: string) =>
      (await get(testApp, `/api/events?id=${id}`, { cookie: asha.cookie })).json().events[0];
    expect(await read(started.id)).toMatchObject({ hasEnded: false });
    expect(await read(over.id)).toMatchObject({ hasEnded: true });
  });
});

describe("GET /api/events/:id/calendar.ics", () => {
  it("is a valid iCalendar file with the event's times in India's zone, two hours long when no end is given", async () => {
    const event = await insertEvent(testApp, {
      title: "HackDU; the big one, 2026",
      venue: "Main Auditorium",
      college: "Delhi University",
      city: "Delhi",
      description: "Bring a laptop.\nFood is provided.",
      date: "2099-03-14",
      time: "10:00",
    });
    const response = await get(testApp, `/api/events/${event.id}/calendar.ics`, { cookie: asha.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["content-disposition"]).toBe(
      'attachment; filename="hackdu-the-big-one-2026.ics"',
    );

    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const vevent = calendar.getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    // The file's own VTIMEZONE is what converts its TZID times.
    const zone = calendar.getFirstSubcomponent("vtimezone");
    if (!zone) throw new Error("no VTIMEZONE");
    ICAL.TimezoneService.register(zone);
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(`event-${event.id}@localhost`);
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(parsed.summary).toBe("HackDU; the big one, 2026");
    expect(parsed.location).toBe("Main Auditorium, Delhi University, Delhi");
    expect(parsed.description).toContain("Bring a laptop.\nFood is provided.");
    expect(vevent.getFirstPropertyValue("url")).toBe(`http://localhost:3000/events/${event.id}`);
    // 10:00 in India is 04:30 UTC; the default length is 2 hours.
    expect(parsed.startDate.toJSDate().toISOString()).toBe("2099-03-14T04:30:00.000Z");
    expect(parsed.endDate.toJSDate().toISOString()).toBe("2099-03-14T06:30:00.000Z");
    expect(response.body.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it("refuses signed-out callers and unknown events", async () => {
    const event = await insertEvent(testApp);
    expect((await get(testApp, `/api/events/${event.id}/calendar.ics`)).statusCode).toBe(401);
    const missing = await get(testApp, "/api/events/00000000-0000-4000-8000-000000000000/calendar.ics", {
      cookie: asha.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });
});
