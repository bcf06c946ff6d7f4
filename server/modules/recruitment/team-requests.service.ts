import { RECRUITMENT_MESSAGES, TEAM_PENDING_MAX, type TeamRequest } from "@shared/api/recruitment";
import { TEAM_MESSAGES } from "@shared/team-constants";
import type { AppContext } from "../../context";
import { lockUser } from "../../db/locks";
import { isSuspended, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification, markReadWithin } from "../notifications/notifications.service";
import { isEitherBlocked } from "../trust/blocks.service";
import { canManageRequests, isRecruiter } from "./recruitment.policy";
import * as posts from "./recruitment.repository";
import * as repo from "./team-requests.repository";

function toRequestDto(row: repo.TeamRequestRow, requester: { name: string; college: string }): TeamRequest {
  return {
    id: row.id,
    postId: row.postId,
    requesterId: row.requesterId,
    requesterName: requester.name,
    requesterCollege: requester.college,
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
 * request, more than TEAM_PENDING_MAX pending ones, within TEAM_ASK_AGAIN_HOURS of being declined
 * or removed by the recruiter, and between blocked or suspended students.
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
    const standing = await repo.findStandingRequest(tx, postId, user.id);
    if (standing) {
      const isOpen = standing.status === "pending" || standing.status === "accepted";
      throw new AppError("conflict", isOpen ? TEAM_MESSAGES.alreadyRequested : TEAM_MESSAGES.askAgainLater);
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
  return toRequestDto(row, user);
}

/** The post's pending requests and its members, for the recruiter only. */
export async function listRequests(ctx: AppContext, user: UserRow, postId: string) {
  const found = await posts.findPost(ctx.db, postId);
  if (!found) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
  if (!canManageRequests(user, found.post)) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
  return (await repo.findRequestsOf(ctx.db, postId)).map((row) => toRequestDto(row.request, row.requester));
}

type Answer = "accept" | "decline" | "remove" | "cancel" | "leave";

const FROM: Record<Answer, repo.RequestStatus> = {
  accept: "pending",
  decline: "pending",
  remove: "accepted",
  cancel: "pending",
  leave: "accepted",
};
const TO: Record<Answer, repo.RequestStatus> = {
  accept: "accepted",
  decline: "declined",
  remove: "removed",
  cancel: "cancelled",
  leave: "left",
};
/** The answers that close a pending request: its notice to the recruiter is dealt with. */
const ENDS_PENDING: ReadonlySet<Answer> = new Set(["accept", "decline", "cancel"]);
/** The answers that are the requester's own; the rest are the recruiter's. */
const BY_REQUESTER: ReadonlySet<Answer> = new Set(["cancel", "leave"]);

function conflictOf(answer: Answer): string {
  if (answer === "remove") return TEAM_MESSAGES.notMember;
  if (answer === "leave") return TEAM_MESSAGES.notOnTeam;
  return TEAM_MESSAGES.requestNotPending;
}

/** Who is told of an answer, and in what words; a cancelled request tells nobody. */
function noticeOf(answer: Answer, purpose: string, requesterName: string) {
  switch (answer) {
    case "accept":
      return { to: "requester", text: TEAM_MESSAGES.acceptedNotice(purpose) } as const;
    case "decline":
      return { to: "requester", text: TEAM_MESSAGES.declinedNotice(purpose) } as const;
    case "remove":
      return { to: "requester", text: TEAM_MESSAGES.removedNotice(purpose) } as const;
    case "leave":
      return { to: "recruiter", text: TEAM_MESSAGES.leftNotice(requesterName, purpose) } as const;
    case "cancel":
      return null;
  }
}

/**
 * Moves a request on: the recruiter accepts or declines a pending one, or removes a member; the
 * requester cancels a pending one or leaves the team. The requester is told of the recruiter's
 * answers, and the recruiter of a member leaving.
 */
export async function answerRequest(ctx: AppContext, user: UserRow, requestId: string, answer: Answer) {
  const result = await transactionWithEvents(ctx, async (tx, emit) => {
    const request = await repo.findRequest(tx, requestId);
    if (!request) throw new AppError("not_found", TEAM_MESSAGES.requestNotFound);
    // The post first, then the request: the same order as a new request takes.
    const post = await repo.lockPost(tx, request.postId);
    if (!post) throw new AppError("not_found", RECRUITMENT_MESSAGES.notFound);
    const mayAnswer = BY_REQUESTER.has(answer)
      ? request.requesterId === user.id
      : canManageRequests(user, post);
    if (!mayAnswer) throw new AppError("forbidden", RECRUITMENT_MESSAGES.notYours);
    const current = await repo.findRequest(tx, requestId, true);
    if (current?.status !== FROM[answer]) throw new AppError("conflict", conflictOf(answer));
    if (answer === "accept" && (await repo.countAccepted(tx, post.id)) >= post.maxStudents) {
      throw new AppError("conflict", TEAM_MESSAGES.teamFull);
    }
    const row = await repo.setStatus(tx, requestId, TO[answer]);
    const requester = await repo.findRequester(tx, request.requesterId);
    const notice = noticeOf(answer, post.purpose, requester.name);
    if (ENDS_PENDING.has(answer)) {
      // An answered (or withdrawn) request leaves the recruiter's unread count.
      await markReadWithin(tx, emit, post.recruiterId, {
        teamRequest: { postId: post.id, fromUserId: request.requesterId },
      });
    }
    if (notice) {
      await addNotification(tx, emit, {
        userId: notice.to === "requester" ? request.requesterId : post.recruiterId,
        type: "team_request",
        text: notice.text,
        recruitmentPostId: post.id,
        fromUserId: user.id,
      });
    }
    return { row, requester };
  });
  await announce(ctx);
  return toRequestDto(result.row, result.requester);
}
