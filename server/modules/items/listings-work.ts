import { LISTING_TEXTS } from "@shared/listing-texts";
import type { AppContext } from "../../context";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification, toNotificationDto } from "../notifications/notifications.service";
import * as repo from "./listings.repository";
import { readFormsOfOlderSearches } from "./saved-searches.service";

type JobContext = Pick<AppContext, "db" | "bus" | "log">;

const BATCH = 500;
/** New items are matched in batches of this many. */
const MATCH_BATCH = 1000;
/** Items younger than this are left for the next run, so one committed late is not skipped. */
const SETTLE_MS = 5000;

/** Tells sellers whose listings lapse within 3 days, once per listing (until renewed). */
export async function warnExpiringListings(ctx: JobContext, now: Date): Promise<number> {
  let warned = 0;
  for (;;) {
    const batch = await repo.findListingsToWarn(ctx.db, now, BATCH);
    for (const item of batch) {
      await transactionWithEvents(ctx, async (tx, emit) => {
        if (!(await repo.claimExpiryWarning(tx, item.id, now))) return;
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
  return repo.expireLapsedListings(ctx.db, now);
}

/**
 * Matches the items posted since the last run against every saved search, in batches, in the
 * database: each search that matches counts the new items as unseen and as pending notice. An
 * item matches a search of another student when its category and the seller's college agree (or
 * the search has none) and its name or type contains every word of the search in one of its forms,
 * as browse's search finds it (a plural, a synonym, a typo forgiven: 'calculater' alerts a
 * 'Calculator'); the items of sellers whose
 * account is gone, suspended or on holiday today are not matched. The cursor is kept in job_state,
 * so a restart goes on where the last run stopped.
 */
export async function matchSavedSearches(ctx: Pick<AppContext, "db">, now: Date): Promise<number> {
  let matchedItems = 0;
  await readFormsOfOlderSearches(ctx);
  const until = new Date(now.getTime() - SETTLE_MS);
  for (;;) {
    const cursor = await repo.findMatchCursor(ctx.db);
    const batch = await repo.findItemsAfter(ctx.db, cursor, until, MATCH_BATCH);
    const last = batch.at(-1);
    if (!last) return matchedItems;
    const to = { at: last.createdAt, id: last.id };
    await ctx.db.transaction(async (tx) => {
      await repo.countMatchesInSavedSearches(tx, { from: cursor, to, now });
      await repo.moveMatchCursor(tx, to);
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
  for (;;) {
    const count = await transactionWithEvents(ctx, async (tx, emit) => {
      const rows = await repo.claimSavedSearchNotices(tx, now, BATCH);
      if (rows.length === 0) return 0;
      // One insert for the batch, and one count of each owner's unread notifications for the badges.
      const inserted = await repo.insertListingNotices(
        tx,
        rows.map((search) => ({
          userId: search.user_id,
          text: LISTING_TEXTS.savedSearchAlert(Number(search.n), search.name, search.college),
        })),
      );
      const counts = await repo.unreadCountsOf(tx, [...new Set(rows.map((row) => row.user_id))]);
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
