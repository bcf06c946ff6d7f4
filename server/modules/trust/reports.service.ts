import { randomBytes } from "node:crypto";
import path from "node:path";
import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type {
  CreateReportBody,
  ModerationActionBody,
  ReportGroup,
  ReportQueueResponse,
} from "@shared/api/reports";
import {
  formatSuspensionEnd,
  MODERATION_TEXTS,
  type ModerationAction,
  REPORT_OUTCOME_TEXTS,
  REPORT_TEXTS,
  type ReportTargetType,
  SUSPENSION_DAYS,
  type SuspensionDuration,
} from "@shared/reports-constants";
import type { AppContext } from "../../context";
import type { ReportEvidence, ReportRow, UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { EVIDENCE_BUCKET } from "../../plugins/storage";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { deleteReportedItem } from "../items/moderation.service";
import { addNotification } from "../notifications/notifications.service";
import { openTicketsOfPurpose } from "../tickets/tickets.service";
import { fileUrl, releaseImage } from "../uploads/uploads.service";
import { toCreatedReport, toReportGroup } from "./reports.mapper";
import { canBeModerated, canModerate, canReport, canReportMessage } from "./reports.policy";
import * as repo from "./reports.repository";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The target of a new report: who owns it, and what the report keeps of it (a reported photo
 * message names its photo in the private chats bucket).
 */
async function resolveTarget(
  ctx: AppContext,
  reporter: UserRow,
  body: CreateReportBody,
): Promise<{ ownerId: string; evidence: ReportEvidence; chatPhotoKey?: string | null }> {
  const notFound = () => new AppError("not_found", REPORT_TEXTS.notFound);
  if (body.targetType === "listing") {
    const item = await repo.findListing(ctx.db, body.targetId);
    if (!item) throw notFound();
    if (!canReport(reporter, { ownerId: item.sellerId }))
      throw new AppError("invalid_input", REPORT_TEXTS.ownListing);
    return {
      ownerId: item.sellerId,
      evidence: {
        listing: {
          productName: item.productName,
          price: item.price,
          productImage: item.productImage,
          category: item.category,
        },
      },
    };
  }
  if (body.targetType === "user") {
    const person = await repo.findPerson(ctx.db, body.targetId);
    // The administrator is the one who reads reports: students cannot report that account, and
    // learn nothing about it (the same answer as an id that names nobody).
    if (!person || person.role === "admin") throw notFound();
    if (!canReport(reporter, { ownerId: person.id })) throw new AppError("invalid_input", REPORT_TEXTS.self);
    return { ownerId: person.id, evidence: {} };
  }
  if (body.targetType === "rating") {
    // Reviews are shown on public profiles: any student may report one, but not their own.
    const found = await repo.findRating(ctx.db, body.targetId);
    if (!found) throw notFound();
    const { rating } = found;
    if (!canReport(reporter, { ownerId: rating.raterId }))
      throw new AppError("invalid_input", "You cannot report your own review.");
    return {
      ownerId: rating.raterId,
      evidence: {
        // Kept as the moderator's view shows a message: who wrote it, and what.
        messages: [
          {
            id: rating.id,
            senderId: rating.raterId,
            senderName: found.raterName,
            type: "rating",
            text: `${rating.stars} of 5 stars for ${rating.itemName}${rating.comment ? `: ${rating.comment}` : ""}`,
            offerPrice: null,
            createdAt: rating.createdAt.toISOString(),
            isReported: true,
          },
        ],
      },
    };
  }
  const found = await repo.findMessage(ctx.db, body.targetId);
  // Someone outside the chat learns nothing about its messages.
  if (!found?.members.includes(reporter.id)) throw notFound();
  // The app's deal lines carry the seller as sender, but are not the seller's words to answer for.
  if (found.message.type === "system") throw new AppError("invalid_input", REPORT_TEXTS.automaticLine);
  if (!canReportMessage(reporter, { senderId: found.message.senderId, members: found.members }))
    throw new AppError("invalid_input", REPORT_TEXTS.ownMessage);
  return {
    ownerId: found.message.senderId,
    evidence: {
      chatId: found.message.chatId,
      messages: await repo.findMessageWithNeighbours(ctx.db, found.message),
    },
    chatPhotoKey: found.message.type === "photo" ? found.message.photoKey : null,
  };
}

/**
 * Copies a reported chat photo into the evidence bucket, so that deleting the chat, the message or
 * the sender's account (which removes the original) leaves the administrator's evidence whole.
 * Returns the copy's key; null when the original is already gone.
 */
async function keepEvidencePhoto(ctx: AppContext, chatPhotoKey: string): Promise<string | null> {
  const original = await ctx.storage.get("chats", chatPhotoKey);
  if (!original) return null;
  const key = `evidence-${randomBytes(16).toString("base64url")}${path.extname(chatPhotoKey)}`;
  await ctx.storage.put(EVIDENCE_BUCKET, key, original.data, original.contentType);
  return key;
}

/**
 * A student reports a listing, a user or a message. One open report per reporter and target; the
 * reporter's own things cannot be reported; a message is kept as evidence with its neighbours.
 */
export async function createReport(ctx: AppContext, reporter: UserRow, body: CreateReportBody) {
  const target = await resolveTarget(ctx, reporter, body);
  await countAttempt(ctx, "report", reporter.id);
  const photoKey = target.chatPhotoKey ? await keepEvidencePhoto(ctx, target.chatPhotoKey) : null;
  const row = await repo.insertReport(ctx.db, {
    reporterId: reporter.id,
    targetType: body.targetType,
    targetId: body.targetId,
    targetUserId: target.ownerId,
    reason: body.reason,
    details: (body.details ?? "").trim(),
    evidence: target.evidence,
    photoKey,
  });
  if (!row) {
    // Already reported: the open report keeps its own copy.
    if (photoKey) await ctx.storage.delete(EVIDENCE_BUCKET, photoKey);
    throw new AppError("conflict", REPORT_TEXTS.duplicate);
  }
  return toCreatedReport(row);
}

/**
 * Deletes the photo copies of reports that are gone (housekeeping): each file first, then its place
 * in the queue, so a file the storage could not delete is tried again next time. Returns how many.
 */
export async function removeDeletedReportPhotos(ctx: Pick<AppContext, "db" | "storage">): Promise<number> {
  const batchSize = 200;
  let removed = 0;
  await repo.forgetPhotosStillReported(ctx.db);
  for (;;) {
    const keys = await repo.findQueuedPhotoDeletions(ctx.db, batchSize);
    for (const key of keys) {
      await ctx.storage.delete(EVIDENCE_BUCKET, key);
      await repo.forgetPhotoDeletion(ctx.db, key);
      removed++;
    }
    if (keys.length < batchSize) return removed;
  }
}

function assertModerator(viewer: UserRow): void {
  if (!canModerate(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

/** The chat photo a report keeps as evidence (the administrator's only). */
export async function readReportPhoto(ctx: AppContext, admin: UserRow, reportId: string) {
  assertModerator(admin);
  const report = await repo.findReport(ctx.db, reportId);
  const file = report?.photoKey ? await ctx.storage.get(EVIDENCE_BUCKET, report.photoKey) : null;
  if (!file) throw new AppError("not_found", MODERATION_TEXTS.photoNotFound);
  return file;
}

/**
 * The moderation queue: one row per reported target, the most reported and the oldest first,
 * with the target, the reports, and the reported person's history; and the open Safety Concerns
 * tickets.
 */
export async function listQueue(ctx: AppContext, admin: UserRow): Promise<ReportQueueResponse> {
  assertModerator(admin);
  const [{ targets, total }, tickets] = await Promise.all([
    repo.findOpenTargets(ctx.db),
    openTicketsOfPurpose(ctx.db, "Safety Concerns"),
  ]);
  const open = await repo.findOpenReportsOf(
    ctx.db,
    targets.map((target) => target.targetId),
  );
  const byTarget = new Map<string, ReportRow[]>();
  for (const report of open) {
    const key = `${report.targetType}:${report.targetId}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), report]);
  }
  const personIds = [...new Set(open.map((report) => report.targetUserId).filter((id) => id !== null))];
  const listingIds = targets.filter((t) => t.targetType === "listing").map((t) => t.targetId);
  const messageIds = targets.filter((t) => t.targetType === "message").map((t) => t.targetId);
  const ratingIds = targets.filter((t) => t.targetType === "rating").map((t) => t.targetId);
  const [people, reportCounts, actions, listings, presentMessages, presentRatings] = await Promise.all([
    repo.findPeople(ctx.db, personIds),
    repo.countReportsAgainst(ctx.db, personIds),
    repo.findModerationActions(ctx.db, personIds),
    repo.findListings(ctx.db, listingIds),
    repo.findMessagesPresent(ctx.db, messageIds),
    repo.findRatingsPresent(ctx.db, ratingIds),
  ]);
  const personById = new Map(people.map((person) => [person.id, person]));
  const listingById = new Map(listings.map((listing) => [listing.id, listing]));

  const groups: ReportGroup[] = [];
  for (const target of targets) {
    const [first, ...rest] = byTarget.get(`${target.targetType}:${target.targetId}`) ?? [];
    if (!first) continue;
    const person = first.targetUserId ? personById.get(first.targetUserId) : undefined;
    const listing = listingById.get(target.targetId);
    const isContentPresent =
      target.targetType === "listing"
        ? listing !== undefined
        : target.targetType === "message"
          ? presentMessages.has(target.targetId)
          : target.targetType === "rating"
            ? presentRatings.has(target.targetId)
            : false;
    groups.push(
      toReportGroup({
        target,
        reports: [first, ...rest],
        person,
        listing,
        isContentPresent,
        reportsAgainstPerson: person ? (reportCounts.get(person.id) ?? 0) : 0,
        actions,
      }),
    );
  }
  return { openCount: total + tickets.length, groups, safetyTickets: tickets };
}

/** What the reporters are told, by action and target. */
function outcomeText(action: ModerationAction, targetType: ReportTargetType): string {
  if (action === "dismiss") return REPORT_OUTCOME_TEXTS.noViolation;
  if (action === "remove" && targetType === "listing") return REPORT_OUTCOME_TEXTS.listingRemoved;
  if (action === "remove" && targetType === "rating") return REPORT_OUTCOME_TEXTS.ratingRemoved;
  return REPORT_OUTCOME_TEXTS.accountActioned;
}

function suspensionEnd(duration: SuspensionDuration): Date | null {
  return duration === "permanent" ? null : new Date(Date.now() + SUSPENSION_DAYS[duration] * DAY_MS);
}

/**
 * The administrator's decision on every open report of one target (named by any of its reports):
 * dismiss, remove the listing or message, warn or suspend the reported user. The user is told the
 * reason, each reporter is told the outcome, and the audit log keeps it. A suspension ends the
 * user's sessions and sockets at once.
 */
export async function actOnReport(
  ctx: AppContext,
  admin: UserRow,
  reportId: string,
  body: ModerationActionBody,
): Promise<{ resolved: number; message: string }> {
  assertModerator(admin);
  const report = await repo.findReport(ctx.db, reportId);
  if (!report) throw new AppError("not_found", "Report not found");
  if (report.status !== "open") throw new AppError("conflict", MODERATION_TEXTS.alreadyClosed);
  const { action } = body;
  const reason = body.reason.trim();
  const target = { targetType: report.targetType, targetId: report.targetId };
  const person = report.targetUserId ? await repo.findPerson(ctx.db, report.targetUserId) : undefined;
  if (action !== "dismiss") {
    if (person && !canBeModerated(person))
      throw new AppError("invalid_input", MODERATION_TEXTS.cannotModerateAdmin);
    if (action === "remove" && report.targetType === "user")
      throw new AppError("invalid_input", MODERATION_TEXTS.nothingToRemove);
    if ((action === "warn" || action === "suspend") && !person)
      throw new AppError("not_found", "User not found");
    if (action === "suspend" && !body.duration)
      throw new AppError("invalid_input", "Please choose how long.");
  }

  let releasedImage: string | null = null;
  let releasedChatPhoto: string | null = null;
  const resolved = await transactionWithEvents(ctx, async (tx, emit) => {
    const closed = await repo.resolveTarget(tx, target, action);
    // Another administrator's tab got there first.
    if (closed.length === 0) throw new AppError("conflict", MODERATION_TEXTS.alreadyClosed);
    const notify = (userId: string, text: string) =>
      addNotification(tx, emit, { userId, type: "admin", text });
    const details: Record<string, unknown> = {
      userId: report.targetUserId,
      reason,
      targetType: report.targetType,
      targetId: report.targetId,
      reports: closed.length,
    };

    if (action === "remove" && report.targetType === "listing") {
      const item = await repo.findListing(tx, report.targetId);
      if (item) {
        await deleteReportedItem(tx, item.id);
        releasedImage = item.productImage;
        await notify(item.sellerId, MODERATION_TEXTS.listingRemovedNotice(item.productName, reason));
        details.productName = item.productName;
      }
    } else if (action === "remove" && report.targetType === "message") {
      const removed = await repo.deleteMessage(tx, report.targetId);
      if (removed) {
        releasedChatPhoto = removed.photoKey;
        for (const userId of await repo.findChatMembers(tx, removed.chatId)) {
          emit(removedEvent(userId, removed.chatId, removed.id));
        }
        await notify(removed.senderId, MODERATION_TEXTS.messageRemovedNotice(reason));
      }
    } else if (action === "remove" && report.targetType === "rating") {
      const removed = await repo.deleteRating(tx, report.targetId);
      if (removed) await notify(removed.raterId, MODERATION_TEXTS.ratingRemovedNotice(reason));
    } else if (action === "warn" && person) {
      await notify(person.id, MODERATION_TEXTS.warningNotice(reason));
    } else if (action === "suspend" && person && body.duration) {
      const until = suspensionEnd(body.duration);
      await repo.suspendAccount(tx, person.id, until);
      await notify(
        person.id,
        MODERATION_TEXTS.suspendedNotice(until ? formatSuspensionEnd(until) : null, reason),
      );
      details.duration = body.duration;
      details.until = until?.toISOString() ?? null;
    }

    const told = new Set<string>();
    for (const row of closed) {
      if (told.has(row.reporterId)) continue;
      told.add(row.reporterId);
      await notify(row.reporterId, outcomeText(action, report.targetType));
    }
    await recordAudit(
      tx,
      admin,
      `moderation.${action}`,
      { type: report.targetType, id: report.targetId },
      details,
    );
    return closed.length;
  });

  if (action === "suspend" && person) await ctx.bus.publish({ kind: "users-ended", users: [person.id] });
  if (releasedImage) await releaseImage(ctx, "images", releasedImage);
  // The removed photo goes from the chat; the reports keep their copies.
  if (releasedChatPhoto) await releaseImage(ctx, "chats", fileUrl("chats", releasedChatPhoto));
  return { resolved, message: MODERATION_TEXTS.done };
}

function removedEvent(userId: string, chatId: string, messageId: string): PendingEvent {
  return { userId, event: { type: "message.removed", data: { chatId, messageId } } };
}

/** 'Lift Suspension' in Users Management: the account may sign in again and its posts show. */
export async function liftSuspension(ctx: AppContext, admin: UserRow, userId: string): Promise<void> {
  assertModerator(admin);
  const person = await repo.findPerson(ctx.db, userId);
  if (!person) throw new AppError("not_found", "User not found");
  await ctx.db.transaction(async (tx) => {
    const wasSuspended = await repo.liftSuspension(tx, userId);
    if (!wasSuspended) throw new AppError("conflict", MODERATION_TEXTS.notSuspended);
    await recordAudit(tx, admin, "moderation.lift", { type: "user", id: userId }, { userId, reason: "" });
  });
}
