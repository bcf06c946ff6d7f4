import { randomUUID } from "node:crypto";
import {
  normaliseYears,
  RECRUITMENT_MESSAGES,
  RECRUITMENT_PAGE_SIZE,
  type RecruitmentInput,
  type RecruitmentListResponse,
  type RecruitmentPost,
} from "@shared/api/recruitment";
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { chatMembers, chats, recruitmentPosts, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { likePattern } from "../../lib/like-pattern";
import { getThread, sendMessage } from "../chats/chats.service";

type PostRow = typeof recruitmentPosts.$inferSelect;
type PostWithRecruiter = { post: PostRow; recruiterName: string; recruiterCollege: string };

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

function toPostDto({ post, recruiterName, recruiterCollege }: PostWithRecruiter): RecruitmentPost {
  return {
    id: post.id,
    recruiterId: post.recruiterId,
    recruiterName,
    recruiterCollege,
    purpose: post.purpose,
    maxStudents: post.maxStudents,
    event: post.event,
    qualities: post.qualities,
    years: post.years,
    description: post.description,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}

const withRecruiter = { post: recruitmentPosts, recruiterName: users.name, recruiterCollege: users.college };
const isListed = and(eq(recruitmentPosts.isActive, true), isNull(users.deletedAt));

export interface RecruitmentFilters {
  search?: string;
  year?: string;
  sort: keyof typeof SORTS | string;
  college?: string;
}

/** Where a page starts and how long it is. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of the active posts matching the filters, how many match, and how many active posts
 * there are in all; both counts come from one scan.
 */
export async function findPostsPage(
  ctx: AppContext,
  filters: RecruitmentFilters,
  { page, pageSize }: PageRequest,
) {
  const matches = filtersOf(filters);
  const [rows, [counts]] = await Promise.all([
    ctx.db
      .select(withRecruiter)
      .from(recruitmentPosts)
      .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
      .where(and(isListed, matches))
      .orderBy(...(SORTS[filters.sort] ?? SORTS.newest ?? []))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        matching: matches
          ? sql<number>`(count(*) filter (where ${matches}))::int`
          : sql<number>`count(*)::int`,
      })
      .from(recruitmentPosts)
      .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
      .where(isListed),
  ]);
  return { posts: rows.map(toPostDto), total: counts?.total ?? 0, matching: counts?.matching ?? 0 };
}

/** The Teammate Finder's list: a page of RECRUITMENT_PAGE_SIZE posts, like browse's. */
export async function listPosts(
  ctx: AppContext,
  filters: RecruitmentFilters & { page: number },
): Promise<RecruitmentListResponse> {
  const found = await findPostsPage(ctx, filters, { page: filters.page, pageSize: RECRUITMENT_PAGE_SIZE });
  return {
    ...found,
    page: filters.page,
    pageSize: RECRUITMENT_PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(found.matching / RECRUITMENT_PAGE_SIZE)),
  };
}

/** The filters' condition on top of being listed; undefined when there is none. */
function filtersOf(filters: RecruitmentFilters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
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

async function findPost(ctx: AppContext, id: string): Promise<PostWithRecruiter> {
  const [row] = await ctx.db
    .select(withRecruiter)
    .from(recruitmentPosts)
    .innerJoin(users, eq(users.id, recruitmentPosts.recruiterId))
    .where(and(eq(recruitmentPosts.id, id), isListed))
    .limit(1);
  if (!row) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  return row;
}

async function findOwnPost(ctx: AppContext, user: UserRow, id: string): Promise<PostWithRecruiter> {
  const row = await findPost(ctx, id);
  if (row.post.recruiterId !== user.id) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
  return row;
}

function columnsOf(input: RecruitmentInput) {
  return {
    purpose: input.purpose.trim(),
    maxStudents: input.maxStudents,
    event: input.event.trim(),
    qualities: input.qualities.trim(),
    years: normaliseYears(input.years),
    description: input.description.trim(),
  };
}

async function announce(ctx: AppContext): Promise<void> {
  await ctx.bus.publish({ kind: "broadcast", topic: "recruitment.changed" });
}

export async function createPost(ctx: AppContext, user: UserRow, input: RecruitmentInput) {
  const [row] = await ctx.db
    .insert(recruitmentPosts)
    .values({ ...columnsOf(input), recruiterId: user.id })
    .returning({ id: recruitmentPosts.id });
  if (!row) throw new Error("recruitment insert returned nothing");
  await announce(ctx);
  return toPostDto(await findPost(ctx, row.id));
}

export async function updatePost(ctx: AppContext, user: UserRow, id: string, input: RecruitmentInput) {
  await findOwnPost(ctx, user, id);
  await ctx.db
    .update(recruitmentPosts)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(recruitmentPosts.id, id));
  await announce(ctx);
  return toPostDto(await findPost(ctx, id));
}

export async function deletePost(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await findOwnPost(ctx, user, id);
  await ctx.db.delete(recruitmentPosts).where(eq(recruitmentPosts.id, id));
  await announce(ctx);
}

/**
 * Opens the conversation with a post's recruiter. The first time, it also sends the
 * recruitment_inquiry message, which notifies the recruiter (recruitment_message).
 */
export async function messageRecruiter(ctx: AppContext, user: UserRow, postId: string, clientId?: string) {
  const { post } = await findPost(ctx, postId);
  if (post.recruiterId === user.id) throw new AppError("invalid_input", RECRUITMENT_MESSAGES.ownPost);
  const chatId = `recruitment_${user.id}_${post.recruiterId}_${post.id}`;
  const isNew = await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(chats)
      .values({
        id: chatId,
        kind: "recruitment",
        sellerId: post.recruiterId,
        recruitmentPostId: post.id,
        recruitmentPurpose: post.purpose,
      })
      .onConflictDoNothing()
      .returning({ id: chats.id });
    await tx
      .insert(chatMembers)
      .values([
        { chatId, userId: user.id },
        { chatId, userId: post.recruiterId },
      ])
      .onConflictDoNothing();
    return created.length > 0;
  });
  if (isNew) {
    await sendMessage(ctx, user, chatId, {
      type: "recruitment_inquiry",
      clientId: clientId ?? randomUUID(),
      text: `Hi! I'm interested in joining your team for "${post.purpose}".`,
    });
  }
  return (await getThread(ctx, user, chatId)).chat;
}
