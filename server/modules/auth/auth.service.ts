import type { LoginBody, SignupBody } from "@shared/api/auth";
import { type CollegeRequestFields, CollegeRequestFieldsSchema } from "@shared/api/colleges";
import { RESET_TOKEN_TTL_MS, USER_AGENT_MAX_LENGTH, VERIFY_TOKEN_TTL_MS } from "@shared/constants";
import { AUTH_MESSAGES, LOGIN_ERRORS, SIGNUP_ERRORS, SIGNUP_MESSAGES } from "@shared/validation/messages";
import { mobileDigits, normaliseEmail, sanitiseField } from "@shared/validation/signup";
import { SUSPENDED_MOBILE_MESSAGE } from "@shared/verification-constants";
import type { AppContext } from "../../context";
import { isSuspended, type UserRow } from "../../db/schema";
import type { OutboxRow } from "../../jobs/outbox";
import { insertOutboxRow } from "../../jobs/outbox";
import { AppError } from "../../lib/app-error";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords";
import { hashToken, newToken } from "../../lib/tokens";
import { MAIL_SUBJECTS } from "../../plugins/mail";
import { countAccountAttempt, countAttempt } from "../../plugins/rate-limit-rules";
import { fileCollegeRequest, findCollegeInCity } from "../colleges/colleges.service";
import { suspendedRefusal } from "../trust/appeals.service";
import { isMobileOfSuspendedAccount } from "../verification/verification.service";
import * as repo from "./auth.repository";
import { recordPasswordChange } from "./password-changed";

// What other modules need of an account: its answer as its owner sees it (the settings and
// profile routes answer the updated user), and what every password change does besides the change.
export { toUserDto } from "./auth.mapper";
export { recordPasswordChange } from "./password-changed";

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const token = newToken();
  await repo.insertEmailToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: "verify",
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/verify-email?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: MAIL_SUBJECTS.verify,
    text: `Hello ${user.name},\n\nPlease confirm your email address by opening this link within 24 hours:\n\n${link}\n\nIf you did not create a Campus Bazaar account, you can ignore this message.\n`,
    link,
  });
}

/** Mail is sent after the account exists; a mail failure is logged and the user can ask again. */
async function trySendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  try {
    await sendVerificationMail(ctx, user);
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, "verification mail failed");
  }
}

export async function signup(ctx: AppContext, body: SignupBody, meta: ClientMeta): Promise<UserRow> {
  const email = normaliseEmail(sanitiseField(body.email));
  await countAttempt(ctx, "signupPerAddress", meta.ip);
  await countAttempt(ctx, "signupPerEmail", email);

  const choice = await chooseCollege(ctx, body, meta);
  // A suspended account's number cannot come back as a new account while the suspension lasts.
  if (await isMobileOfSuspendedAccount(ctx, mobileDigits(body.mobile))) {
    throw new AppError("conflict", SUSPENDED_MOBILE_MESSAGE);
  }
  const now = new Date();
  const user = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertUser(tx, {
      name: sanitiseField(body.name),
      email,
      city: choice.city,
      college: choice.college,
      collegePending: choice.request !== undefined,
      mobile: mobileDigits(body.mobile),
      passwordHash: await hashPassword(body.password),
      securityFlags: {
        accountCreated: now.toISOString(),
        ipAddress: "hidden",
        userAgent: meta.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      },
      createdAt: now,
      lastLogin: now,
    });
    if (row && choice.request) await fileCollegeRequest(tx, row.id, choice.request);
    return row;
  });
  if (!user) throw new AppError("email_in_use", SIGNUP_ERRORS.email_in_use);
  await trySendVerificationMail(ctx, user);
  return user;
}

/**
 * The college a new account names: the directory's entry the picker chose, or, for 'My college
 * isn't listed', the directory's entry of that name and city when there is one, else no college
 * yet and a request for the administrator ('College pending').
 */
async function chooseCollege(
  ctx: AppContext,
  body: SignupBody,
  meta: ClientMeta,
): Promise<{ city: string; college: string; request?: CollegeRequestFields }> {
  if (!body.collegeNotListed) {
    const city = sanitiseField(body.city);
    const college = await repo.findListedCollege(ctx.db, city, sanitiseField(body.college), sanitiseField);
    if (!college) throw new AppError("invalid_input", SIGNUP_MESSAGES.college);
    return { city, college };
  }
  const fields = CollegeRequestFieldsSchema.safeParse({ name: body.college, city: body.city });
  if (!fields.success)
    throw new AppError("invalid_input", fields.error.issues[0]?.message ?? SIGNUP_MESSAGES.college);
  const listed = await findCollegeInCity(ctx, fields.data.city, fields.data.name);
  if (listed) return { city: listed.city, college: listed.name };
  await countAttempt(ctx, "collegeRequestPerAddress", meta.ip);
  return { city: fields.data.city, college: "", request: fields.data };
}

