import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES } from "@shared/api/admin";
import {
  normaliseYears,
  RECRUITMENT_MESSAGES,
  RECRUITMENT_PAGE_SIZE,
  type RecruitmentInput,
  type RecruitmentListResponse,
  type RecruitmentPost,
} from "@shared/api/recruitment";
import { TEAM_MESSAGES } from "@shared/team-constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { getThread, openChat, sendMessage } from "../chats/chats.service";
import { addNotification } from "../notifications/notifications.service";
import { assertMayMessage } from "../trust/blocks.service";
import {
  canDeletePost,
  canEditPost,
  canMessageRecruiter,
  canRemovePost,
  recruitmentAbilities,
} from "./recruitment.policy";
import * as repo from "./recruitment.repository";
import { countAccepted, findTeamFacts, lockPost, type TeamFacts } from "./team-requests.repository";

export type { PageRequest, RecruitmentFilters } from "./recruitment.repository";

type Viewer = Pick<UserRow, "id">;

const NO_TEAM: TeamFacts = { eventTitle: null, members: [], pendingCount: 0, myRequest: null };

function toPostDto(
  { post, recruiterName, recruiterCollege }: repo.PostWithRecruiter,
  viewer: Viewer,
  team: TeamFacts = NO_TEAM,
): RecruitmentPost {
  const isFull = team.members.length >= post.maxStudents;
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
    abilities: recruitmentAbilities(viewer, post, { isFull, hasOpenRequest: team.myRequest !== null }),
    eventId: post.eventId,
    eventTitle: team.eventTitle,
    eventCancelled: post.eventCancelled,
    members: team.members,
    acceptedCount: team.members.length,
    isFull,
    pendingCount: post.recruiterId === viewer.id ? team.pendingCount : 0,
    myRequest: team.myRequest,
  };
}

/** Posts as the viewer sees them, with their teams. */
async function toPostDtos(ctx: AppContext, rows: repo.PostWithRecruiter[], viewer: Viewer) {
  const facts = await findTeamFacts(
    ctx.db,
    rows.map((row) => row.post.id),
    viewer.id,
  );
  return rows.map((row) => toPostDto(row, viewer, facts.get(row.post.id)));
}

async function loadPostDto(ctx: AppContext, id: string, viewer: Viewer) {
  const [dto] = await toPostDtos(ctx, [await loadPost(ctx, id)], viewer);
  if (!dto) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  return dto;
}

/**
 * One page of the active posts matching the filters as the viewer sees them, how many match, and
 * how many active posts there are in all.
 */
export async function findPostsPage(
  ctx: AppContext,
  viewer: Viewer,
  filters: repo.RecruitmentFilters,
  page: repo.PageRequest,
  hideBlocked = false,
) {
  const { rows, total, matching } = await repo.findPostsPage(
    ctx.db,
    filters,
    page,
    hideBlocked ? viewer.id : undefined,
  );
  return { posts: await toPostDtos(ctx, rows, viewer), total, matching };
}

/** The Teammate Finder's list: a page of RECRUITMENT_PAGE_SIZE posts, like browse's. */
export async function listPosts(
  ctx: AppContext,
  viewer: Viewer,
  filters: repo.RecruitmentFilters & { page: number },
): Promise<RecruitmentListResponse> {
  const found = await findPostsPage(
    ctx,
    viewer,
    filters,
    { page: filters.page, pageSize: RECRUITMENT_PAGE_SIZE },
    true,
  );
  return {
    ...found,
    page: filters.page,
    pageSize: RECRUITMENT_PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(found.matching / RECRUITMENT_PAGE_SIZE)),
  };
}

async function loadPost(ctx: AppContext, id: string): Promise<repo.PostWithRecruiter> {
  const row = await repo.findPost(ctx.db, id);
  if (!row) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  return row;
}

function columnsOf(input: RecruitmentInput): repo.PostColumns {
  return {
    purpose: input.purpose.trim(),
    maxStudents: input.maxStudents,
    event: input.event.trim(),
    qualities: input.qualities.trim(),
    years: normaliseYears(input.years),
    description: input.description.trim(),
    eventId: input.eventId ?? null,
    // Linking an event again ends 'The event was cancelled.'
    ...(input.eventId ? { eventCancelled: false } : {}),
  };
}

