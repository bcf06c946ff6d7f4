import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export interface EventFilters {
  college?: string;
  city?: string;
  date?: string;
  search?: string;
  upcoming: "true" | "false";
}

/** Events newest date first, filtered in the database; 'upcoming' hides those already begun. */
export async function findEvents(db: Db, filters: EventFilters): Promise<EventRow[]> {
  const search = filters.search?.trim();
  const conditions: (SQL | undefined)[] = [
    filters.college ? eq(events.college, filters.college) : undefined,
    filters.city ? eq(events.city, filters.city) : undefined,
    filters.date ? eq(events.date, filters.date) : undefined,
    search
      ? sql`(${events.title} ilike ${likePattern(search)} or ${events.description} ilike ${likePattern(search)} or ${events.organizer} ilike ${likePattern(search)} or ${events.venue} ilike ${likePattern(search)})`
      : undefined,
    filters.upcoming === "true"
      ? sql`(${events.date} + ${events.time}::time) >= (now() at time zone ${CAMPUS_TIME_ZONE})`
      : undefined,
  ];
  return db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.date), desc(events.time), desc(events.createdAt))
    .limit(500);
}

/** Every event, past ones too, newest date first (the admin panel's list). */
export async function findAllEvents(db: Db): Promise<EventRow[]> {
  return db.select().from(events).orderBy(desc(events.date), desc(events.time)).limit(1000);
}

export async function insertEvent(db: Db, values: NewEvent): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error("event insert returned nothing");
  return row;
}

/** Deletes an event; returns it, or undefined when it was already gone. */
export async function deleteEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.delete(events).where(eq(events.id, id)).returning();
  return row;
}
