import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { chatMembers, chats, items, messages, ratings, users } from "../../db/schema";
import { isRevealedSql } from "../items/items.repository";

export type RatingRow = typeof ratings.$inferSelect;
const rater = alias(users, "rater");

/** Stores a rating unless the rater already rated this deal; undefined when they had. */
export async function insertRating(
  db: Db,
  values: typeof ratings.$inferInsert,
): Promise<RatingRow | undefined> {
  const [row] = await db.insert(ratings).values(values).onConflictDoNothing().returning();
  return row;
}

const review = {
  id: ratings.id,
  raterId: ratings.raterId,
  raterName: rater.name,
  itemName: ratings.itemName,
  stars: ratings.stars,
  comment: ratings.comment,
  createdAt: ratings.createdAt,
};

/** The ratings of one deal (both sides), each with whether it is revealed yet. */
export async function findDealRatings(db: Db, itemId: string) {
  return db
    .select({ ...review, rateeId: ratings.rateeId, isRevealed: sql<boolean>`${isRevealedSql("ratings")}` })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .where(eq(ratings.itemId, itemId));
}

/** A user's revealed ratings, newest first, with the average and count over all of them. */
export async function findRevealedRatingsOf(db: Db, userId: string, limit = 50) {
  const where = and(eq(ratings.rateeId, userId), isRevealedSql("ratings"));
  const [reviews, [summary]] = await Promise.all([
    db
      .select(review)
      .from(ratings)
      .innerJoin(rater, eq(rater.id, ratings.raterId))
      .where(where)
      .orderBy(desc(ratings.createdAt))
      .limit(limit),
    db
      .select({
        average: sql<number | null>`avg(${ratings.stars})::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(ratings)
      .where(where),
  ]);
  return { reviews, average: summary?.average ?? null, count: summary?.count ?? 0 };
}

export async function countItemsSold(db: Db, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(items)
    .where(and(eq(items.sellerId, sellerId), eq(items.isSold, true)));
  return row?.count ?? 0;
}

/**
 * The seller's median minutes from a buyer's first message to the seller's first reply, over item
 * chats of the last 30 days where the seller replied; null below three such chats.
 */
export async function medianReplyMinutes(db: Db, sellerId: string): Promise<number | null> {
  const firsts = db
    .select({
      chatId: chats.id,
      asked: sql<Date>`min(${messages.createdAt}) filter (where ${messages.senderId} <> ${sellerId})`.as(
        "asked",
      ),
    })
    .from(chats)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, sellerId)))
    .innerJoin(messages, eq(messages.chatId, chats.id))
    .where(and(eq(chats.sellerId, sellerId), sql`${chats.createdAt} > now() - interval '30 days'`))
    .groupBy(chats.id)
    .as("firsts");
  const [row] = await db
    .select({
      chats: sql<number>`count(*)::int`,
      minutes: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from replied.at - ${firsts.asked}) / 60)`,
    })
    .from(firsts)
    .innerJoin(
      sql`lateral (select min(${messages.createdAt}) as at from ${messages}
        where ${messages.chatId} = ${firsts.chatId} and ${messages.senderId} = ${sellerId}
          and ${messages.type} <> 'system' and ${messages.createdAt} >= ${firsts.asked}) replied`,
      sql`replied.at is not null`,
    );
  if (!row || row.chats < 3 || row.minutes === null) return null;
  return Number(row.minutes);
}

export async function deleteRating(db: Db, id: string): Promise<RatingRow | undefined> {
  const [row] = await db.delete(ratings).where(eq(ratings.id, id)).returning();
  return row;
}
