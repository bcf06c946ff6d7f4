import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  events,
  isBlockedBetween,
  isSuspendedSql,
  recruitmentPosts,
  teamRequests,
  users,
} from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";

export type PostRow = typeof recruitmentPosts.$inferSelect;
export type PostWithRecruiter = { post: PostRow; recruiterName: string; recruiterCollege: string };
export type PostColumns = Pick<
  typeof recruitmentPosts.$inferInsert,
  "purpose" | "maxStudents" | "event" | "qualities" | "years" | "description" | "eventId" | "eventCancelled"
>;

// Each ends with the id, so a page boundary never falls between two equal posts differently twice.
const SORTS: Record<string, SQL[]> = {
  newest: [desc(recruitmentPosts.createdAt), desc(recruitmentPosts.id)],
  oldest: [asc(recruitmentPosts.createdAt), asc(recruitmentPosts.id)],
  "size-asc": [
    asc(recruitmentPosts.maxStudents),
    desc(recruitmentPosts.createdAt),
    desc(recruitmentPosts.id),
  ],
  "size-desc": [
    desc(recruitmentPosts.maxStudents),
    desc(recruitmentPosts.createdAt),
    desc(recruitmentPosts.id),
  ],
};

const withRecruiter = { post: recruitmentPosts, recruiterName: users.name, recruiterCollege: users.college };
// A suspended recruiter's posts are hidden until the suspension ends.
const isListed = and(
  eq(recruitmentPosts.isActive, true),
  isNull(users.deletedAt),
  sql`not ${isSuspendedSql}`,
);

export interface RecruitmentFilters {
  search?: string;
  year?: string;
  sort: keyof typeof SORTS | string;
  college?: string;
  /** 'Show full teams'; without it, full teams leave the list. */
  showFull?: "true" | "false";
  eventId?: string;
  /** One post by id; the other filters are then ignored. */
  id?: string;
  /** 'My teams' (with `viewerId`): the viewer's own posts and the teams they are on, full or not. */
  mine?: "true" | "false";
}

/** The team still takes members. */
const isOpen = sql`(select count(*) from ${teamRequests} r where r.post_id = "recruitment_posts"."id" and r.status = 'accepted') < ${recruitmentPosts.maxStudents}`;

/** Where a page starts and how long it is. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The viewer recruits for the post's team or is a member of it. */
const isTeamOf = (viewerId: string) =>
  sql`(${recruitmentPosts.recruiterId} = ${viewerId} or exists (select 1 from ${teamRequests} r
    where r.post_id = "recruitment_posts"."id" and r.requester_id = ${viewerId} and r.status = 'accepted'))`;

/** The filters' condition on top of being listed; undefined when there is none. */
function filtersOf(filters: RecruitmentFilters, viewerId?: string): SQL | undefined {
  if (filters.id) return eq(recruitmentPosts.id, filters.id);
  if (filters.mine === "true") return viewerId ? isTeamOf(viewerId) : sql`false`;
  const search = filters.search?.trim();
  return and(
    // A full team stays in its own recruiter's and members' list.
    filters.showFull === "false"
      ? viewerId
        ? sql`(${isOpen} or ${isTeamOf(viewerId)})`
        : isOpen
      : undefined,
    filters.eventId ? eq(recruitmentPosts.eventId, filters.eventId) : undefined,
    filters.college ? eq(users.college, filters.college) : undefined,
    // A post open to any year suits every year.
    filters.year
      ? sql`(${recruitmentPosts.years} ? ${filters.year} or ${recruitmentPosts.years} ? 'Any Year')`
      : undefined,
    search
      ? sql`(${recruitmentPosts.purpose} ilike ${likePattern(search)} or ${recruitmentPosts.event} ilike ${likePattern(search)} or ${recruitmentPosts.qualities} ilike ${likePattern(search)} or ${recruitmentPosts.description} ilike ${likePattern(search)} or ${users.name} ilike ${likePattern(search)})`
      : undefined,
  );
}

/**
 * One page of the active posts matching the filters, how many match, and how many active posts
 * there are in all; both counts come from one scan. With `viewerId`, the posts of anyone the
 * viewer blocked or who blocked the viewer are left out (the Teammate Finder; not the admin list).
 */
export async function findPostsPage(
  db: Db,
  filters: RecruitmentFilters,
  { page, pageSize }: PageRequest,
  viewerId?: string,
) {
  const matches = filtersOf(filters, viewerId);
  const listed = and(
    isListed,
    viewerId ? sql`not ${isBlockedBetween(viewerId, recruitmentPosts.recruiterId)}` : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select(withRecruiter)
      .from(recruitmentPosts)
      .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
      .where(and(listed, matches))
      .orderBy(...(SORTS[filters.sort] ?? SORTS.newest ?? []))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: sql<number>`count(*)::int`,
        matching: matches
          ? sql<number>`(count(*) filter (where ${matches}))::int`
          : sql<number>`count(*)::int`,
      })
      .from(recruitmentPosts)
      .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
      .where(listed),
  ]);
  return { rows, total: counts?.total ?? 0, matching: counts?.matching ?? 0 };
}

/** A listed post with its recruiter, unless the post or the recruiter's account is gone. */
export async function findPost(db: Db, id: string): Promise<PostWithRecruiter | undefined> {
  const [row] = await db
    .select(withRecruiter)
    .from(recruitmentPosts)
    .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
    .where(and(eq(recruitmentPosts.id, id), isListed))
    .limit(1);
  return row;
}

export async function insertPost(db: Db, recruiterId: string, columns: PostColumns): Promise<string> {
  const [row] = await db
    .insert(recruitmentPosts)
    .values({ ...columns, recruiterId })
    .returning({ id: recruitmentPosts.id });
  if (!row) throw new Error("recruitment insert returned nothing");
  return row.id;
}

export async function updatePost(db: Db, id: string, columns: PostColumns): Promise<void> {
  await db
    .update(recruitmentPosts)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(recruitmentPosts.id, id));
}

/** Deletes a post; returns it, or undefined when it was already gone. */
export async function deletePost(db: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await db.delete(recruitmentPosts).where(eq(recruitmentPosts.id, id)).returning();
  return row;
}

/** Whether an event exists and has not begun (in India): a post may link to it. */
export async function isUpcomingEvent(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        isNull(events.cancelledAt),
        sql`(${events.date} + ${events.time}::time) >= (now() at time zone ${CAMPUS_TIME_ZONE})`,
      ),
    );
  return row !== undefined;
}

/** Removes a cancelled event's link from its posts, marking them; returns how many. */
export async function unlinkEvent(db: Db, eventId: string): Promise<number> {
  const rows = await db
    .update(recruitmentPosts)
    .set({ eventId: null, eventCancelled: true })
    .where(eq(recruitmentPosts.eventId, eventId))
    .returning({ id: recruitmentPosts.id });
  return rows.length;
}
