import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { createTestApp, createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { insertStudent } from "../../../tests/security/world";
import { eventInterests, notificationSettings, notifications } from "../../db/schema";
import { reminderText, runEventReminders } from "./event-reminders";

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
  const rows = await testApp.database.db
    .select({ text: notifications.text })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "event_reminder")));
  return rows.map((row) => row.text);
}

/** An instant given as India's wall time. */
const india = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

/** A year of its own per event, far ahead, so no other test's event is due at the same instants. */
let year = 2400;
const nextYear = () => String(year++);

describe("event reminders", () => {
  it("words the day-before, hour-before and registration reminders", () => {
    const event = { title: "HackDU", time: "10:00", venue: "Main Auditorium" };
    expect(reminderText("24h", event)).toBe("Tomorrow: HackDU at 10:00 am, Main Auditorium.");
    expect(reminderText("1h", { ...event, time: "18:30" })).toBe(
      "HackDU starts in an hour at Main Auditorium.",
    );
    expect(reminderText("registration", event, "18:00")).toBe(
      "Registration for HackDU closes tomorrow at 6:00 pm.",
    );
  });

  it("sends each reminder once with two instances running at once and after a restart", async () => {
    const second = await createTestAppOn(first.database, {}, { startWorkers: false });
    const student = await insertStudent(first, "Asha Kulkarni");
    const y = nextYear();
    const event = await insertEvent(first, {
      college: uniqueCollege(),
      title: "HackDU",
      venue: "Main Auditorium",
      date: `${y}-03-14`,
      time: "10:00",
    });
    await first.database.db.insert(eventInterests).values({ eventId: event.id, userId: student.id });

    // 23 hours before: the day-before reminder is due, the hour-before one not yet.
    const dayBefore = india(`${y}-03-13`, "11:00");
    await Promise.all([
      runEventReminders(runnerOf(first), dayBefore),
      runEventReminders(runnerOf(second), dayBefore),
    ]);
    expect(await remindersOf(first, student.id)).toEqual(["Tomorrow: HackDU at 10:00 am, Main Auditorium."]);

    // A restart: the instance stops and a new one starts on the same database.
    await second.stop();
    const third = await createTestAppOn(first.database, {}, { startWorkers: false });
    await runEventReminders(runnerOf(third), dayBefore);
    expect(await remindersOf(first, student.id)).toHaveLength(1);

    // Half an hour before, the hour-before reminder goes out, once.
    const hourBefore = india(`${y}-03-14`, "09:30");
    await Promise.all([
      runEventReminders(runnerOf(first), hourBefore),
      runEventReminders(runnerOf(third), hourBefore),
    ]);
    await runEventReminders(runnerOf(third), hourBefore);
    expect(await remindersOf(first, student.id)).toEqual([
      "Tomorrow: HackDU at 10:00 am, Main Auditorium.",
      "HackDU starts in an hour at Main Auditorium.",
    ]);
    await third.stop();
  });

  it("reminds a day before 'Registration closes'", async () => {
    const student = await insertStudent(first, "Neha Gupta");
    const y = nextYear();
    const event = await insertEvent(first, {
      college: uniqueCollege(),
      title: "Robocon",
      date: `${y}-05-20`,
      time: "09:00",
      registrationClosesAt: india(`${y}-05-10`, "18:00"),
    });
    await first.database.db.insert(eventInterests).values({ eventId: event.id, userId: student.id });
    await runEventReminders(runnerOf(first), india(`${y}-05-09`, "17:00"));
    expect(await remindersOf(first, student.id)).toEqual([]);
    await runEventReminders(runnerOf(first), india(`${y}-05-09`, "18:30"));
    await runEventReminders(runnerOf(first), india(`${y}-05-09`, "19:30"));
    expect(await remindersOf(first, student.id)).toEqual([
      "Registration for Robocon closes tomorrow at 6:00 pm.",
    ]);
  });

  it("sends no in-app reminder at all to a student who turned 'Event reminders' off", async () => {
    const [off, on] = await Promise.all([
      insertStudent(first, "Kabir Shah"),
      insertStudent(first, "Isha Rao"),
    ]);
    await first.database.db.insert(notificationSettings).values({ userId: off.id, pushEvents: false });
    const y = nextYear();
    const event = await insertEvent(first, { college: uniqueCollege(), date: `${y}-07-01`, time: "10:00" });
    await first.database.db.insert(eventInterests).values([
      { eventId: event.id, userId: off.id },
      { eventId: event.id, userId: on.id },
    ]);
    await runEventReminders(runnerOf(first), india(`${y}-06-30`, "12:00"));
    await runEventReminders(runnerOf(first), india(`${y}-07-01`, "09:15"));
    expect(await remindersOf(first, off.id)).toEqual([]);
    expect(await remindersOf(first, on.id)).toHaveLength(2);
  });

  it("sends nothing to students who are not interested, nor for events begun or cancelled", async () => {
    const student = await insertStudent(first, "Rohan Mehta");
    const other = await insertStudent(first, "Kavya Nair");
    const y = nextYear();
    const begun = await insertEvent(first, { college: uniqueCollege(), date: `${y}-01-10`, time: "10:00" });
    const cancelled = await insertEvent(first, {
      college: uniqueCollege(),
      date: `${y}-01-10`,
      time: "11:30",
      cancelledAt: new Date(),
      cancelReason: "Rain",
    });
    await first.database.db.insert(eventInterests).values([
      { eventId: begun.id, userId: student.id },
      { eventId: cancelled.id, userId: student.id },
    ]);
    await runEventReminders(runnerOf(first), india(`${y}-01-10`, "11:00"));
    expect(await remindersOf(first, student.id)).toEqual([]);
    expect(await remindersOf(first, other.id)).toEqual([]);
  });
});
