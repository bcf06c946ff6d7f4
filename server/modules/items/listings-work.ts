import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { LISTING_TEXTS, LISTING_WARNING_DAYS } from "@shared/listing-texts";
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
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
import { transactionWithEvents } from "../../realtime/transaction";
import { toNotificationDto } from "../chats/chats.mapper";
import { addNotification } from "../notifications/notifications.service";

type JobContext = Pick<AppContext, "db" | "bus" | "log">;

const BATCH = 500;
/** New items are matched in batches of this many. */
const MATCH_BATCH = 1000;
/** Items younger than this are left for the next run, so one committed late is not skipped. */
const SETTLE_MS = 5000;

const iso = (date: Date) => date.toISOString();

/** Tells sellers whose listings lapse within 3 days, once per listing (until renewed). */
export async function warnExpiringListings(ctx: JobContext, now: Date): Promise<number> {
  let warned = 0;
  for (;;) {
    const batch = await ctx.db
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
      .limit(BATCH);
    for (const item of batch) {
      await transactionWithEvents(ctx, async (tx, emit) => {
        const claimed = await tx
          .update(items)
          .set({ expiryWarnedAt: now })
          .where(and(eq(items.id, item.id), isNull(items.expiryWarnedAt)))
          .returning({ id: items.id });
        if (claimed.length === 0) return;
        await addNotification(tx, emit, {
          userId: item.sellerId,
          type: "listing",
          // Lapsed already (the server was down through its warning days): say what is true.
          text:
            item.expiresAt.getTime() <= now.getTime()
              ? LISTING_TEXTS.hasExpired(item.productName)
              : LISTING_TEXTS.expiresSoon(item.productName),
          itemId: item.id,
        });
      });
      warned++;
    }
    if (batch.length < BATCH) return warned;
  }
}

/** Listings past their 30 days leave the marketplace: inactive, marked expired (not sold). */
export async function expireListings(ctx: Pick<AppContext, "db">, now: Date): Promise<number> {
  const rows = await ctx.db
    .update(items)
    .set({ isActive: false, expiredAt: now, updatedAt: now })
    .where(and(eq(items.isActive, true), lte(items.expiresAt, now)))
    .returning({ id: items.id });
  return rows.length;
}

/**
 * Matches the items posted since the last run against every saved search, in batches, in the
 * database: each search that matches counts the new items as unseen and as pending notice. An
 * item matches a search of another student when its category and the seller's college agree (or
 * the search has none) and its name or type contains the search text; the items of sellers whose
 * account is gone, suspended or on holiday today are not matched. The cursor is kept in job_state,
 * so a restart goes on where the last run stopped.
 */
