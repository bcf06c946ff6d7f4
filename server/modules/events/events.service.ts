import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { events, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { likePattern } from "../../lib/like-pattern";

type EventRow = typeof events.$inferSelect;

export function toEventDto(row: EventRow): CampusEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    organizer: row.organizer,
    venue: row.venue,
    college: row.college,
    city: row.city,
    date: row.date,
    time: row.time,
    image: row.image,
    registrationUrl: row.registrationUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface EventFilters {
  college?: string;
  city?: string;
  date?: string;
  search?: string;
  upcoming: "true" | "false";
}

/** Events newest date first, filtered in the database; 'upcoming' hides those already begun. */
export async function listEvents(ctx: AppContext, filters: EventFilters): Promise<CampusEvent[]> {
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
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.date), desc(events.time), desc(events.createdAt))
    .limit(500);
  return rows.map(toEventDto);
}

export async function createEvent(
  ctx: AppContext,
  admin: UserRow,
  body: CreateEventBody,
): Promise<CampusEvent> {
  const [row] = await ctx.db
    .insert(events)
    .values({
      title: body.title.trim(),
      organizer: body.organizer.trim(),
      date: body.date,
      time: body.time,
      venue: body.venue.trim(),
      description: body.description.trim(),
      city: body.city.trim(),
      college: body.college.trim(),
      image: body.image.trim(),
      registrationUrl: body.registrationUrl?.trim() || null,
      createdBy: admin.id,
    })
    .returning();
  if (!row) throw new Error("event insert returned nothing");
  await ctx.bus.publish({ kind: "broadcast", topic: "events.changed" });
  return toEventDto(row);
}

export async function deleteEvent(ctx: AppContext, id: string): Promise<CampusEvent> {
  const [row] = await ctx.db.delete(events).where(eq(events.id, id)).returning();
  if (!row) throw new AppError("not_found", "Event not found.");
  await ctx.bus.publish({ kind: "broadcast", topic: "events.changed" });
  return toEventDto(row);
}
