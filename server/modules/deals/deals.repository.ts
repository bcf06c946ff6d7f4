import type { OfferStatus } from "@shared/deals-constants";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  chatMembers,
  chats,
  hasWrittenInChat,
  isRatingRevealedSql,
  items,
  messages,
  offers,
  pickupCodes,
  ratings,
  users,
} from "../../db/schema";

/*
 * Every query of the deals: offers, reservations, sales and ratings. The deals' services reach the
 * database only through here; other modules call those services, never this file.
 */

export type OfferRow = typeof offers.$inferSelect;
export type ItemRow = typeof items.$inferSelect;

// Offers

/** The item a deal is about, locked, so offers, accepts and sales on it take turns. */
export async function lockItem(db: Db, itemId: string): Promise<ItemRow | undefined> {
  const [item] = await db.select().from(items).where(eq(items.id, itemId)).for("update");
  return item;
}

/** An item, unlocked (a sale's facts for its ratings). */
export async function findItem(db: Db, itemId: string): Promise<ItemRow | undefined> {
  const [item] = await db.select().from(items).where(eq(items.id, itemId));
  return item;
}

export async function findOffer(db: Db, offerId: string): Promise<OfferRow | undefined> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  return offer;
}

/** The chat's offer, locked for its answer. */
export async function lockOfferOfChat(
  db: Db,
  chatId: string,
  offerId: string,
): Promise<OfferRow | undefined> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.chatId, chatId)))
    .for("update");
  return offer;
}

/** The chat's pending buyer's offer (the one given, when given), as a counter answers it. */
export async function findPendingBuyerOffer(
  db: Db,
  chatId: string,
  offerId?: string,
): Promise<OfferRow | undefined> {
  const [offer] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.chatId, chatId),
        eq(offers.status, "pending"),
        eq(offers.isCounter, false),
        offerId ? eq(offers.id, offerId) : undefined,
      ),
    );
  return offer;
}

/** The status of one of the chat's offers, whatever it is. */
export async function findOfferStatus(
  db: Db,
  chatId: string,
  offerId: string,
): Promise<OfferStatus | undefined> {
  const [offer] = await db
    .select({ status: offers.status })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.chatId, chatId)));
  return offer?.status;
}

/** Ends the chat's pending offer with `status` (a new offer replaces it, a counter counters it). */
export async function closePendingOfferOfChat(
  db: Db,
  chatId: string,
  status: OfferStatus,
): Promise<OfferRow[]> {
  return db
    .update(offers)
    .set({ status, answeredAt: new Date() })
    .where(and(eq(offers.chatId, chatId), eq(offers.status, "pending")))
    .returning();
}

export async function insertOffer(db: Db, values: typeof offers.$inferInsert): Promise<void> {
  await db.insert(offers).values(values);
}

/** Sets an offer's answer (accepted, declined, withdrawn). */
export async function setOfferStatus(
  db: Db,
  offerId: string,
  status: OfferStatus,
): Promise<OfferRow | undefined> {
  const [offer] = await db
    .update(offers)
    .set({ status, answeredAt: new Date() })
    .where(eq(offers.id, offerId))
    .returning();
  return offer;
}

/** Closes every pending offer and counter of a sold item. */
export async function closePendingOffersOfItem(db: Db, itemId: string): Promise<OfferRow[]> {
  return db
    .update(offers)
    .set({ status: "closed", answeredAt: new Date() })
    .where(and(eq(offers.itemId, itemId), eq(offers.status, "pending")))
    .returning();
}

/** Claims pending offers past their time and marks them expired, each once (skipping held rows). */
export async function expireDueOffers(db: Db, batch: number): Promise<OfferRow[]> {
  return db
    .update(offers)
    .set({ status: "expired", answeredAt: new Date() })
    .where(
      sql`${offers.id} in (select ${offers.id} from ${offers} where ${offers.status} = 'pending'
          and ${offers.expiresAt} <= now() order by ${offers.expiresAt} limit ${batch} for update skip locked)`,
    )
    .returning();
}

export async function findItemName(db: Db, itemId: string): Promise<string | undefined> {
  const [item] = await db.select({ name: items.productName }).from(items).where(eq(items.id, itemId));
  return item?.name;
}

