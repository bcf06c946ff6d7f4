import { ADMIN_PAGE_SIZE } from "@shared/api/admin";
import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, type UserRow, users } from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";

export interface StudentQuery {
  search?: string;
  from?: string;
  to?: string;
  page: number;
}

export type StudentDetails = Pick<UserRow, "name" | "email" | "mobile" | "city" | "college">;

/**
 * A page of students, newest first, and how many match: text matches a lower-case substring of
 * name, e-mail or mobile; the date range is inclusive in India's calendar.
 */
export async function findStudentsPage(db: Db, query: StudentQuery) {
  const search = query.search?.trim().toLowerCase();
  const joinedOn = sql`(${users.createdAt} at time zone ${CAMPUS_TIME_ZONE})::date`;
  const where = and(
    eq(users.role, "student"),
    isNull(users.deletedAt),
    search
      ? sql`(lower(${users.name}) like ${likePattern(search)} or lower(${users.email}) like ${likePattern(search)} or ${users.mobile} like ${likePattern(search)})`
      : undefined,
    query.from ? sql`${joinedOn} >= ${query.from}::date` : undefined,
    query.to ? sql`${joinedOn} <= ${query.to}::date` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Student accounts that are not deleted. */
export async function countStudents(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "student"), isNull(users.deletedAt)));
  return row?.count ?? 0;
}

/** Whether another account already uses this e-mail address. */
export async function isEmailTakenByAnother(db: Db, email: string, id: string): Promise<boolean> {
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)))
    .limit(1);
  return clash !== undefined;
}

/** The trigger users_college_to_items in docs/database.md also moves a changed college to the items. */
export async function updateStudent(
  db: Db,
  id: string,
  values: StudentDetails & Partial<Pick<UserRow, "collegePending">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Marks an account deleted and ends its sessions. */
export async function markAccountDeleted(db: Db, id: string): Promise<void> {
  await db.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
  await db.delete(sessions).where(eq(sessions.userId, id));
}

/** Sets (a college) or clears (null) the college whose events the student organises. */
export async function setOrganiserCollege(db: Db, id: string, college: string | null) {
  const [row] = await db
    .update(users)
    .set({ organiserCollege: college })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}
