import type { LoginBody, SignupBody } from "@shared/api/auth";
import { RESET_TOKEN_TTL_MS, USER_AGENT_MAX_LENGTH, VERIFY_TOKEN_TTL_MS } from "@shared/constants";
import { AUTH_MESSAGES, LOGIN_ERRORS, SIGNUP_ERRORS, SIGNUP_MESSAGES } from "@shared/validation/messages";
import { mobileDigits, normaliseEmail, sanitiseField } from "@shared/validation/signup";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../lib/passwords";
import { hashToken, newToken } from "../../lib/tokens";
import * as repo from "./auth.repository";

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

function limits(ctx: AppContext) {
  const windowSeconds = ctx.config.AUTH_RATE_WINDOW_SECONDS;
  const perEmail = { limit: ctx.config.AUTH_RATE_LIMIT, windowSeconds };
  // Many students share one campus address, so an address gets ten times the allowance of an account.
  const perIp = { limit: ctx.config.AUTH_RATE_LIMIT * 10, windowSeconds };
  return { perEmail, perIp };
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
    subject: "Verify your Campus Bazaar email address",
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
  const refusal = { message: SIGNUP_ERRORS.rate_limited };
  await ctx.rateLimiter.hit(`signup:ip:${meta.ip}`, limits(ctx).perIp, refusal);
  await ctx.rateLimiter.hit(`signup:email:${email}`, limits(ctx).perEmail, refusal);

  const city = sanitiseField(body.city);
  const college = sanitiseField(body.college);
  if (!(await repo.isCollegeListed(ctx.db, city, college))) {
    throw new AppError("invalid_input", SIGNUP_MESSAGES.college);
  }
  const now = new Date();
  const user = await repo.insertUser(ctx.db, {
    name: sanitiseField(body.name),
    email,
    city,
    college,
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
  if (!user) throw new AppError("email_in_use", SIGNUP_ERRORS.email_in_use);
  await trySendVerificationMail(ctx, user);
  return user;
}

export async function login(ctx: AppContext, body: LoginBody, meta: ClientMeta): Promise<UserRow> {
  const email = normaliseEmail(body.email);
  const refusal = { message: LOGIN_ERRORS.rate_limited };
  await ctx.rateLimiter.hit(`login:ip:${meta.ip}`, limits(ctx).perIp, refusal);
  await ctx.rateLimiter.hit(`login:email:${email}`, limits(ctx).perEmail, refusal);

  const user = await repo.findUserByEmail(ctx.db, email);
  // Verify against a dummy hash when there is no account, so the answer time does not tell.
  const isMatch = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !isMatch) throw new AppError("invalid_credential", LOGIN_ERRORS.invalid_credential);
  if (user.deletedAt) throw new AppError("user_disabled", LOGIN_ERRORS.user_disabled);

  await ctx.rateLimiter.reset(`login:email:${email}`);
  const [updated] = await ctx.db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
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
  await ctx.db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function resendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerified) throw new AppError("conflict", AUTH_MESSAGES.alreadyVerified);
  await ctx.rateLimiter.hit(`verify:user:${user.id}`, limits(ctx).perEmail, {
    message: SIGNUP_ERRORS.rate_limited,
  });
  await sendVerificationMail(ctx, user);
}

export async function forgotPassword(ctx: AppContext, rawEmail: string, meta: ClientMeta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const refusal = { message: SIGNUP_ERRORS.rate_limited };
  await ctx.rateLimiter.hit(`reset:ip:${meta.ip}`, limits(ctx).perIp, refusal);
  await ctx.rateLimiter.hit(`reset:email:${email}`, limits(ctx).perEmail, refusal);
  const user = await repo.findUserByEmail(ctx.db, email);
  // The answer is the same whether or not the account exists.
  if (!user || user.deletedAt) return;
  const token = newToken();
  await repo.insertEmailToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: "reset",
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${token}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: "Reset your Campus Bazaar password",
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Campus Bazaar account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
      link,
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, "password reset mail failed");
  }
}

/** Sets a new password and ends every session of the account. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    const userId = await repo.consumeEmailToken(tx, hashToken(token), "reset");
    if (!userId) throw new AppError("invalid_token", AUTH_MESSAGES.invalidToken);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await repo.deleteSessionsOfUser(tx, userId);
    return userId;
  });
  await ctx.bus.publish({ kind: "users-ended", users: [userId] });
}
