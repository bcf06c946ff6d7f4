import type { CityColleges } from "@shared/colleges";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { collegeAliases, collegeDomains, collegeRequests, colleges, users } from "../../db/schema";

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

/** The directory's college a student's profile names (city and name), else the first of that name. */
export async function findCollegeNamed(
  db: Db,
  city: string,
  name: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: colleges.id, name: colleges.name })
    .from(colleges)
    .where(eq(colleges.name, name))
    .orderBy(sql`${colleges.city} = ${city} desc`, asc(colleges.id))
    .limit(1);
  return row;
}

export async function findCollege(db: Db, id: string): Promise<CollegeRow | undefined> {
  const [row] = await db.select().from(colleges).where(eq(colleges.id, id)).limit(1);
  return row;
}

/** A college's e-mail domains, in alphabetical order. */
export async function domainsOfCollege(db: Db, collegeId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: collegeDomains.domain })
    .from(collegeDomains)
    .where(eq(collegeDomains.collegeId, collegeId))
    .orderBy(asc(collegeDomains.domain));
  return rows.map((row) => row.domain);
}

/** Every domain with its college (the admin panel's Colleges tab). */
export async function listDomains(db: Db): Promise<{ domain: string; collegeId: string }[]> {
  return db
    .select({ domain: collegeDomains.domain, collegeId: collegeDomains.collegeId })
    .from(collegeDomains)
    .orderBy(asc(collegeDomains.domain));
}

/** The college a domain belongs to, when one does. */
export async function findDomain(db: Db, domain: string) {
  const [row] = await db
    .select({
      domain: collegeDomains.domain,
      collegeId: collegeDomains.collegeId,
      collegeName: colleges.name,
    })
    .from(collegeDomains)
    .innerJoin(colleges, eq(colleges.id, collegeDomains.collegeId))
    .where(eq(collegeDomains.domain, domain))
    .limit(1);
  return row;
}

/** Gives a college a domain; false when the domain already belongs to a college. */
export async function insertDomain(db: Db, collegeId: string, domain: string): Promise<boolean> {
  const rows = await db
    .insert(collegeDomains)
    .values({ collegeId, domain })
    .onConflictDoNothing()
    .returning({ domain: collegeDomains.domain });
  return rows.length > 0;
}

