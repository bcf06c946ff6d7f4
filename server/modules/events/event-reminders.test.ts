import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateTime, insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { createTestApp, createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { insertStudent } from "../../../tests/security/world";
import { eventInterests, notifications } from "../../db/schema";
import { reminderText, runEventReminders } from "./event-reminders";

const HOUR = 60 * 60 * 1000;
let first: TestApp;
beforeAll(async () => {
  first = await createTestApp({}, { startWorkers: false });
});
afterAll(() => first.close());

/** What a job runner of one instance works with. */
function runnerOf(testApp: TestApp) {
  return { db: testApp.database.db, bus: testApp.database.createBus(() => {}), log: testApp.app.log };
}

async function remindersOf(testApp: TestApp, userId: string) {
  return testApp.database.db
    .select({ text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "event_reminder")));
}

describe("event reminders", () => {
  it("words the reminder with the day, the time and the place", () => {
    const event = { title: "HackDU", date: "2099-03-14", time: "10:00", venue: "Main Auditorium" };
    expect(reminderText(event, new Date("2099-03-13T04:30:00Z"))).toBe(
      "HackDU starts tomorrow at 10:00 am at Main Auditorium.",
    );
    expect(reminderText({ ...event, time: "18:30" }, new Date("2099-03-14T12:00:00Z"))).toBe(
      "HackDU starts today at 6:30 pm at Main Auditorium.",
    );
  });

  it("sends each reminder once with two instances running at once and after a restart", async () => {
    const second = await createTestAppOn(first.database, {}, { startWorkers: false });
    const student = await insertStudent(first, "Asha Kulkarni");
    const now = Date.now();
    // Starts in 23 hours: the 24-hour reminder is due, the 1-hour one not yet.
    const event = await insertEvent(first, {
      college: uniqueCollege(),
      title: "HackDU",
      venue: "Main Auditorium",
      ...indiaDateTime(23 * HOUR, now),
    });
    await first.database.db.insert(eventInterests).values({ eventId: event.id, userId: student.id });

    const [a, b] = await Promise.all([
      runEventReminders(runnerOf(first)),
      runEventReminders(runnerOf(second)),
    ]);
    expect(a + b).toBe(1);
    const sent = await remindersOf(first, student.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/^HackDU starts (tomorrow|today) at .+ at Main Auditorium\.$/);

    // A restart: the instance stops and a new one starts on the same database.
    await second.stop();
    const third = await createTestAppOn(first.database, {}, { startWorkers: false });
    expect(await runEventReminders(runnerOf(third))).toBe(0);
    expect(await remindersOf(first, student.id)).toHaveLength(1);

    // 22.5 hours later it starts within the hour: the 1-hour reminder goes out, once.
    const later = new Date(now + 22.5 * HOUR);
    await Promise.all([runEventReminders(runnerOf(first), later), runEventReminders(runnerOf(third), later)]);
    expect(await runEventReminders(runnerOf(third), later)).toBe(0);
    expect(await remindersOf(first, student.id)).toHaveLength(2);
    await third.stop();
  });

  it("sends nothing to students who are not interested, nor for events already begun", async () => {
    const student = await insertStudent(first, "Rohan Mehta");
    const other = await insertStudent(first, "Kavya Nair");
    const begun = await insertEvent(first, { college: uniqueCollege(), ...indiaDateTime(-HOUR) });
    await insertEvent(first, { college: uniqueCollege(), ...indiaDateTime(2 * HOUR) });
    await first.database.db.insert(eventInterests).values({ eventId: begun.id, userId: student.id });
    await runEventReminders(runnerOf(first));
    expect(await remindersOf(first, student.id)).toEqual([]);
    expect(await remindersOf(first, other.id)).toEqual([]);
  });
});
