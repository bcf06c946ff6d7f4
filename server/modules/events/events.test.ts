import type { CampusEvent } from "@shared/api/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateTime, insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let student: Awaited<ReturnType<typeof createStudent>>;
beforeAll(async () => {
  testApp = await createTestApp();
  student = await createStudent(testApp);
});
afterAll(() => testApp.close());

const HOUR = 60 * 60 * 1000;

async function listEvents(query: Record<string, string>): Promise<CampusEvent[]> {
  const response = await get(testApp, `/api/events?${new URLSearchParams(query)}`, {
    cookie: student.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json().events;
}

const titles = (events: CampusEvent[]) => events.map((event) => event.title);

describe("GET /api/events", () => {
  it("requires sign-in", async () => {
    const response = await get(testApp, "/api/events");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  it("lists events to come soonest first, then earliest time, with every field the cards show", async () => {
    const college = uniqueCollege();
    await insertEvent(testApp, { college, title: "Early", date: "2099-03-01", time: "09:00" });
    await insertEvent(testApp, {
      college,
      title: "Latest",
      date: "2099-05-20",
      time: "18:30",
      registrationUrl: "https://forms.example.in/register",
    });
    await insertEvent(testApp, { college, title: "Same day, later", date: "2099-03-01", time: "17:45" });

    const events = await listEvents({ college });
    expect(titles(events)).toEqual(["Early", "Same day, later", "Latest"]);
    expect(events[2]).toMatchObject({
      title: "Latest",
      description: "A 24-hour hackathon for student teams.",
      organizer: "Coding Club",
      venue: "Main Auditorium",
      college,
      city: "Mumbai",
      date: "2099-05-20",
      time: "18:30",
      image: "https://images.example.in/hackathon.jpg",
      registrationUrl: "https://forms.example.in/register",
    });
    expect(events[1]?.registrationUrl).toBeNull();
  });

  it("hides events that began before now in India unless upcoming=false, and upcoming is the default", async () => {
    const college = uniqueCollege();
    await insertEvent(testApp, { college, title: "Began an hour ago", ...indiaDateTime(-HOUR) });
    await insertEvent(testApp, { college, title: "Yesterday", ...indiaDateTime(-24 * HOUR) });
    await insertEvent(testApp, { college, title: "In two hours", ...indiaDateTime(2 * HOUR) });
    await insertEvent(testApp, { college, title: "Next week", ...indiaDateTime(7 * 24 * HOUR) });

    expect(titles(await listEvents({ college }))).toEqual(["In two hours", "Next week"]);
    expect(titles(await listEvents({ college, upcoming: "true" }))).toEqual(["In two hours", "Next week"]);
    expect(titles(await listEvents({ college, upcoming: "false" }))).toEqual([
      "In two hours",
      "Next week",
      "Began an hour ago",
      "Yesterday",
    ]);
  });

  it("filters by college, city and date, each exactly", async () => {
    const college = uniqueCollege("Fergusson College");
    const other = uniqueCollege("COEP");
    await insertEvent(testApp, { college, city: "Pune", title: "Pune fest", date: "2099-07-01" });
    await insertEvent(testApp, { college, city: "Pune", title: "Pune talk", date: "2099-07-02" });
    await insertEvent(testApp, { college: other, city: "Pune", title: "Other college", date: "2099-07-01" });
    await insertEvent(testApp, {
      college,
      city: "Mumbai",
      title: "Same name, other city",
      date: "2099-07-01",
    });

    expect(titles(await listEvents({ college, city: "Pune" }))).toEqual(["Pune fest", "Pune talk"]);
    expect(titles(await listEvents({ college, city: "Pune", date: "2099-07-01" }))).toEqual(["Pune fest"]);
    expect(titles(await listEvents({ college, date: "2099-07-01" })).sort()).toEqual([
      "Pune fest",
      "Same name, other city",
    ]);
    expect(await listEvents({ college: `${college} `.toUpperCase() })).toEqual([]);
    const onThatDay = titles(await listEvents({ date: "2099-07-01", city: "Pune" }));
    expect(onThatDay).toEqual(expect.arrayContaining(["Pune fest", "Other college"]));
    expect(onThatDay).not.toContain("Pune talk");
  });

  it("searches title, description, organizer and venue, ignoring case", async () => {
    const college = uniqueCollege();
    await insertEvent(testApp, { college, title: "RoboWars Finals" });
    await insertEvent(testApp, { college, title: "Quiz", description: "General quiz with ROBOTICS round" });
    await insertEvent(testApp, { college, title: "Talk", organizer: "Robotics Society" });
    await insertEvent(testApp, { college, title: "Meetup", venue: "Robo Lab, Block C" });
    await insertEvent(testApp, { college, title: "Unrelated", description: "Dance night" });

    expect(titles(await listEvents({ college, search: "robo" })).sort()).toEqual([
      "Meetup",
      "Quiz",
      "RoboWars Finals",
      "Talk",
    ]);
    expect(titles(await listEvents({ college, search: "  DANCE " }))).toEqual(["Unrelated"]);
    // LIKE wildcards in the text are searched for literally.
    expect(await listEvents({ college, search: "%" })).toEqual([]);
    expect(await listEvents({ college, search: "_" })).toEqual([]);
  });

  it.each([
    ["a date in another format", { date: "24-11-2026" }],
    ["a date with letters", { date: "2026-1x-01" }],
    ["an unknown upcoming value", { upcoming: "yes" }],
  ])("refuses %s with 400", async (_case, query) => {
    const response = await get(testApp, `/api/events?${new URLSearchParams(query)}`, {
      cookie: student.cookie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_input");
  });

  it("refuses an impossible date such as 2026-02-31 with 400", async () => {
    const response = await get(testApp, "/api/events?date=2026-02-31", { cookie: student.cookie });
    expect(response.statusCode).toBe(400);
  });
});