/** A linked event must be upcoming, unless the post already links to it. */
async function assertLinkable(ctx: AppContext, input: RecruitmentInput, current?: repo.PostRow) {
  if (!input.eventId || input.eventId === current?.eventId) return;
  if (!(await repo.isUpcomingEvent(ctx.db, input.eventId))) {
    throw new AppError("invalid_input", TEAM_MESSAGES.linkedEventGone);
  }
}

async function announce(ctx: AppContext): Promise<void> {
  await ctx.bus.publish({ kind: "broadcast", topic: "recruitment.changed" });
}

export async function createPost(ctx: AppContext, user: UserRow, input: RecruitmentInput) {
  await assertLinkable(ctx, input);
  const id = await repo.insertPost(ctx.db, user.id, columnsOf(input));
  await announce(ctx);
  return loadPostDto(ctx, id, user);
}

export async function updatePost(ctx: AppContext, user: UserRow, id: string, input: RecruitmentInput) {
  const { post } = await loadPost(ctx, id);
  if (!canEditPost(user, post)) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
  await assertLinkable(ctx, input, post);
  await ctx.db.transaction(async (tx) => {
    // The team may grow or shrink, but never below its accepted members: counted under the post's
    // lock, which an accept takes too, so a smaller size and an accept cannot both pass.
    if (!(await lockPost(tx, id))) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
    const accepted = await countAccepted(tx, id);
    if (input.maxStudents < accepted) {
      throw new AppError("invalid_input", TEAM_MESSAGES.sizeBelowTeam(accepted));
    }
    await repo.updatePost(tx, id, columnsOf(input));
  });
  await announce(ctx);
  return loadPostDto(ctx, id, user);
}

export async function deletePost(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { post } = await loadPost(ctx, id);
  if (!canDeletePost(user, post)) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
  await repo.deletePost(ctx.db, id);
  await announce(ctx);
}

/**
 * Opens the conversation with a post's recruiter. The first time, it also sends the
 * recruitment_inquiry message, which notifies the recruiter (recruitment_message).
 */
export async function messageRecruiter(ctx: AppContext, user: UserRow, postId: string, clientId?: string) {
  const { post } = await loadPost(ctx, postId);
  if (!canMessageRecruiter(user, post)) throw new AppError("invalid_input", RECRUITMENT_MESSAGES.ownPost);
  await assertMayMessage(ctx.db, user.id, post.recruiterId);
  const chatId = `recruitment_${user.id}_${post.recruiterId}_${post.id}`;
  const isNew = await openChat(
    ctx,
    {
      id: chatId,
      kind: "recruitment",
      sellerId: post.recruiterId,
      recruitmentPostId: post.id,
      recruitmentPurpose: post.purpose,
    },
    [user.id, post.recruiterId],
  );
  if (isNew) {
    await sendMessage(ctx, user, chatId, {
      type: "recruitment_inquiry",
      clientId: clientId ?? randomUUID(),
      text: `Hi! I'm interested in joining your team for "${post.purpose}".`,
    });
  }
  return (await getThread(ctx, user, chatId)).chat;
}

/** Every active post, newest first, a page at a time (the admin panel's list). */
export async function listActivePosts(ctx: AppContext, viewer: UserRow, page: repo.PageRequest) {
  if (!canRemovePost(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const { posts, total } = await findPostsPage(ctx, viewer, { sort: "newest" }, page);
  return { posts, total };
}

/** The administrator removes a post for breaking the rules and tells its author, in one transaction. */
export async function removePost(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  if (!canRemovePost(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const post = await repo.deletePost(tx, id);
    if (!post) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
    await addNotification(tx, emit, {
      userId: post.recruiterId,
      type: "admin",
      text: ADMIN_MESSAGES.recruitmentRemovedNotice(post.purpose),
      recruitmentPostId: post.id,
    });
    await recordAudit(
      tx,
      admin,
      "recruitment.delete",
      { type: "recruitment_post", id },
      { purpose: post.purpose },
    );
  });
  await announce(ctx);
}

/**
 * Unlinks the teams of a cancelled event, inside the caller's transaction: each card then says
 * 'The event was cancelled.' instead of linking to it.
 */
export function unlinkCancelledEvent(tx: Db, eventId: string): Promise<number> {
  return repo.unlinkEvent(tx, eventId);
}
