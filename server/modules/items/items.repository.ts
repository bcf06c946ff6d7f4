import { PAGE_SIZE } from "@shared/constants";
import { LISTING_ACTIVE_DAYS } from "@shared/listing-texts";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  favourites,
  follows,
  isBlockedBetween,
  isCollegeVerifiedSql,
  isRatingRevealedSql,
  isSuspendedSql,
  items,
  ratings,
  users,
} from "../../db/schema";

/** The columns every item answer needs: the item and its seller's current name, college, number (shown only on a ticked item). */
export const itemWithSeller = {
  item: items,
  sellerName: users.name,
  sellerCollege: users.college,
  sellerMobile: users.mobile,
  /** A verified student of the college their profile names (issue 36): the card's check. */
  sellerIsVerified: sql<boolean>`${isCollegeVerifiedSql}`,
  /** The seller's revealed ratings, [average, count], in one pass over the ratee index per row. */
  sellerRatingStats: sql<[number | null, number]>`(select array[avg(sr.stars)::float8, count(*)::float8]
    from ${ratings} sr where sr.ratee_id = ${items.sellerId} and ${isRatingRevealedSql("sr")})`,
};

export type ItemWithSeller = {
  item: typeof items.$inferSelect;
  sellerName: string;
  sellerCollege: string;
  sellerMobile: string;
  sellerIsVerified: boolean;
  sellerRatingStats: [average: number | null, count: number];
};

/** The seller's account is there and not suspended: their items show. */
export const sellerIsPresent = and(isNull(users.deletedAt), sql`not ${isSuspendedSql}`);

/** An item with its seller, unless the item or the seller's account is gone. */
export async function findItem(db: Db, id: string): Promise<ItemWithSeller | undefined> {
  const [row] = await db
    .select(itemWithSeller)
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(and(eq(items.id, id), sellerIsPresent))
    .limit(1);
  return row;
}

export async function findItemsOfSeller(db: Db, sellerId: string): Promise<ItemWithSeller[]> {
  return db
    .select(itemWithSeller)
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(eq(items.sellerId, sellerId))
    .orderBy(desc(items.createdAt), desc(items.id));
}

/** A person's items: available first (newest first), then sold by most recent sale. */
export async function findItemsForProfile(db: Db, sellerId: string): Promise<ItemWithSeller[]> {
  return (
    db
      .select(itemWithSeller)
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      // A suspended seller's items are hidden until the suspension ends.
      .where(and(eq(items.sellerId, sellerId), sql`not ${isSuspendedSql}`))
      .orderBy(
        desc(items.isActive),
        desc(sql`case when ${items.isActive} then ${items.createdAt} else ${items.soldAt} end`),
        asc(items.id),
      )
  );
}

export async function countFollowersOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.followeeId, userId));
  return row?.count ?? 0;
}

export async function isFavourite(db: Db, userId: string, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ itemId: favourites.itemId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.itemId, itemId)))
    .limit(1);
  return row !== undefined;
}

/** Which of these items the user keeps among their favourites (a page of cards' hearts). */
export async function favouriteIdsAmong(db: Db, userId: string, itemIds: string[]): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ itemId: favourites.itemId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), inArray(favourites.itemId, itemIds)));
  return new Set(rows.map((row) => row.itemId));
}

export async function setFavourite(db: Db, userId: string, itemId: string, isOn: boolean): Promise<void> {
  if (isOn) {
    await db.insert(favourites).values({ userId, itemId }).onConflictDoNothing();
  } else {
    await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.itemId, itemId)));
  }
}

/**
 * One page of the items a user saved, most recently saved first, and how many there are: sold ones
 * too, never one whose seller's account is gone (the item page would not open it). Deleted items
 * leave with their favourites (on delete cascade).
 */
export async function findFavouritesPage(
  db: Db,
  userId: string,
  page: number,
): Promise<{ rows: ItemWithSeller[]; total: number }> {
  const where = and(
    eq(favourites.userId, userId),
    sellerIsPresent,
    sql`not ${isBlockedBetween(userId, items.sellerId)}`,
  );
  const rows = await db
    .select({ ...itemWithSeller, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(favourites)
    .innerJoin(items, eq(items.id, favourites.itemId))
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(where)
    .orderBy(desc(favourites.createdAt), desc(favourites.itemId))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  if (rows[0]) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0].total };
  if (page === 1) return { rows: [], total: 0 };
  // A page past the end has no row to carry the total.
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(favourites)
    .innerJoin(items, eq(items.id, favourites.itemId))
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(where);
  return { rows: [], total: count?.total ?? 0 };
}