/** Gives domains to colleges where neither is taken yet (the demo seed). */
export async function insertDomains(db: Db, entries: { collegeId: string; domain: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(collegeDomains).values(entries).onConflictDoNothing();
}

/** Takes a domain from a college; false when the college did not have it. */
export async function deleteDomain(db: Db, collegeId: string, domain: string): Promise<boolean> {
  const rows = await db
    .delete(collegeDomains)
    .where(and(eq(collegeDomains.collegeId, collegeId), eq(collegeDomains.domain, domain)))
    .returning({ domain: collegeDomains.domain });
  return rows.length > 0;
}

/** Every college with its short names, for the picker's search (the directory is a few hundred rows). */
export async function listSearchEntries(
  db: Db,
): Promise<{ id: string; city: string; name: string; aliases: string[] }[]> {
  const [rows, aliases] = await Promise.all([
    db
      .select({ id: colleges.id, city: colleges.city, name: colleges.name })
      .from(colleges)
      .orderBy(asc(colleges.city), asc(colleges.name)),
    db
      .select({ collegeId: collegeAliases.collegeId, alias: collegeAliases.alias })
      .from(collegeAliases)
      .orderBy(asc(collegeAliases.alias)),
  ]);
  const byCollege = new Map<string, string[]>();
  for (const row of aliases)
    byCollege.set(row.collegeId, [...(byCollege.get(row.collegeId) ?? []), row.alias]);
  return rows.map((row) => ({ ...row, aliases: byCollege.get(row.id) ?? [] }));
}

/** Every short name with its college (the admin panel's Colleges tab), in alphabetical order. */
export async function listAliases(db: Db): Promise<{ alias: string; collegeId: string }[]> {
  return db
    .select({ alias: collegeAliases.alias, collegeId: collegeAliases.collegeId })
    .from(collegeAliases)
    .orderBy(asc(collegeAliases.alias), asc(collegeAliases.collegeId));
}

/** Gives a college a short name; false when it already has that name in any case. */
export async function insertAlias(db: Db, collegeId: string, alias: string): Promise<boolean> {
  const rows = await db
    .insert(collegeAliases)
    .values({ collegeId, alias })
    .onConflictDoNothing()
    .returning({ alias: collegeAliases.alias });
  return rows.length > 0;
}

/** Short names for colleges (the directory's seed); ones a college has already are kept. */
export async function insertAliases(db: Db, entries: { collegeId: string; alias: string }[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(collegeAliases).values(entries).onConflictDoNothing();
}

/** Takes a short name from a college, whatever its case; the removed spelling, or undefined. */
export async function deleteAlias(db: Db, collegeId: string, alias: string): Promise<string | undefined> {
  const [row] = await db
    .delete(collegeAliases)
    .where(
      and(eq(collegeAliases.collegeId, collegeId), sql`lower(${collegeAliases.alias}) = lower(${alias})`),
    )
    .returning({ alias: collegeAliases.alias });
  return row?.alias;
}

/** A student's request for a college the directory lacks, waiting for the administrator. */
export async function insertCollegeRequest(db: Db, entry: { userId: string; name: string; city: string }) {
  const [row] = await db.insert(collegeRequests).values(entry).onConflictDoNothing().returning();
  return row;
}

/** The waiting requests, oldest first, with the student who asked. */
export function listPendingRequests(db: Db) {
  return db
    .select({
      id: collegeRequests.id,
      name: collegeRequests.name,
      city: collegeRequests.city,
      status: collegeRequests.status,
      createdAt: collegeRequests.createdAt,
      studentId: users.id,
      studentName: users.name,
      studentEmail: users.email,
    })
    .from(collegeRequests)
    .innerJoin(users, eq(users.id, collegeRequests.userId))
    .where(and(eq(collegeRequests.status, "pending"), sql`${users.deletedAt} is null`))
    .orderBy(asc(collegeRequests.createdAt), asc(collegeRequests.id));
}

/** A request, locked until the decision commits (two administrators' clicks take turns). */
export async function lockCollegeRequest(db: Db, id: string) {
  const [row] = await db.select().from(collegeRequests).where(eq(collegeRequests.id, id)).for("update");
  return row;
}

/** Records the decision on a waiting request; undefined when it was already decided. */
export async function decideCollegeRequest(
  db: Db,
  id: string,
  decision: { status: "added" | "merged"; collegeId: string; decidedBy: string },
) {
  const [row] = await db
    .update(collegeRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(collegeRequests.id, id), eq(collegeRequests.status, "pending")))
    .returning();
  return row;
}

/** The directory's college of this city with this name, whatever its case. */
export async function findCollegeInCity(db: Db, city: string, name: string): Promise<CollegeRow | undefined> {
  const [row] = await db
    .select()
    .from(colleges)
    .where(sql`lower(${colleges.city}) = lower(${city}) and lower(${colleges.name}) = lower(${name})`)
    .limit(1);
  return row;
}

/**
 * Gives a pending student their college and its city and ends 'College pending' (the items
 * trigger copies the college onto their listings). False when the student is gone.
 */
export async function assignPendingCollege(
  db: Db,
  userId: string,
  college: { city: string; name: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ city: college.city, college: college.name, collegePending: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A student's request still waiting for the administrator, or undefined. */
export async function findPendingRequestOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(collegeRequests)
    .where(and(eq(collegeRequests.userId, userId), eq(collegeRequests.status, "pending")))
    .limit(1);
  return row;
}

/** A student's waiting request, locked until the caller's transaction commits (Edit User's college). */
export async function lockPendingRequestOf(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(collegeRequests)
    .where(and(eq(collegeRequests.userId, userId), eq(collegeRequests.status, "pending")))
    .limit(1)
    .for("update");
  return row;
}

/** The waiting requests of these students (the Users tab's 'College pending'), one each at most. */
export function findPendingRequestsOf(db: Db, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: collegeRequests.userId, name: collegeRequests.name, city: collegeRequests.city })
    .from(collegeRequests)
    .where(and(inArray(collegeRequests.userId, userIds), eq(collegeRequests.status, "pending")));
}

/** 'College pending' for a student who asked from Settings; their college stays until the decision. */
export async function markCollegePending(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ collegePending: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
