import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { savedSearches } from "../../db/schema";

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export async function findSavedSearchesOf(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function countSavedSearchesOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.count ?? 0;
}

export async function insertSavedSearch(
  db: Db,
  values: Pick<SavedSearchRow, "userId" | "name" | "search" | "category" | "college" | "searchForms">,
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  if (!row) throw new Error("saved search insert returned nothing");
  return row;
}

export async function findSavedSearch(db: Db, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id)).limit(1);
  return row;
}

export async function deleteSavedSearch(db: Db, id: string, userId: string): Promise<void> {
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

/** The student opened the search: its new matches are seen. */
export async function markSavedSearchSeen(
  db: Db,
  id: string,
  userId: string,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ unseenCount: 0, seenAt: new Date() })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

/** Searches saved before their forms were kept (search_forms null), a batch at a time. */
export async function findSavedSearchesWithoutForms(
  db: Db,
  limit: number,
): Promise<Pick<SavedSearchRow, "id" | "search">[]> {
  return db
    .select({ id: savedSearches.id, search: savedSearches.search })
    .from(savedSearches)
    .where(isNull(savedSearches.searchForms))
    .limit(limit);
}

export async function setSavedSearchForms(db: Db, id: string, forms: string[][]): Promise<void> {
  await db.update(savedSearches).set({ searchForms: forms }).where(eq(savedSearches.id, id));
}
