import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { CollegeVerification, IdDecisionBody, IdReview } from "@shared/api/verification";
import {
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_VALID_MINUTES,
  domainOf,
  VERIFICATION_MESSAGES,
} from "@shared/verification-constants";
import type { AppContext } from "../../context";
import { appSecretsOf } from "../../db/app-secrets";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { enqueueMail } from "../../jobs/outbox-mail";
import { AppError } from "../../lib/app-error";
import { MAIL_SUBJECTS } from "../../plugins/mail";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { collegeOfDomain, collegeOfStudent } from "../colleges/colleges.service";
import { addNotification } from "../notifications/notifications.service";
import { removeUpload, storeImage } from "../uploads/uploads.service";
import { isCollegeVerified } from "./verification.policy";
import * as repo from "./verification.repository";

const ADDRESS_KEY = "college_email_key" as const;

/** The server's key for college addresses and codes, kept in app_secrets (made by the first instance). */
async function addressKey(db: Db): Promise<string> {
  const kept = await appSecretsOf(db, () => ({ [ADDRESS_KEY]: randomBytes(32).toString("base64url") }));
  return kept[ADDRESS_KEY];
}

/** The keyed hash an address is kept as: without the key, a list of addresses cannot be matched to it. */
export async function collegeAddressHash(db: Db, email: string): Promise<string> {
  return createHmac("sha256", await addressKey(db))
    .update(`college-email:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** A code's keyed hash, bound to its student. */
export async function collegeCodeHash(db: Db, userId: string, code: string): Promise<string> {
  return createHmac("sha256", await addressKey(db))
    .update(`college-code:${userId}:${code}`)
    .digest("base64url");
}

export function canReviewIds(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

function assertReviewer(viewer: UserRow): void {
  if (!canReviewIds(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

/** Where the student stands: Settings > 'Verify your college'. */
export async function getVerification(ctx: AppContext, user: UserRow): Promise<CollegeVerification> {
  const [college, review] = await Promise.all([
    collegeOfStudent(ctx, user),
    repo.latestIdReview(ctx.db, user.id),
  ]);
  const isVerified = isCollegeVerified(user);
  return {
    college: user.college,
    verifiedCollege: isVerified ? user.college : null,
    method: isVerified ? user.collegeVerifiedVia : null,
    domains: college?.domains ?? [],
    idReview:
      review && review.status !== "approved"
        ? { status: review.status, reason: review.reason, createdAt: review.createdAt.toISOString() }
        : null,
  };
}

function assertCanVerify(user: UserRow): void {
  if (!user.college) throw new AppError("invalid_input", VERIFICATION_MESSAGES.noCollege);
  if (isCollegeVerified(user)) throw new AppError("conflict", VERIFICATION_MESSAGES.alreadyVerified);
}

/** Refuses an address that proves another account: a suspended one above all (issue 36). */
async function assertAddressFree(db: Db, user: UserRow, emailHash: string): Promise<void> {
  const holders = await repo.holdersOfAddress(db, emailHash, user.id);
  if (holders.some((holder) => holder.isSuspended))
    throw new AppError("conflict", VERIFICATION_MESSAGES.suspendedAddress);
  if (holders.length > 0) throw new AppError("conflict", VERIFICATION_MESSAGES.addressTaken);
}

/**
 * Sends a 6-digit code to a college address when its domain is one of the student's college's.
 * Counted per student before anything is looked at, and per address (by its keyed hash) before a
 * mail is queued; the mail leaves through the outbox, the address is kept only as its hash.
 */
export async function sendCode(
  ctx: AppContext,
  user: UserRow,
  email: string,
): Promise<{ expiresAt: string }> {
  assertCanVerify(user);
  await countAttempt(ctx, "collegeCodePerUser", user.id);
  const college = await collegeOfStudent(ctx, user);
  if (!college || college.domains.length === 0)
    throw new AppError("invalid_input", VERIFICATION_MESSAGES.noDomains(user.college));
  const domain = domainOf(email);
  const owner = await collegeOfDomain(ctx, domain);
  if (!owner || owner.collegeId !== college.id)
    throw new AppError("invalid_input", VERIFICATION_MESSAGES.notCollegeDomain(domain, user.college));
  const emailHash = await collegeAddressHash(ctx.db, email);
  await countAttempt(ctx, "collegeCodePerAddress", emailHash);
  await assertAddressFree(ctx.db, user, emailHash);

  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  const codeHash = await collegeCodeHash(ctx.db, user.id, code);
  const expiresAt = new Date(Date.now() + CODE_VALID_MINUTES * 60_000);
  await ctx.db.transaction(async (tx) => {
    await repo.keepCode(tx, { userId: user.id, emailHash, codeHash, collegeName: user.college, expiresAt });
    await enqueueMail(tx, {
      to: email,
      subject: MAIL_SUBJECTS.collegeCode,
      text: `Hello ${user.name},\n\nYour code to verify that you study at ${user.college} is ${code}.\nIt is valid for ${CODE_VALID_MINUTES} minutes. If you did not ask for it, you can ignore this mail.\n\nCampus Bazaar\n`,
    });
  });
  void ctx.outbox.kick();
  return { expiresAt: expiresAt.toISOString() };
}

/** Checks a code: 15 minutes, 5 tries; the right one marks the student verified for their college. */
export async function confirmCode(
  ctx: AppContext,
  user: UserRow,
  code: string,
): Promise<CollegeVerification> {
  assertCanVerify(user);
  await countAttempt(ctx, "collegeCodeConfirm", user.id);
  const expectedHash = await collegeCodeHash(ctx.db, user.id, code);
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockCode(tx, user.id);
    if (!row || row.code.collegeName !== user.college) return { error: VERIFICATION_MESSAGES.noCode };
    if (row.isExpired) return { error: VERIFICATION_MESSAGES.codeExpired };
    if (row.code.tries >= CODE_MAX_TRIES) return { error: VERIFICATION_MESSAGES.codeLocked };
    const given = Buffer.from(expectedHash);
    const kept = Buffer.from(row.code.codeHash);
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) {
      const tries = await repo.countTry(tx, user.id);
      const left = CODE_MAX_TRIES - tries;
      return { error: left > 0 ? VERIFICATION_MESSAGES.wrongCode(left) : VERIFICATION_MESSAGES.codeLocked };
    }
    await assertAddressFree(tx, user, row.code.emailHash);
    await repo.deleteCode(tx, user.id);
    return {
      user: await repo.markVerified(tx, user.id, {
        college: user.college,
        via: "email",
        emailHash: row.code.emailHash,
      }),
    };
  });
  // A wrong try is kept (the transaction commits) before the refusal is answered.
  if ("error" in outcome) throw new AppError("invalid_input", outcome.error as string);
  return getVerification(ctx, outcome.user ?? user);
}

/**
 * 'Verify with your student ID': one photo, stored privately (the 'ids' bucket, served only to the
 * administrator), joins the Verifications tab. One review waits per student.
 */
export async function submitIdCard(
  ctx: AppContext,
  user: UserRow,
  file: { filename: string; data: Buffer },
): Promise<CollegeVerification> {
  assertCanVerify(user);
  const latest = await repo.latestIdReview(ctx.db, user.id);
  if (latest?.status === "pending") throw new AppError("conflict", VERIFICATION_MESSAGES.idPending);
  await countAttempt(ctx, "idCardUpload", user.id);
  const stored = await storeImage(ctx, {
    bucket: "ids",
    ownerId: user.id,
    originalName: file.filename,
    data: file.data,
  });
  const key = stored.url.split("/").at(-1) ?? "";
  const review = await repo.insertIdReview(ctx.db, {
    userId: user.id,
    collegeName: user.college,
    photoKey: key,
  });
  if (!review) {
    await removeUpload(ctx, { bucket: "ids", key });
    throw new AppError("conflict", VERIFICATION_MESSAGES.idPending);
  }
  return getVerification(ctx, user);
}

/** The Verifications tab: every waiting student ID, oldest first. */
export async function listIdReviews(ctx: AppContext, admin: UserRow): Promise<IdReview[]> {
  assertReviewer(admin);
  const rows = await repo.pendingIdReviews(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    college: row.collegeName,
    accountCreatedAt: row.accountCreatedAt.toISOString(),
    submittedAt: row.createdAt.toISOString(),
    photoUrl: `/api/admin/verifications/${row.id}/photo`,
  }));
}

/** A waiting review's ID photo (the administrator's only); gone once decided. */
export async function readIdPhoto(ctx: AppContext, admin: UserRow, id: string) {
  assertReviewer(admin);
  const review = await repo.findIdReview(ctx.db, id);
  const file = review?.photoKey ? await ctx.storage.get("ids", review.photoKey) : null;
  if (!file) throw new AppError("not_found", VERIFICATION_MESSAGES.photoNotFound);
  return file;
}

/**
 * 'Approve' or 'Reject' with a reason the student is told. The decision, who made it and when stay
 * (the review row and the audit log); the photo is deleted.
 */
export async function decideIdReview(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  body: IdDecisionBody,
): Promise<void> {
  assertReviewer(admin);
  const isApproved = body.decision === "approve";
  const reason = isApproved ? null : (body.reason ?? "").trim();
  const photoKey = await transactionWithEvents(ctx, async (tx, emit) => {
    const review = await repo.lockIdReview(tx, id);
    if (!review) throw new AppError("not_found", VERIFICATION_MESSAGES.reviewNotFound);
    const decided = await repo.decideIdReview(tx, id, {
      status: isApproved ? "approved" : "rejected",
      reason,
      decidedBy: admin.id,
    });
    if (!decided) throw new AppError("conflict", VERIFICATION_MESSAGES.alreadyDecided);
    if (isApproved) await repo.markVerified(tx, review.userId, { college: review.collegeName, via: "id" });
    await addNotification(tx, emit, {
      userId: review.userId,
      type: "admin",
      text: isApproved
        ? VERIFICATION_MESSAGES.approvedNotice(review.collegeName)
        : VERIFICATION_MESSAGES.rejectedNotice(reason ?? ""),
    });
    await recordAudit(
      tx,
      admin,
      isApproved ? "verification.approve" : "verification.reject",
      { type: "user", id: review.userId },
      { verificationId: id, college: review.collegeName, ...(reason ? { reason } : {}) },
    );
    return review.photoKey;
  });
  if (!photoKey) return;
  try {
    await removeUpload(ctx, { bucket: "ids", key: photoKey });
  } catch (error) {
    // The review no longer names the photo: housekeeping removes what was left.
    ctx.log.warn({ err: error, key: photoKey }, "could not remove a decided ID photo; housekeeping will");
  }
}

/** Whether a suspended account holds this mobile number (sign-up refuses it). */
export function isMobileOfSuspendedAccount(ctx: Pick<AppContext, "db">, mobile: string): Promise<boolean> {
  return repo.isMobileOfSuspendedAccount(ctx.db, mobile);
}
