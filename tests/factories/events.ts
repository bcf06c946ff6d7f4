import { randomBytes } from "node:crypto";
import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { events } from "../../server/db/schema";
import type { TestApp } from "../helpers/test-app";

type NewEvent = typeof events.$inferInsert;

/** A college name no other test uses, so a test can filter down to its own events. */
export const uniqueCollege = (name = "Test College") => `${name} ${randomBytes(4).toString("hex")}`;

const indiaParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: CAMPUS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The date (YYYY-MM-DD) and time (HH:MM) in India at `now + offsetMs`. */
export function indiaDateTime(offsetMs: number, now = Date.now()): { date: string; time: string } {
  const parts = Object.fromEntries(
    indiaParts.formatToParts(new Date(now + offsetMs)).map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Writes an event straight to the database, as the admin's form would have stored it. */
export async function insertEvent(testApp: TestApp, overrides: Partial<NewEvent> = {}) {
  const [event] = await testApp.database.db
    .insert(events)
    .values({
      title: "HackMumbai 2026",
      description: "A 24-hour hackathon for student teams.",
      organizer: "Coding Club",
      venue: "Main Auditorium",
      college: "IIT Bombay",
      city: "Mumbai",
      date: "2099-01-15",
      time: "10:00",
      image: "https://images.example.in/hackathon.jpg",
      registrationUrl: null,
      ...overrides,
    })
    .returning();
  if (!event) throw new Error("event was not inserted");
  return event;
}