export type ItemColumns = Pick<
  typeof items.$inferInsert,
  | "productName"
  | "type"
  | "price"
  | "category"
  | "condition"
  | "description"
  | "showMobileNumber"
  | "productImage"
  | "isNegotiable"
  | "images"
>;

/** The trigger items_take_seller_college in docs/database.md also copies the seller's college. */
export async function insertItem(db: Db, sellerId: string, columns: ItemColumns): Promise<string> {
  const [row] = await db
    .insert(items)
    .values({ ...columns, sellerId })
    .returning({ id: items.id });
  if (!row) throw new Error("item insert returned nothing");
  return row.id;
}

export async function updateItem(db: Db, id: string, columns: ItemColumns): Promise<void> {
  await db
    .update(items)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(items.id, id));
}

/** Deletes an item; returns it, or undefined when it was already gone. */
export async function deleteItem(db: Db, id: string): Promise<typeof items.$inferSelect | undefined> {
  const [row] = await db.delete(items).where(eq(items.id, id)).returning();
  return row;
}

/** The seller as the item page shows them, unless their account is gone. */
export async function findSeller(db: Db, sellerId: string) {
  return db.query.users.findFirst({
    columns: {
      id: true,
      name: true,
      college: true,
      emailVerified: true,
      collegeVerifiedAt: true,
      collegeVerifiedName: true,
    },
    where: (user, { eq: equals }) => equals(user.id, sellerId),
  });
}

/** A page of every active item whose seller still has an account, newest first, and their number. */
export async function findActiveItemsPage(db: Db, page: number, pageSize: number) {
  const where = and(eq(items.isActive, true), isNull(users.deletedAt));
  const [rows, [count]] = await Promise.all([
    db
      .select(itemWithSeller)
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(where)
      .orderBy(desc(items.createdAt), desc(items.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Items for sale, whatever their seller's state (the admin panel's count). */
export async function countActiveItems(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(items)
    .where(eq(items.isActive, true));
  return row?.count ?? 0;
}

/** The seller's listings on the marketplace now (the 50-listing cap). */
export async function countActiveOfSeller(db: Db, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(items)
    .where(and(eq(items.sellerId, sellerId), eq(items.isActive, true)));
  return row?.count ?? 0;
}

/**
 * Puts a listing back on the marketplace as fresh: active for another 30 days from now, listed as
 * new (browse's newest first), the expiry notice to come again. Not a sold one.
 */
export async function renewItem(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(items)
    .set({
      isActive: true,
      expiredAt: null,
      expiryWarnedAt: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: sql`${now.toISOString()}::timestamptz + make_interval(days => ${LISTING_ACTIVE_DAYS})`,
    })
    .where(and(eq(items.id, id), eq(items.isSold, false)))
    .returning({ id: items.id });
  return rows.length > 0;
}

/**
 * Claims the day's price-drop notice of an item: true (and stamped) when none went out in the last
 * 24 hours. One statement, so two quick edits never both notify.
 */
export async function claimPriceDropNotice(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(items)
    .set({ priceDropNotifiedAt: now })
    .where(
      and(
        eq(items.id, id),
        or(
          isNull(items.priceDropNotifiedAt),
          sql`${items.priceDropNotifiedAt} <= ${now.toISOString()}::timestamptz - interval '1 day'`,
        ),
      ),
    )
    .returning({ id: items.id });
  return rows.length > 0;
}

/** Who saved the item, but not its seller, nor anyone with a block between them and the seller. */
export async function findFavouritersOf(db: Db, itemId: string, sellerId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: favourites.userId })
    .from(favourites)
    .where(
      and(
        eq(favourites.itemId, itemId),
        sql`${favourites.userId} <> ${sellerId}`,
        sql`not ${isBlockedBetween(sellerId, favourites.userId)}`,
      ),
    );
  return rows.map((row) => row.userId);
}
