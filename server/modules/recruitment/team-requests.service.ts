import { RECRUITMENT_MESSAGES, TEAM_PENDING_MAX, type TeamRequest } from "@shared/api/recruitment";
import { TEAM_MESSAGES } from "@shared/team-constants";
import type { AppContext } from "../../context";
import { lockUser } from "../../db/locks";
import { isSuspended, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { isEitherBlocked } from "../blocks/blocks.repository";
import { addNotification } from "../notifications/notifications.service";
import { canManageRequests, isRecruiter } from "./recruitment.policy";
import * as posts from "./recruitment.repository";
import * as repo from "./team-requests.repository";

function toRequestDto(row: repo.TeamRequestRow, requesterName: string): TeamRequest {
  return {
    id: row.id,
    postId: row.postId,
    requesterId: row.requesterId,
    requesterName,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

async function announce(ctx: AppContext): Promise<void> {
  await ctx.bus.publish({ kind: "broadcast", topic: "recruitment.changed" });
}

/**
 * 'Request to Join' with an optional note. Refused for one's own post, a full team, a second open
 * request, more than TEAM_PENDING_MAX pending ones, and between blocked or suspended students.
 */
export async function requestToJoin(ctx: AppContext, user: UserRow, postId: string, note: string) {
  const found = await posts.findPost(ctx.db, postId);
  if (!found) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  if (isRecruiter(user, found.post)) throw new AppError("invalid_input", TEAM_MESSAGES.ownPostRequest);
  if (isSuspended(user) || (await isEitherBlocked(ctx.db, user.id, found.post.recruiterId))) {
    throw new AppError("forbidden", TEAM_MESSAGES.cannotRequest);
  }
  const row = await transactionWithEvents(ctx, async (tx, emit) => {
    const post = await repo.lockPost(tx, postId);
    if (!post?.isActive) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
    if ((await repo.countAccepted(tx, postId)) >= post.maxStudents) {
      throw new AppError("conflict", TEAM_MESSAGES.teamFull);
    }
    await lockUser(tx, user.id);
    if (await repo.findOpenRequest(tx, postId, user.id)) {
      throw new AppError("conflict", TEAM_MESSAGES.alreadyRequested);
    }
    if ((await repo.countPendingOf(tx, user.id)) >= TEAM_PENDING_MAX) {
      throw new AppError("conflict", TEAM_MESSAGES.tooManyPending);
    }
    const inserted = await repo.insertRequest(tx, { postId, requesterId: user.id, note: note.trim() });
    await addNotification(tx, emit, {
      userId: post.recruiterId,
      type: "team_request",
      text: TEAM_MESSAGES.requestedNotice(user.name, post.purpose),
      recruitmentPostId: post.id,
      fromUserId: user.id,
    });
    return inserted;
  });
  await announce(ctx);
  return toRequestDto(row, user.name);
}

/** The post's pending requests and its members, for the recruiter only. */
export async function listRequests(ctx: AppContext, user: UserRow, postId: string) {
  const found = await posts.findPost(ctx.db, postId);
  if (!found) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  if (!canManageRequests(user, found.post)) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
  return (await repo.findRequestsOf(ctx.db, postId)).map((row) =>
    toRequestDto(row.request, row.requesterName),
  );
}

type Answer = "accept" | "decline" | "remove" | "cancel";

const FROM: Record<Answer, repo.RequestStatus> = {
  accept: "pending",
  decline: "pending",
  remove: "accepted",
  cancel: "pending",
};
const TO: Record<Answer, repo.RequestStatus> = {
  accept: "accepted",
  decline: "declined",
  remove: "removed",
  cancel: "cancelled",
};

/**
 * Moves a request on: the recruiter accepts or declines a pending one, or removes a member; the
 * requester cancels a pending one. The requester is told of the recruiter's answers.
 */
export async function answerRequest(ctx: AppContext, user: UserRow, requestId: string, answer: Answer) {
  const result = await transactionWithEvents(ctx, async (tx, emit) => {
    const request = await repo.findRequest(tx, requestId);
    if (!request) throw new AppError("not_found", TEAM_MESSAGES.requestNotFound);
    // The post first, then the request: the same order as a new request takes.
    const post = await repo.lockPost(tx, request.postId);
    if (!post) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
    const mayAnswer = answer === "cancel" ? request.requesterId === user.id : canManageRequests(user, post);
    if (!mayAnswer) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
    const current = await repo.findRequest(tx, requestId, true);
    if (current?.status !== FROM[answer]) {
      const message = answer === "remove" ? TEAM_MESSAGES.notMember : TEAM_MESSAGES.requestNotPending;
      throw new AppError("conflict", message);
    }
    if (answer === "accept" && (await repo.countAccepted(tx, post.id)) >= post.maxStudents) {
      throw new AppError("conflict", TEAM_MESSAGES.teamFull);
    }
    const row = await repo.setStatus(tx, requestId, TO[answer]);
    const notice =
      answer === "accept"
        ? TEAM_MESSAGES.acceptedNotice(post.purpose)
        : answer === "decline"
          ? TEAM_MESSAGES.declinedNotice(post.purpose)
          : answer === "remove"
            ? TEAM_MESSAGES.removedNotice(post.purpose)
            : null;
    if (notice) {
      await addNotification(tx, emit, {
        userId: request.requesterId,
        type: "team_request",
        text: notice,
        recruitmentPostId: post.id,
        fromUserId: user.id,
      });
    }
    return { row, requesterName: await repo.findUserName(tx, request.requesterId) };
  });
  await announce(ctx);
  return toRequestDto(result.row, result.requesterName);
}
