import type { CityColleges } from "@shared/colleges";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { colleges } from "../../db/schema";

/** The directory grouped by city, cities and colleges in alphabetical order. */
export async function listCollegesByCity(db: Db): Promise<CityColleges[]> {
  const rows = await db
    .select({ id: colleges.id, city: colleges.city, name: colleges.name })
    .from(colleges)
    .orderBy(asc(colleges.city), asc(colleges.name));
  const byCity = new Map<string, CityColleges>();
  for (const row of rows) {
    const entry = byCity.get(row.city) ?? { city: row.city, colleges: [] };
    entry.colleges.push({ id: row.id, name: row.name });
    byCity.set(row.city, entry);
  }
  return [...byCity.values()];
}

export async function countColleges(db: Db): Promise<{ cities: number; colleges: number }> {
  const [row] = await db
    .select({
      cities: sql<number>`count(distinct ${colleges.city})::int`,
      colleges: sql<number>`count(*)::int`,
    })
    .from(colleges);
  return row ?? { cities: 0, colleges: 0 };
}

/** Adds colleges that are not listed yet; existing ones stay as they are. */
export async function insertColleges(db: Db, entries: { city: string; name: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(colleges).values(entries).onConflictDoNothing();
}

export type CollegeRow = typeof colleges.$inferSelect;

/** Adds one college; undefined when the directory already lists it. */
export async function insertCollege(
  db: Db,
  entry: { city: string; name: string },
): Promise<CollegeRow | undefined> {
  const [row] = await db.insert(colleges).values(entry).onConflictDoNothing().returning();
  return row;
}

/** Removes one college; returns it, or undefined when it was already gone. */
export async function deleteCollege(db: Db, id: string): Promise<CollegeRow | undefined> {
  const [row] = await db.delete(colleges).where(eq(colleges.id, id)).returning();
  return row;
}
