import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { SecondFactorBody, SecondFactorChallenge } from "@shared/api/auth";
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_ISSUER,
  SIGN_IN_CHALLENGE_MAX_ATTEMPTS,
  SIGN_IN_CHALLENGE_TTL_MS,
} from "@shared/constants";
import { SECOND_FACTOR_MESSAGES } from "@shared/validation/messages";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashToken, newToken } from "../../lib/tokens";
import { countAccountAttempt, countAttempt } from "../../plugins/rate-limit-rules";
import { recordAudit } from "../admin/audit.service";
import { deleteSessionsOfUser, findUserByEmail, findUserById } from "./auth.repository";
import type { ClientMeta } from "./auth.service";
import * as repo from "./second-factor.repository";

/** One step of clock drift either way: a code of the previous or next 30 seconds passes. */
const DRIFT_SECONDS = 30;
/** Without 0/o, 1/l/i: read off a screen or paper and typed back. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Only the administrator signs in with a second factor; students are signed in by the password. */
export function isSecondFactorRequired(user: UserRow): boolean {
  return user.role === "admin";
}

const expired = () => new AppError("sign_in_expired", SECOND_FACTOR_MESSAGES.expired);
const wrongCode = () => new AppError("invalid_code", SECOND_FACTOR_MESSAGES.invalidCode);

/**
 * The answer to the administrator's correct password: a challenge for the second step instead of a
 * session. Without a second factor yet, it offers a new key to set up (QR code and text).
 */
export async function startChallenge(ctx: AppContext, user: UserRow): Promise<SecondFactorChallenge> {
  const factor = await repo.findSecondFactor(ctx.db, user.id);
  const token = newToken();
  const expiresAt = new Date(Date.now() + SIGN_IN_CHALLENGE_TTL_MS);
  const setupSecret = factor ? null : generateSecret();
  await repo.insertChallenge(ctx.db, {
    id: hashToken(token),
    userId: user.id,
    method: factor ? "code" : "setup",
    setupSecret,
    expiresAt,
  });
  let setup: SecondFactorChallenge["setup"] = null;
  if (setupSecret) {
    const otpauthUri = generateURI({ issuer: SECOND_FACTOR_ISSUER, label: user.email, secret: setupSecret });
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 256 });
    setup = { secret: setupSecret, otpauthUri, qrCode };
  }
  return { challenge: token, method: factor ? "code" : "setup", expiresAt: expiresAt.toISOString(), setup };
}

function isTotpShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The time step of a valid code (within one step of drift), or null. */
async function acceptedStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: DRIFT_SECONDS });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${characters.slice(0, 5).join("")}-${characters.slice(5).join("")}`;
}

function normalisedRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * What is stored of a recovery code: a random 32-bit salt and the SHA-256 of salt and code (the
 * codes have 50 bits, under ASVS 2.6.2's 112 for unsalted hashes). Case and dashes do not count.
 */
export function recoveryCodeHash(code: string, salt = randomBytes(4).toString("hex")): string {
  return `${salt}:${hashToken(`${salt}:${normalisedRecoveryCode(code)}`)}`;
}

function isRecoveryCodeOf(stored: string, code: string): boolean {
  const [salt = ""] = stored.split(":");
  const expected = Buffer.from(recoveryCodeHash(code, salt));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** First sign-in: the code proves the app holds the key; the key is kept and recovery codes made. */
async function confirmSetup(tx: Db, userId: string, secret: string | null, code: string): Promise<string[]> {
  if (!secret || !isTotpShaped(code)) throw wrongCode();
  const step = await acceptedStep(secret, code);
  if (step === null) throw wrongCode();
  if (!(await repo.insertSecondFactor(tx, { userId, secret, lastUsedStep: step }))) throw expired();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => recoveryCodeHash(code)),
  );
  return codes;
}

/** Later sign-ins: a code of the app not used before, or an unused recovery code. */
async function checkCode(
  ctx: AppContext,
  tx: Db,
  userId: string,
  code: string,
): Promise<"authenticator" | "recovery code"> {
  const factor = await repo.findSecondFactor(tx, userId);
  if (!factor) throw expired();
  if (isTotpShaped(code)) {
    const step = await acceptedStep(factor.secret, code);
    if (step === null) throw wrongCode();
    if (step <= factor.lastUsedStep || !(await repo.advanceLastUsedStep(tx, userId, step))) {
      // A valid code again: someone may have seen it typed. Refused, and left in the log.
      ctx.log.warn({ userId }, "an authentication code already used was tried again");
      throw wrongCode();
    }
    return "authenticator";
  }
  const unused = await repo.findUnusedRecoveryCodes(tx, userId);
  const match = unused.find((stored) => isRecoveryCodeOf(stored, code));
  if (!match || !(await repo.spendRecoveryCode(tx, userId, match))) throw wrongCode();
  return "recovery code";
}

/**
 * The second step: counts the try against the challenge and the account, checks the code, and uses
 * the challenge up. Returns the user to start a session for, and the recovery codes after a setup.
 */
export async function completeChallenge(
  ctx: AppContext,
  body: SecondFactorBody,
  meta: ClientMeta,
): Promise<{ user: UserRow; recoveryCodes: string[] | null }> {
  await countAttempt(ctx, "secondFactorPerAddress", meta.ip);
  const id = hashToken(body.challenge);
  const challenge = await repo.countChallengeAttempt(ctx.db, id);
  if (!challenge) throw expired();
  if (challenge.attempts > SIGN_IN_CHALLENGE_MAX_ATTEMPTS) {
    await repo.spendChallenge(ctx.db, id);
    throw new AppError("rate_limited", SECOND_FACTOR_MESSAGES.tooManyAttempts);
  }
  // Whoever has the password can start challenges from anywhere: wrong codes count per account and
  // address, so they never refuse the administrator's own address its tries (as for sign-in).
  const attempt = await countAccountAttempt(
    ctx,
    { fromAddress: "secondFactorPerAccountAndAddress", failures: "secondFactorFailures" },
    challenge.userId,
    meta.ip,
  );
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user || user.deletedAt || !isSecondFactorRequired(user)) throw expired();

  const code = body.code.replace(/\s+/g, "");
  const target = { type: "user", id: user.id };
  const recoveryCodes = await ctx.db
    .transaction(async (tx) => {
      let codes: string[] | null = null;
      // The audit log keeps the administrator's sign-ins and second-factor events (issue 36).
      if (challenge.method === "setup") {
        codes = await confirmSetup(tx, user.id, challenge.setupSecret, code);
        await recordAudit(tx, user, "second_factor.setup", target, { ip: meta.ip });
      } else {
        const method = await checkCode(ctx, tx, user.id, code);
        if (method === "recovery code")
          await recordAudit(tx, user, "second_factor.recovery_code", target, { ip: meta.ip });
      }
      if (!(await repo.spendChallenge(tx, id))) throw expired();
      await recordAudit(tx, user, "admin.sign_in", target, { ip: meta.ip, userAgent: meta.userAgent });
      return codes;
    })
    .catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === "invalid_code") {
        await attempt.recordFailure();
        await recordAudit(ctx.db, user, "second_factor.failed", target, { ip: meta.ip });
      }
      throw error;
    });
  await attempt.clear();
  return { user, recoveryCodes };
}

/**
 * For an operator whose administrator lost both the authenticator and the recovery codes: forgets
 * the second factor and ends the account's sessions. The next sign-in sets up a new key.
 */
export async function resetSecondFactor(db: Db, email: string): Promise<"reset" | "none" | "no-account"> {
  const user = await findUserByEmail(db, email);
  if (!user) return "no-account";
  return db.transaction(async (tx) => {
    const hadFactor = await repo.deleteSecondFactor(tx, user.id);
    await deleteSessionsOfUser(tx, user.id);
    if (hadFactor) await recordAudit(tx, user, "second_factor.reset", { type: "user", id: user.id }, {});
    return hadFactor ? "reset" : "none";
  });
}
