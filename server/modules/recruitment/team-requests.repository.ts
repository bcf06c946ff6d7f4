import { TEAM_ASK_AGAIN_HOURS } from "@shared/team-constants";
import { and, asc, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events, recruitmentPosts, teamRequests, users } from "../../db/schema";

export type TeamRequestRow = typeof teamRequests.$inferSelect;
export type RequestStatus = TeamRequestRow["status"];

/** What each card shows about its team, for the viewer. */
export interface TeamFacts {
  eventTitle: string | null;
  members: { id: string; name: string }[];
  pendingCount: number;
  myRequest: { id: string; status: "pending" | "accepted" | "declined" | "removed" } | null;
}

const askAgainAfter = sql.raw(`interval '${TEAM_ASK_AGAIN_HOURS} hours'`);

/**
 * A student's request that stands in the way of a new one to the same post: an open one (pending or
 * accepted), or the recruiter's no (declined or removed) within TEAM_ASK_AGAIN_HOURS.
 */
const isStanding = (status: SQLWrapper, updatedAt: SQLWrapper) =>
  sql`(${status} in ('pending', 'accepted')
    or (${status} in ('declined', 'removed') and ${updatedAt} > now() - ${askAgainAfter}))`;
/** Of a student's standing requests to one post, the open one first. */
const openFirst = (status: SQLWrapper, updatedAt: SQLWrapper) =>
  sql`${status} in ('pending', 'accepted') desc, ${updatedAt} desc`;

const parsed = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

/** The team facts of some posts as the viewer sees them, in one query. */
export async function findTeamFacts(db: Db, postIds: string[], viewerId: string) {
  const facts = new Map<string, TeamFacts>();
  if (postIds.length === 0) return facts;
  const rows = await db
    .select({
      postId: recruitmentPosts.id,
      eventTitle: events.title,
      members: sql<unknown>`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by r.updated_at, r.id)
        from ${teamRequests} r join ${users} u on u.id = r.requester_id
        where r.post_id = "recruitment_posts"."id" and r.status = 'accepted'), '[]'::json)`,
      pendingCount: sql<number>`(select count(*)::int from ${teamRequests} r
        where r.post_id = "recruitment_posts"."id" and r.status = 'pending')`,
      myRequest: sql<unknown>`(select json_build_object('id', r.id, 'status', r.status) from ${teamRequests} r
        where r.post_id = "recruitment_posts"."id" and r.requester_id = ${viewerId}
          and ${isStanding(sql.raw("r.status"), sql.raw("r.updated_at"))}
        order by ${openFirst(sql.raw("r.status"), sql.raw("r.updated_at"))} limit 1)`,
    })
    .from(recruitmentPosts)
    .leftJoin(events, eq(events.id, recruitmentPosts.eventId))
    .where(inArray(recruitmentPosts.id, postIds));
  for (const row of rows) {
    facts.set(row.postId, {
      eventTitle: row.eventTitle,
      members: parsed(row.members),
      pendingCount: row.pendingCount,
      myRequest: row.myRequest ? parsed(row.myRequest) : null,
    });
  }
  return facts;
}

/**
 * Locks the post's row for the rest of the transaction. Requests, answers and size changes all take
 * it before counting the team, so no two of them together overfill it.
 */
export async function lockPost(db: Db, postId: string) {
  const [row] = await db.select().from(recruitmentPosts).where(eq(recruitmentPosts.id, postId)).for("update");
  return row;
}

export async function countAccepted(db: Db, postId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamRequests)
    .where(and(eq(teamRequests.postId, postId), eq(teamRequests.status, "accepted")));
  return row?.n ?? 0;
}

export async function countPendingOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamRequests)
    .where(and(eq(teamRequests.requesterId, userId), eq(teamRequests.status, "pending")));
  return row?.n ?? 0;
}

/** The student's request that stands in the way of a new one to the post (see isStanding), if any. */
export async function findStandingRequest(db: Db, postId: string, userId: string) {
  const [row] = await db
    .select()
    .from(teamRequests)
    .where(
      and(
        eq(teamRequests.postId, postId),
        eq(teamRequests.requesterId, userId),
        isStanding(teamRequests.status, teamRequests.updatedAt),
      ),
    )
    .orderBy(openFirst(teamRequests.status, teamRequests.updatedAt))
    .limit(1);
  return row;
}

export async function insertRequest(db: Db, values: { postId: string; requesterId: string; note: string }) {
  const [row] = await db.insert(teamRequests).values(values).returning();
  if (!row) throw new Error("team request insert returned nothing");
  return row;
}

export async function findRequest(db: Db, id: string, lock = false) {
  const query = db.select().from(teamRequests).where(eq(teamRequests.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function setStatus(db: Db, id: string, status: RequestStatus) {
  const [row] = await db
    .update(teamRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(teamRequests.id, id))
    .returning();
  if (!row) throw new Error("team request update returned nothing");
  return row;
}

/**
 * The post's requests with what the recruiter weighs of each requester (name and college from
 * their profile): pending first (oldest first), then members.
 */
export async function findRequestsOf(db: Db, postId: string) {
  return db
    .select({ request: teamRequests, requester: { name: users.name, college: users.college } })
    .from(teamRequests)
    .innerJoin(users, eq(users.id, teamRequests.requesterId))
    .where(and(eq(teamRequests.postId, postId), inArray(teamRequests.status, ["pending", "accepted"])))
    .orderBy(sql`${teamRequests.status} = 'accepted'`, asc(teamRequests.createdAt), asc(teamRequests.id));
}

/** A requester's name and college as their profile has them. */
export async function findRequester(db: Db, id: string): Promise<{ name: string; college: string }> {
  const [row] = await db
    .select({ name: users.name, college: users.college })
    .from(users)
    .where(eq(users.id, id));
  return row ?? { name: "", college: "" };
}