// Reservations and sales

/** The chats about an item with their buyer (the member who is not the seller). */
export async function findItemChats(db: Db, itemId: string): Promise<{ chatId: string; buyerId: string }[]> {
  return db
    .select({ chatId: chats.id, buyerId: chatMembers.userId })
    .from(chats)
    .innerJoin(
      chatMembers,
      and(eq(chatMembers.chatId, chats.id), sql`${chatMembers.userId} <> ${chats.sellerId}`),
    )
    .where(and(eq(chats.itemId, itemId), eq(chats.kind, "item")));
}

export async function findUserName(db: Db, userId: string): Promise<string | undefined> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name;
}

/**
 * Reserves the item for the buyer for `days`, unless it is sold or held for someone else: one
 * conditional update, so of two concurrent accepts only one reserves it. True when it did.
 */
export async function reserveItem(
  db: Db,
  itemId: string,
  buyerId: string,
  days: number,
  price: number,
): Promise<boolean> {
  const rows = await db
    .update(items)
    .set({
      reservedForId: buyerId,
      reservedPrice: price,
      reservedUntil: sql`now() + make_interval(days => ${days})`,
      isReservationReminded: false,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(items.id, itemId),
        eq(items.isActive, true),
        eq(items.isSold, false),
        sql`(${items.reservedForId} is null or ${items.reservedUntil} <= now() or ${items.reservedForId} = ${buyerId})`,
      ),
    )
    .returning({ id: items.id });
  return rows.length > 0;
}

/** Ends the item's reservation (released, lapsed); returns the buyer it was held for, if any. */
export async function clearReservation(db: Db, itemId: string): Promise<string | null> {
  const [before] = await db
    .select({ reservedForId: items.reservedForId })
    .from(items)
    .where(eq(items.id, itemId))
    .for("update");
  if (!before?.reservedForId) return null;
  await db
    .update(items)
    .set({
      reservedForId: null,
      reservedUntil: null,
      reservedPrice: null,
      isReservationReminded: false,
      updatedAt: new Date(),
    })
    .where(eq(items.id, itemId));
  return before.reservedForId;
}

/** Marks the item sold to the buyer (null for 'Someone else') once: false when it already was. */
export async function markItemSoldTo(db: Db, id: string, buyerId: string | null, at: Date): Promise<boolean> {
  const rows = await db
    .update(items)
    .set({
      isActive: false,
      isSold: true,
      soldAt: at,
      updatedAt: at,
      buyerId,
      reservedForId: null,
      reservedUntil: null,
      reservedPrice: null,
    })
    .where(and(eq(items.id, id), eq(items.isActive, true)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/**
 * Who may be named the buyer of the item ('Who bought it?'): the other member of one of its chats
 * who wrote there (a message or an offer), with their chat id. Only opening the chat is not enough:
 * the sale lets them rate the seller and be rated.
 */
export async function findItemChatBuyers(db: Db, itemId: string, sellerId: string) {
  return db
    .select({ chatId: chats.id, buyerId: users.id, name: users.name, updatedAt: chats.updatedAt })
    .from(chats)
    .innerJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), sql`${chatMembers.userId} <> ${sellerId}`))
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(
      and(eq(chats.itemId, itemId), eq(chats.kind, "item"), hasWrittenInChat(chats.id, chatMembers.userId)),
    )
    .orderBy(desc(chats.updatedAt));
}

/** Claims the reservations past their time and ends them, each once (skipping rows being claimed). */
export async function lapseReservations(db: Db, batch = 100) {
  const result = await db.execute(sql`
    with due as (
      select ${items.id} as id, ${items.reservedForId} as buyer_id from ${items}
      where ${items.reservedForId} is not null and ${items.reservedUntil} <= now()
      order by ${items.reservedUntil} limit ${batch} for update skip locked
    )
    update ${items} set reserved_for_id = null, reserved_until = null, reserved_price = null,
      is_reservation_reminded = false,
      updated_at = now()
    from due where ${items.id} = due.id
    returning due.id, due.buyer_id, ${items.sellerId} as seller_id, ${items.productName} as name`);
  const { rows } = result as unknown as {
    rows: { id: string; buyer_id: string; seller_id: string; name: string }[];
  };
  return rows.map((row) => ({ id: row.id, buyerId: row.buyer_id, sellerId: row.seller_id, name: row.name }));
}

