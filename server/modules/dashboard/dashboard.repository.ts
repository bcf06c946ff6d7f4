import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { follows, items } from "../../db/schema";

export async function countItemsBySeller(
  db: Db,
  sellerId: string,
): Promise<{ sold: number; selling: number }> {
  const [row] = await db
    .select({
      sold: sql<number>`count(*) filter (where not ${items.isActive})::int`,
      selling: sql<number>`count(*) filter (where ${items.isActive})::int`,
    })
    .from(items)
    .where(eq(items.sellerId, sellerId));
  return row ?? { sold: 0, selling: 0 };
}

export async function countFollowers(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .where(and(eq(follows.followeeId, userId)));
  return row?.count ?? 0;
}

/** The user's latest items, the source of Recent Activity. */
export async function latestItemsOf(db: Db, sellerId: string, limit = 5) {
  return db
    .select({
      id: items.id,
      productName: items.productName,
      price: items.price,
      isActive: items.isActive,
      createdAt: items.createdAt,
      soldAt: items.soldAt,
    })
    .from(items)
    .where(eq(items.sellerId, sellerId))
    .orderBy(desc(sql`coalesce(${items.soldAt}, ${items.createdAt})`))
    .limit(limit);
}
