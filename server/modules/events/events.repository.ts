import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { eventInterests, eventReminders, events, recruitmentPosts, users } from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";

export type EventRow = typeof events.$inferSelect;
export type NewEvent = typeof events.$inferInsert;

export interface EventFilters {
  college?: string;
  city?: string;
  date?: string;
  search?: string;
  upcoming: "true" | "false";
  interested?: "true" | "false";
  id?: string;
}

export type EventWithCounts = {
  event: EventRow;
  interestedCount: number;
  isInterested: boolean;
  teamsCount: number;
};

// Qualified by hand: inside a subquery an unqualified "id" would name the subquery's own tables.
const eventId = sql.raw(`"events"."id"`);

/** The counts each card shows, as columns of one select. */
function countsFor(viewerId: string) {
  return {
    event: events,
    interestedCount: sql<number>`(select count(*)::int from ${eventInterests} i where i.event_id = ${eventId})`,
    isInterested: sql<boolean>`exists (select 1 from ${eventInterests} i where i.event_id = ${eventId} and i.user_id = ${viewerId})`,
    // Linked posts that are listed (as the Teammate Finder lists them) and still take members.
    teamsCount: sql<number>`(select count(*)::int from ${recruitmentPosts} p join ${users} u on u.id = p.recruiter_id
      where p.event_id = ${eventId} and p.is_active and u.deleted_at is null
        and not (u.suspended_at is not null and (u.suspended_until is null or u.suspended_until > now()))
        and (select count(*) from team_requests r where r.post_id = p.id and r.status = 'accepted') < p.max_students)`,
  };
}

/** When the event starts, as India's wall clock (the date and time columns together). */
const startsAt = sql`(${events.date} + ${events.time}::time)`;
const hasBegun = sql`${startsAt} < (now() at time zone ${CAMPUS_TIME_ZONE})`;

/**
 * The list's order: events yet to begin before those that have, the viewer's own college's first
 * within each, then the soonest first for those to come and the latest first for those gone.
 */
function listOrder(viewerCollege: string): SQL[] {
  return [
    sql`${hasBegun} asc`,
    sql`(${events.college} = ${viewerCollege}) desc`,
    sql`case when ${hasBegun} then null else ${startsAt} end asc`,
    sql`${startsAt} desc`,
    desc(events.createdAt),
    asc(events.id),
  ];
}

/**
 * The viewer's list: filtered by college, city, date, words and 'upcoming', with the counts, and
 * with `interested` only the events the viewer marked, in listOrder. With `id`, that one event,
 * past or upcoming (a shared link).
 */
export async function findEventsFor(
  db: Db,
  viewer: { id: string; college: string },
  filters: EventFilters,
): Promise<EventWithCounts[]> {
  const viewerId = viewer.id;
  const search = filters.search?.trim();
  const conditions: (SQL | undefined)[] = filters.id
    ? [eq(events.id, filters.id)]
    : [
        filters.college ? eq(events.college, filters.college) : undefined,
        filters.city ? eq(events.city, filters.city) : undefined,
        filters.date ? eq(events.date, filters.date) : undefined,
        search
          ? sql`(${events.title} ilike ${likePattern(search)} or ${events.description} ilike ${likePattern(search)} or ${events.organizer} ilike ${likePattern(search)} or ${events.venue} ilike ${likePattern(search)})`
          : undefined,
        filters.upcoming === "true" ? sql`not ${hasBegun}` : undefined,
        filters.interested === "true"
          ? sql`exists (select 1 from ${eventInterests} i where i.event_id = ${eventId} and i.user_id = ${viewerId})`
          : undefined,
      ];
  return db
    .select(countsFor(viewerId))
    .from(events)
    .where(and(...conditions))
    .orderBy(...listOrder(viewer.college))
    .limit(500);
}

/** One event with its interested count (its public page); undefined when there is none. */
export async function findEventWithInterest(db: Db, id: string) {
  const [row] = await db
    .select({
      event: events,
      interestedCount: sql<number>`(select count(*)::int from ${eventInterests} i where i.event_id = ${eventId})`,
    })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  return row;
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row;
}

/** Sets (true) or clears the viewer's interest; either twice is the same as once. Returns the count. */
export async function setInterest(db: Db, eventId: string, userId: string, isInterested: boolean) {
  if (isInterested) {
    await db.insert(eventInterests).values({ eventId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(eventInterests)
      .where(and(eq(eventInterests.eventId, eventId), eq(eventInterests.userId, userId)));
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventInterests)
    .where(eq(eventInterests.eventId, eventId));
  return row?.n ?? 0;
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

export type ReminderKind = "24h" | "1h";

export interface DueReminder {
  event_id: string;
  user_id: string;
  kind: ReminderKind;
  title: string;
  date: string;
  time: string;
  venue: string;
}

/**
 * Reminders due now: for each interested student of an event not yet begun, the 24-hour one once
 * the start is a day away (unless it is already within the hour) and the 1-hour one once it is an
 * hour away, each unless it was sent.
 */
export async function findDueReminders(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  const result = await db.execute(sql`
    with due as (
      select i.event_id, i.user_id, k.kind, e.title, to_char(e.date, 'YYYY-MM-DD') as date, e.time, e.venue,
             ((e.date + e.time::time) at time zone ${CAMPUS_TIME_ZONE}) as starts_at, k.lead
      from event_interests i
      join events e on e.id = i.event_id
      join users u on u.id = i.user_id and u.deleted_at is null
      cross join (values ('24h', interval '24 hours'), ('1h', interval '1 hour')) as k(kind, lead)
    )
    select event_id, user_id, kind, title, date, time, venue from due
    where starts_at > ${now.toISOString()}::timestamptz
      and starts_at - lead <= ${now.toISOString()}::timestamptz
      and (kind = '1h' or starts_at - interval '1 hour' > ${now.toISOString()}::timestamptz)
      and not exists (select 1 from event_reminders r
                      where r.event_id = due.event_id and r.user_id = due.user_id and r.kind = due.kind)
    limit ${limit}`);
  return rowsOf<DueReminder>(result);
}

/** Marks a reminder sent; false when it already was (another instance's pass took it). */
export async function claimReminder(
  db: Db,
  reminder: Pick<DueReminder, "event_id" | "user_id" | "kind">,
): Promise<boolean> {
  const [row] = await db
    .insert(eventReminders)
    .values({ eventId: reminder.event_id, userId: reminder.user_id, kind: reminder.kind })
    .onConflictDoNothing()
    .returning({ kind: eventReminders.kind });
  return row !== undefined;
}