/** Claims the reservations that lapse within a day and whose seller was not reminded yet. */
export async function remindReservations(db: Db, batch = 100) {
  return db
    .update(items)
    .set({ isReservationReminded: true })
    .where(
      sql`${items.id} in (select ${items.id} from ${items} where ${items.reservedForId} is not null
        and not ${items.isReservationReminded} and ${items.reservedUntil} > now()
        and ${items.reservedUntil} <= now() + interval '1 day' limit ${batch} for update skip locked)`,
    )
    .returning({ id: items.id, sellerId: items.sellerId, name: items.productName });
}

// Pickup codes

export type PickupCodeRow = typeof pickupCodes.$inferSelect;

/**
 * Gives the reserved buyer a pickup code. `isNewReservation`: a reservation starts, so any earlier
 * code (another buyer's, or a lapsed one) gives way to the new one; otherwise the buyer keeps the code
 * they have (another accepted offer of theirs), and one is made only if there is none.
 */
export async function issuePickupCode(
  db: Db,
  values: { itemId: string; buyerId: string; code: string },
  isNewReservation: boolean,
): Promise<void> {
  const insert = db.insert(pickupCodes).values(values);
  if (!isNewReservation) {
    await insert.onConflictDoNothing({ target: pickupCodes.itemId });
    return;
  }
  await insert.onConflictDoUpdate({
    target: pickupCodes.itemId,
    set: {
      buyerId: values.buyerId,
      code: values.code,
      failedAttempts: 0,
      lockedUntil: null,
      createdAt: sql`now()`,
    },
  });
}

/** The buyer's code of the item: the one query that reads a code out (the buyer's own answer). */
export async function findBuyersPickupCode(
  db: Db,
  itemId: string,
  buyerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: pickupCodes.code })
    .from(pickupCodes)
    .where(and(eq(pickupCodes.itemId, itemId), eq(pickupCodes.buyerId, buyerId)));
  return row?.code;
}

/** The item's code, locked for a handover's check (the item's row is locked before it). */
export async function lockPickupCode(db: Db, itemId: string): Promise<PickupCodeRow | undefined> {
  const [row] = await db.select().from(pickupCodes).where(eq(pickupCodes.itemId, itemId)).for("update");
  return row;
}

/**
 * Counts a wrong code. The `maxWrong`-th in a row locks the handover for `lockMinutes` and starts the
 * count again. Returns the count after it and the lock's end, if it locked.
 */
export async function recordWrongPickupCode(
  db: Db,
  itemId: string,
  maxWrong: number,
  lockMinutes: number,
): Promise<{ failedAttempts: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(pickupCodes)
    .set({
      failedAttempts: sql`case when ${pickupCodes.failedAttempts} + 1 >= ${maxWrong} then 0
        else ${pickupCodes.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${pickupCodes.failedAttempts} + 1 >= ${maxWrong}
        then now() + make_interval(mins => ${lockMinutes}) else ${pickupCodes.lockedUntil} end`,
    })
    .where(eq(pickupCodes.itemId, itemId))
    .returning({ failedAttempts: pickupCodes.failedAttempts, lockedUntil: pickupCodes.lockedUntil });
  return row ?? { failedAttempts: 0, lockedUntil: null };
}

/** Voids the item's code (the reservation was released or lapsed, or the item was sold). */
export async function deletePickupCode(db: Db, itemId: string): Promise<void> {
  await db.delete(pickupCodes).where(eq(pickupCodes.itemId, itemId));
}

// Ratings

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
    .select({
      ...review,
      rateeId: ratings.rateeId,
      isRevealed: sql<boolean>`${isRatingRevealedSql("ratings")}`,
    })
    .from(ratings)
    .innerJoin(rater, eq(rater.id, ratings.raterId))
    .where(eq(ratings.itemId, itemId));
}

/** A user's revealed ratings, newest first, with the average and count over all of them. */
export async function findRevealedRatingsOf(db: Db, userId: string, limit = 50) {
  const where = and(eq(ratings.rateeId, userId), isRatingRevealedSql("ratings"));
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