/** Wrong passwords are counted per e-mail and address, with a backoff per e-mail (countAccountAttempt). */
export async function login(ctx: AppContext, body: LoginBody, meta: ClientMeta): Promise<UserRow> {
  const email = normaliseEmail(body.email);
  await countAttempt(ctx, "signInPerAddress", meta.ip);
  const attempt = await countAccountAttempt(
    ctx,
    { fromAddress: "signInPerEmailAndAddress", failures: "signInFailures" },
    email,
    meta.ip,
  );

  const user = await repo.findUserByEmail(ctx.db, email);
  // Verify against a dummy hash when there is no account, so the answer time does not tell.
  const isMatch = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !isMatch) {
    await attempt.recordFailure();
    throw new AppError("invalid_credential", LOGIN_ERRORS.invalid_credential);
  }
  if (user.deletedAt) throw new AppError("user_disabled", LOGIN_ERRORS.user_disabled);
  // The reason, and a token for the appeal form: only the right password gets this far.
  if (isSuspended(user)) throw await suspendedRefusal(ctx, user);

  await attempt.clear();
  return (await repo.recordLogin(ctx.db, user.id)) ?? user;
}

export async function logout(ctx: AppContext, sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  await repo.deleteSession(ctx.db, sessionId);
  // Live sockets of this session close on every instance.
  await ctx.bus.publish({ kind: "sessions-ended", sessions: [sessionId] });
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const userId = await repo.consumeEmailToken(ctx.db, hashToken(token), "verify");
  if (!userId) throw new AppError("invalid_token", AUTH_MESSAGES.invalidToken);
  await repo.markEmailVerified(ctx.db, userId);
}

export async function resendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerified) throw new AppError("conflict", AUTH_MESSAGES.alreadyVerified);
  await countAttempt(ctx, "verificationResend", user.id);
  await sendVerificationMail(ctx, user);
}

/** Outbox rows that ask for a reset mail to an address, which may or may not have an account. */
export const PASSWORD_RESET_KIND = "password-reset";

/**
 * Queues the request: the same statements run whether or not the account exists, so neither the
 * answer nor its time tells. The outbox worker, kicked by the route once the answer is sent, looks
 * the account up and mails the link (sendPasswordResetMail); the request survives a restart and is
 * retried while mail fails.
 */
export async function forgotPassword(ctx: AppContext, rawEmail: string, meta: ClientMeta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await countAttempt(ctx, "recoveryPerAddress", meta.ip);
  await countAttempt(ctx, "recoveryPerEmail", email);
  await insertOutboxRow(ctx.db, { kind: PASSWORD_RESET_KIND, payload: { email } });
}

/**
 * The outbox sender of a reset request: mails a new link when the account exists and is not
 * disabled, and does nothing otherwise. The token is made here, so the link is never stored in
 * clear; a retried send makes another, and the unsent one expires unused.
 */
export async function sendPasswordResetMail(ctx: AppContext, row: OutboxRow): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, row.payload.email ?? "");
  if (!user || user.deletedAt) return;
  const token = newToken();
  await repo.insertEmailToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: "reset",
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: MAIL_SUBJECTS.reset,
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Campus Bazaar account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    link,
  });
}

/**
 * Sets a new password and ends every session of the account. The link is looked up before the
 * costly password hash, so a wrong token costs one indexed read; using it voids the user's other
 * reset links and queues the notice mail.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  meta: ClientMeta,
): Promise<void> {
  await countAttempt(ctx, "passwordResetPerAddress", meta.ip);
  const tokenHash = hashToken(token);
  if (!(await repo.findUsableEmailToken(ctx.db, tokenHash, "reset"))) {
    throw new AppError("invalid_token", AUTH_MESSAGES.invalidToken);
  }
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    // Consumed here, not above: of two requests with one link, only one changes the password.
    const userId = await repo.consumeEmailToken(tx, tokenHash, "reset");
    if (!userId) throw new AppError("invalid_token", AUTH_MESSAGES.invalidToken);
    const user = await repo.setPasswordHash(tx, userId, passwordHash);
    if (!user) throw new AppError("invalid_token", AUTH_MESSAGES.invalidToken);
    await recordPasswordChange(ctx, tx, user, "reset");
    await repo.deleteSessionsOfUser(tx, userId);
    return userId;
  });
  void ctx.outbox.kick();
  await ctx.bus.publish({ kind: "users-ended", users: [userId] });
}
