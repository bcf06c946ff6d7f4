import type { CampusEvent } from "@shared/api/events";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateTime, insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { type Actor, insertStudent } from "../../../tests/security/world";
import { events, users } from "../../db/schema";

/** Issue 40, 'Finding events': the list's order and scope, and the public page of one event. */

let testApp: TestApp;
let student: Actor;
let college: string;
let city: string;
beforeAll(async () => {
  testApp = await createTestApp();
  student = await insertStudent(testApp, "Kavya Iyer");
  college = uniqueCollege("Own College");
  city = `City ${college.slice(-8)}`;
  await testApp.database.db.update(users).set({ college, city }).where(eq(users.id, student.id));
});
afterAll(() => testApp.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function listEvents(query: Record<string, string>): Promise<CampusEvent[]> {
  const response = await get(testApp, `/api/events?${new URLSearchParams(query)}`, {
    cookie: student.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events;
}
const titles = (events: CampusEvent[]) => events.map((event) => event.title);

describe("the events list's order", () => {
  it("lists those to come soonest first, then those begun latest first", async () => {
    const other = uniqueCollege("Order College");
    await insertEvent(testApp, { college: other, city, title: "In 20 days", ...indiaDateTime(20 * DAY) });
    await insertEvent(testApp, {
      college: other,
      city,
      title: "In 75 minutes",
      ...indiaDateTime(75 * 60 * 1000),
    });
    await insertEvent(testApp, { college: other, city, title: "In 3 days", ...indiaDateTime(3 * DAY) });
    await insertEvent(testApp, { college: other, city, title: "10 days ago", ...indiaDateTime(-10 * DAY) });
    await insertEvent(testApp, { college: other, city, title: "Yesterday", ...indiaDateTime(-DAY) });

    expect(titles(await listEvents({ college: other }))).toEqual([
      "In 75 minutes",
      "In 3 days",
      "In 20 days",
    ]);
    expect(titles(await listEvents({ college: other, upcoming: "false" }))).toEqual([
      "In 75 minutes",
      "In 3 days",
      "In 20 days",
      "Yesterday",
      "10 days ago",
    ]);
  });

  it("in the student's city, lists their own college's events first, each part soonest first", async () => {
    const neighbour = uniqueCollege("Neighbour College");
    await insertEvent(testApp, {
      college: neighbour,
      city,
      title: "Neighbour tomorrow",
      ...indiaDateTime(DAY),
    });
    await insertEvent(testApp, { college, city, title: "Own in a week", ...indiaDateTime(7 * DAY) });
    await insertEvent(testApp, {
      college: neighbour,
      city,
      title: "Neighbour in 2 hours",
      ...indiaDateTime(2 * HOUR),
    });
    await insertEvent(testApp, { college, city, title: "Own in 2 days", ...indiaDateTime(2 * DAY) });
    await insertEvent(testApp, {
      college: neighbour,
      city: "Elsewhere",
      title: "Another city",
      ...indiaDateTime(DAY),
    });

    const inCity = titles(await listEvents({ city })).filter((title) => /^(Own|Neighbour)/.test(title));
    expect(inCity).toEqual(["Own in 2 days", "Own in a week", "Neighbour in 2 hours", "Neighbour tomorrow"]);
    expect(titles(await listEvents({ city }))).not.toContain("Another city");
  });
});

describe("GET /api/public/events/{id}", () => {
  it("answers anyone, signed out too, with the poster's details and the interested count, and may be cached", async () => {
    const event = await insertEvent(testApp, {
      college,
      city,
      title: "Robotics Expo",
      registrationUrl: "https://forms.example.in/expo",
      ...indiaDateTime(5 * DAY),
    });
    await testApp.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}/interest`,
      headers: { cookie: student.cookie },
    });

    const signedOut = await get(testApp, `/api/public/events/${event.id}`);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers["cache-control"]).toBe("public, max-age=60");
    const answer = signedOut.json().event;
    expect(answer).toEqual({
      id: event.id,
      title: "Robotics Expo",
      description: event.description,
      organizer: event.organizer,
      venue: event.venue,
      college,
      city,
      date: event.date,
      time: event.time,
      image: event.image,
      registrationUrl: "https://forms.example.in/expo",
      interestedCount: 1,
      hasEnded: false,
      isCancelled: false,
      cancelReason: null,
    });
    // Nothing about who is interested, nor who posted it: the same bytes whoever asks.
    expect(signedOut.body).not.toContain(student.id);
    expect(signedOut.body).not.toContain("isInterested");
    const signedIn = await get(testApp, `/api/public/events/${event.id}`, { cookie: student.cookie });
    expect(signedIn.body).toBe(signedOut.body);
  });

  it("answers 404 for an unknown event and 400 for an id that is none", async () => {
    const unknown = await get(testApp, "/api/public/events/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Event not found.");
    expect((await get(testApp, "/api/public/events/not-an-id")).statusCode).toBe(400);
  });

  it("keeps the list itself for signed-in students", async () => {
    expect((await get(testApp, "/api/events")).statusCode).toBe(401);
  });
});

describe("GET /api/public/events/{id}/calendar.ics", () => {
  const icsOf = (id: string, options: { cookie?: string; address?: string } = {}) =>
    testApp.app.inject({
      method: "GET",
      url: `/api/public/events/${id}/calendar.ics`,
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.address ? { remoteAddress: options.address } : {}),
    });
  const veventOf = (body: string) => {
    const vevent = new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent("vevent");
    if (!vevent) throw new Error("no VEVENT");
    return vevent;
  };

  it("answers a signed-out visitor with the event's calendar file, public and cached a minute, the same for everyone", async () => {
    const event = await insertEvent(testApp, {
      college,
      city,
      title: "Robotics Expo: Finals",
      venue: "Hall 2",
      ...indiaDateTime(5 * DAY),
    });
    await testApp.app.inject({
      method: "PUT",
      url: `/api/events/${event.id}/interest`,
      headers: { cookie: student.cookie },
    });

    const signedOut = await icsOf(event.id);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(signedOut.headers["cache-control"]).toBe("public, max-age=60");
    expect(signedOut.headers["set-cookie"]).toBeUndefined();
    expect(signedOut.headers["content-disposition"]).toBe('attachment; filename="robotics-expo-finals.ics"');
    const vevent = veventOf(signedOut.body);
    expect(vevent.getFirstPropertyValue("summary")).toBe("Robotics Expo: Finals");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Asia/Kolkata");
    expect(vevent.getFirstPropertyValue("url")).toBe(`http://localhost:3000/events/${event.id}`);
    expect(vevent.getFirstSubcomponent("valarm")).toBeTruthy();

    // The student's own download is the same event; only its DTSTAMP (the moment) differs.
    const students = await get(testApp, `/api/events/${event.id}/calendar.ics`, { cookie: student.cookie });
    const withoutStamp = (body: string) => body.replace(/^DTSTAMP:.*$/m, "");
    expect(withoutStamp(signedOut.body)).toBe(withoutStamp(students.body));
    // Nobody's account in it, and the same bytes whoever asks.
    for (const personal of [student.id, student.email, "Kavya"])
      expect(signedOut.body).not.toContain(personal);
    expect((await icsOf(event.id, { cookie: student.cookie })).body).toBe(signedOut.body);
  });

  it("says STATUS:CANCELLED for a cancelled event, with its reason, and no alarm", async () => {
    const event = await insertEvent(testApp, {
      college,
      city,
      ...indiaDateTime(2 * DAY),
      sequence: 1,
      cancelledAt: new Date(),
      cancelReason: "The hall flooded.",
    });
    const response = await icsOf(event.id);
    expect(response.statusCode).toBe(200);
    const vevent = veventOf(response.body);
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(1);
    expect(vevent.getFirstPropertyValue("description")).toContain("Cancelled: The hall flooded.");
    expect(vevent.getFirstSubcomponent("valarm")).toBeNull();
  });

  it("answers 404 for a removed or unknown event and 400 for an id that is none", async () => {
    const removed = await insertEvent(testApp, { college, city });
    await testApp.database.db.delete(events).where(eq(events.id, removed.id));
    const gone = await icsOf(removed.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe("Event not found.");
    expect((await icsOf("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const bad = await icsOf("not-an-id");
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error.message).toBe("string");
  });

  it("is limited per address together with the event's page: 120 a minute", async () => {
    const event = await insertEvent(testApp, { college, city, ...indiaDateTime(3 * DAY) });
    const address = "203.0.113.77";
    for (let count = 0; count < 119; count += 1) {
      expect((await icsOf(event.id, { address })).statusCode).toBe(200);
    }
    const page = await testApp.app.inject({
      method: "GET",
      url: `/api/public/events/${event.id}`,
      remoteAddress: address,
    });
    expect(page.statusCode).toBe(200);
    expect((await icsOf(event.id, { address })).statusCode).toBe(429);
    // Another address is not held back.
    expect((await icsOf(event.id, { address: "203.0.113.78" })).statusCode).toBe(200);
  });
});
