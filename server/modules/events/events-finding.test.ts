import type { CampusEvent } from "@shared/api/events";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateTime, insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { type Actor, insertStudent } from "../../../tests/security/world";
import { users } from "../../db/schema";

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
