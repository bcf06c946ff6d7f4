import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { LISTING_WARNING_DAYS } from "@shared/listing-texts";
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import {
  isSuspendedSql,
  items,
  jobState,
  notifications,
  savedSearches,
  userBlocks,
  users,
} from "../../db/schema";

const iso = (date: Date) => date.toISOString();

/** Active listings that lapse within the warning days and whose seller was not warned yet. */
export function findListingsToWarn(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: items.id,
      sellerId: items.sellerId,
      productName: items.productName,
      expiresAt: items.expiresAt,
    })
    .from(items)
    .where(
      and(
        eq(items.isActive, true),
        isNull(items.expiryWarnedAt),
        sql`${items.expiresAt} <= ${iso(now)}::timestamptz + make_interval(days => ${LISTING_WARNING_DAYS})`,
      ),
    )
    .limit(limit);
}

/** Marks a listing's seller warned; false when another run did first. */
export async function claimExpiryWarning(db: Db, itemId: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(items)
    .set({ expiryWarnedAt: now })
    .where(and(eq(items.id, itemId), isNull(items.expiryWarnedAt)))
    .returning({ id: items.id });
  return claimed.length > 0;
}

/** Takes the listings past their time off the marketplace, marked expired; how many. */
export async function expireLapsedListings(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(items)
    .set({ isActive: false, expiredAt: now, updatedAt: now })
    .where(and(eq(items.isActive, true), lte(items.expiresAt, now)))
    .returning({ id: items.id });
  return rows.length;
}

export interface MatchCursor {
  at: Date;
  id: string;
}

/** Where saved-search matching stopped (kept in job_state), or the start of time. */
export async function findMatchCursor(db: Db): Promise<MatchCursor> {
  const [state] = await db.select().from(jobState).where(eq(jobState.name, "listings"));
  return {
    at: state?.cursorAt ?? new Date(0),
    id: state?.cursorId ?? "00000000-0000-0000-0000-000000000000",
  };
}

/** The next active items after the cursor, created no later than `until`, oldest first. */
export function findItemsAfter(db: Db, cursor: MatchCursor, until: Date, limit: number) {
  return db
    .select({ id: items.id, createdAt: items.createdAt })
    .from(items)
    .where(
      and(
        eq(items.isActive, true),
        sql`(${items.createdAt}, ${items.id}) > (${iso(cursor.at)}::timestamptz, ${cursor.id}::uuid)`,
        lte(items.createdAt, until),
      ),
    )
    .orderBy(asc(items.createdAt), asc(items.id))
    .limit(limit);
}

/**
 * Counts the items after `from` up to `to` into every saved search they match (see
 * matchSavedSearches for what matches), as unseen and as pending notice.
 */
export async function countMatchesInSavedSearches(
  db: Db,
  range: { from: MatchCursor; to: MatchCursor; now: Date },
): Promise<void> {
  const { from, to, now } = range;
  await db.execute(sql`
    with fresh as (
      select i.id, i.seller_id, i.category, i.seller_college,
             lower(i.product_name || ' ' || i.type) as text,
             search_normal(i.product_name || ' ' || i.type) as normal
      from ${items} i join ${users} on ${users.id} = i.seller_id
      where i.is_active
        and (i.created_at, i.id) > (${iso(from.at)}::timestamptz, ${from.id}::uuid)
        and (i.created_at, i.id) <= (${iso(to.at)}::timestamptz, ${to.id}::uuid)
        and ${users.deletedAt} is null and not ${isSuspendedSql}
        and not coalesce(${users.holidayActive} and (${iso(now)}::timestamptz at time zone ${CAMPUS_TIME_ZONE})::date
          between ${users.holidayFrom} and ${users.holidayTo}, false)
    ), matched as (
      select s.id, count(*)::int as n
      from ${savedSearches} s join fresh f
        on f.seller_id <> s.user_id
       and not exists (select 1 from ${userBlocks} b
         where (b.blocker_id = s.user_id and b.blocked_id = f.seller_id)
            or (b.blocker_id = f.seller_id and b.blocked_id = s.user_id))
       and (s.category = 'all' or s.category = f.category)
       and (s.college = '' or s.college = f.seller_college)
       and (s.search = '' or case
         when s.search_forms is null then strpos(f.text, lower(s.search)) > 0
         -- Every word in one of its forms.
         else not exists (select 1 from jsonb_array_elements(s.search_forms) as word (forms)
           where not exists (select 1 from jsonb_array_elements_text(word.forms) as form (text)
             where strpos(f.normal, form.text) > 0))
         end)
      group by s.id
    )
    update ${savedSearches} set
      unseen_count = ${savedSearches.unseenCount} + matched.n,
      pending_count = ${savedSearches.pendingCount} + matched.n
    from matched where ${savedSearches.id} = matched.id`);
}

export async function moveMatchCursor(db: Db, to: MatchCursor): Promise<void> {
  await db.update(jobState).set({ cursorAt: to.at, cursorId: to.id }).where(eq(jobState.name, "listings"));
}

/**
 * Claims up to `limit` saved searches with pending matches not told within the last hour (locked,
 * skipping those another run holds), clears their pending count and returns what to tell.
 */
export async function claimSavedSearchNotices(db: Db, now: Date, limit: number) {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const claimed = await db.execute(sql`
    with due as (
      select ${savedSearches.id} as id, ${savedSearches.pendingCount} as n from ${savedSearches}
      where ${and(
        gt(savedSearches.pendingCount, 0),
        or(isNull(savedSearches.notifiedAt), lte(savedSearches.notifiedAt, hourAgo)),
      )}
      limit ${limit} for update skip locked
    )
    update ${savedSearches} set pending_count = 0, notified_at = ${iso(now)}::timestamptz
    from due where ${savedSearches.id} = due.id
    returning ${savedSearches.id} as id, ${savedSearches.userId} as user_id, ${savedSearches.name} as name,
      ${savedSearches.college} as college, due.n as n`);
  return rowsOf<{ user_id: string; name: string; college: string; n: number }>(claimed);
}

/**
 * One insert of listing notices for a batch of students. The trigger notifications_queue_push in
 * docs/database.md also queues their pushes.
 */
export function insertListingNotices(db: Db, notices: { userId: string; text: string }[]) {
  return db
    .insert(notifications)
    .values(notices.map((notice) => ({ ...notice, type: "listing" as const })))
    .returning();
}

/** Each student's unread notifications and unread messages, for the badges. */
export function unreadCountsOf(db: Db, userIds: string[]) {
  return db
    .select({
      userId: notifications.userId,
      unread: sql<number>`count(*)::int`,
      unreadMessages: sql<number>`(count(*) filter (where ${notifications.type} = 'message'))::int`,
    })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.isRead, false)))
    .groupBy(notifications.userId);
}
