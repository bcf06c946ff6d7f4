import { CAMPUS_TIME_ZONE } from "@shared/constants";
import type { EVENT_REMINDER_KINDS } from "@shared/events-constants";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
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

export type ReminderKind = (typeof EVENT_REMINDER_KINDS)[number];

export interface DueReminder {
  event_id: string;
  user_id: string;
  kind: ReminderKind;
  title: string;
  date: string;
  time: string;
  venue: string;
  /** 'Registration closes' as HH:MM India time, for the registration reminder. */
  closes_time: string | null;
}

/**
 * Reminders due now, for each interested student of an event neither begun nor cancelled, unless
 * the student turned 'Event reminders' off or it was sent: the day-before one once the start is a
 * day away (when that is tomorrow in India and not already within the hour), the hour-before one
 * once it is an hour away, and the registration one once 'Registration closes' is a day away.
 */
export async function findDueReminders(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    with due as (
      select i.event_id, i.user_id, k.kind, e.title, to_char(e.date, 'YYYY-MM-DD') as date, e.time, e.venue,
             to_char(e.registration_closes_at at time zone ${CAMPUS_TIME_ZONE}, 'HH24:MI') as closes_time,
             ((e.date + e.time::time) at time zone ${CAMPUS_TIME_ZONE}) as starts_at,
             case when k.kind = 'registration' then e.registration_closes_at
                  else ((e.date + e.time::time) at time zone ${CAMPUS_TIME_ZONE}) end as due_at,
             k.lead
      from event_interests i
      join events e on e.id = i.event_id and e.cancelled_at is null
      join users u on u.id = i.user_id and u.deleted_at is null
      left join notification_settings s on s.user_id = i.user_id
      cross join (values ('24h', interval '24 hours'), ('1h', interval '1 hour'),
                         ('registration', interval '24 hours')) as k(kind, lead)
      where coalesce(s.push_events, true)
    )
    select event_id, user_id, kind, title, date, time, venue, closes_time from due
    where due_at is not null
      and due_at > ${at}::timestamptz
      and due_at - lead <= ${at}::timestamptz
      and (kind <> '24h' or (starts_at - interval '1 hour' > ${at}::timestamptz
           and (starts_at at time zone ${CAMPUS_TIME_ZONE})::date = (${at}::timestamptz at time zone ${CAMPUS_TIME_ZONE})::date + 1))
      and (kind <> 'registration' or (due_at at time zone ${CAMPUS_TIME_ZONE})::date
           = (${at}::timestamptz at time zone ${CAMPUS_TIME_ZONE})::date + 1)
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

/** Forgets the reminders sent for an event, of the kinds given: after a move they go out again. */
export async function clearReminders(db: Db, eventId: string, kinds: ReminderKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .delete(eventReminders)
    .where(and(eq(eventReminders.eventId, eventId), inArray(eventReminders.kind, kinds)));
}

/** The event locked for a change, or undefined. */
export async function lockEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for("update").limit(1);
  return row;
}

/** Saves an edit; its SEQUENCE grows by one. */
export async function updateEvent(
  db: Db,
  id: string,
  values: Omit<NewEvent, "id" | "createdAt" | "createdBy" | "sequence">,
): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({ ...values, sequence: sql`${events.sequence} + 1` })
    .where(eq(events.id, id))
    .returning();
  return row;
}

/** Marks it cancelled with its reason, once; its SEQUENCE grows by one. */
export async function markCancelled(db: Db, id: string, reason: string): Promise<EventRow | undefined> {
  const [row] = await db
    .update(events)
    .set({ cancelledAt: sql`now()`, cancelReason: reason, sequence: sql`${events.sequence} + 1` })
    .where(and(eq(events.id, id), isNull(events.cancelledAt)))
    .returning();
  return row;
}

/** The interested students still on the platform: who a change or a cancellation is told to. */
export async function interestedStudents(
  db: Db,
  eventId: string,
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(eventInterests)
    .innerJoin(users, eq(users.id, eventInterests.userId))
    .where(and(eq(eventInterests.eventId, eventId), isNull(users.deletedAt)));
}

/** A college's events for its calendar feed: from a month ago on, soonest first. */
export async function findFeedEvents(db: Db, college: string): Promise<EventRow[]> {
  return db
    .select()
    .from(events)
    .where(and(eq(events.college, college), sql`${events.date} >= current_date - 31`))
    .orderBy(asc(events.date), asc(events.time))
    .limit(500);
}