export async function matchSavedSearches(ctx: Pick<AppContext, "db">, now: Date): Promise<number> {
  let matchedItems = 0;
  const until = new Date(now.getTime() - SETTLE_MS);
  for (;;) {
    const [state] = await ctx.db.select().from(jobState).where(eq(jobState.name, "listings"));
    const cursorAt = state?.cursorAt ?? new Date(0);
    const cursorId = state?.cursorId ?? "00000000-0000-0000-0000-000000000000";
    const batch = await ctx.db
      .select({ id: items.id, createdAt: items.createdAt })
      .from(items)
      .where(
        and(
          eq(items.isActive, true),
          sql`(${items.createdAt}, ${items.id}) > (${iso(cursorAt)}::timestamptz, ${cursorId}::uuid)`,
          lte(items.createdAt, until),
        ),
      )
      .orderBy(asc(items.createdAt), asc(items.id))
      .limit(MATCH_BATCH);
    const last = batch.at(-1);
    if (!last) return matchedItems;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        with fresh as (
          select i.id, i.seller_id, i.category, i.seller_college,
                 lower(i.product_name || ' ' || i.type) as text
          from ${items} i join ${users} on ${users.id} = i.seller_id
          where i.is_active
            and (i.created_at, i.id) > (${iso(cursorAt)}::timestamptz, ${cursorId}::uuid)
            and (i.created_at, i.id) <= (${iso(last.createdAt)}::timestamptz, ${last.id}::uuid)
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
           and (s.search = '' or strpos(f.text, lower(s.search)) > 0)
          group by s.id
        )
        update ${savedSearches} set
          unseen_count = ${savedSearches.unseenCount} + matched.n,
          pending_count = ${savedSearches.pendingCount} + matched.n
        from matched where ${savedSearches.id} = matched.id`);
      await tx
        .update(jobState)
        .set({ cursorAt: last.createdAt, cursorId: last.id })
        .where(eq(jobState.name, "listings"));
    });
    matchedItems += batch.length;
    if (batch.length < MATCH_BATCH) return matchedItems;
  }
}

/**
 * Tells the owners of saved searches with pending matches: at once for the first, then at most
 * once per search per hour ('3 new items for "fx-991" at IIT Bombay'). A batch of searches is
 * claimed and announced in one transaction (claimed rows are locked, so two runs never both send).
 */
export async function notifySavedSearches(ctx: JobContext, now: Date): Promise<number> {
  let sent = 0;
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  for (;;) {
    const count = await transactionWithEvents(ctx, async (tx, emit) => {
      const claimed = await tx.execute<{
        id: string;
        user_id: string;
        name: string;
        college: string;
        n: number;
      }>(sql`
        with due as (
          select ${savedSearches.id} as id, ${savedSearches.pendingCount} as n from ${savedSearches}
          where ${and(
            gt(savedSearches.pendingCount, 0),
            or(isNull(savedSearches.notifiedAt), lte(savedSearches.notifiedAt, hourAgo)),
          )}
          limit ${BATCH} for update skip locked
        )
        update ${savedSearches} set pending_count = 0, notified_at = ${iso(now)}::timestamptz
        from due where ${savedSearches.id} = due.id
        returning ${savedSearches.id} as id, ${savedSearches.userId} as user_id, ${savedSearches.name} as name,
          ${savedSearches.college} as college, due.n as n`);
      const rows = rowsOf<{ user_id: string; name: string; college: string; n: number }>(claimed);
      if (rows.length === 0) return 0;
      // One insert for the batch, and one count of each owner's unread notifications for the badges.
      const inserted = await tx
        .insert(notifications)
        .values(
          rows.map((search) => ({
            userId: search.user_id,
            type: "listing" as const,
            text: LISTING_TEXTS.savedSearchAlert(Number(search.n), search.name, search.college),
          })),
        )
        .returning();
      const counts = await tx
        .select({
          userId: notifications.userId,
          unread: sql<number>`count(*)::int`,
          unreadMessages: sql<number>`(count(*) filter (where ${notifications.type} = 'message'))::int`,
        })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, [...new Set(rows.map((row) => row.user_id))]),
            eq(notifications.isRead, false),
          ),
        )
        .groupBy(notifications.userId);
      for (const row of inserted) {
        emit({
          userId: row.userId,
          event: { type: "notification.created", data: { notification: toNotificationDto(row) } },
        });
      }
      for (const { userId, ...data } of counts) emit({ userId, event: { type: "counts", data } });
      return rows.length;
    });
    sent += count;
    if (count < BATCH) return sent;
  }
}

/**
 * Warnings, then expiry. Safe for any instance at any time (each warning is claimed by its item,
 * expiry is one update), so it needs no lease and runs at start-up too.
 */
export async function runFreshnessWork(ctx: JobContext, now = new Date()): Promise<void> {
  await warnExpiringListings(ctx, now);
  await expireListings(ctx, now);
}

/** One run of the listings job: warnings, expiry, saved-search matching and notices. */
export async function runListingsWork(ctx: JobContext, now = new Date()): Promise<void> {
  await runFreshnessWork(ctx, now);
  await matchSavedSearches(ctx, now);
  await notifySavedSearches(ctx, now);
}
