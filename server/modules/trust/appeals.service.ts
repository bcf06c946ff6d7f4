import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AppealOffer, CreateAppealBody, CreateAppealResponse } from "@shared/api/appeals";
import { formatSuspensionEnd, SUSPENSION_TEXTS, suspendedSignInMessage } from "@shared/reports-constants";
import type { AppContext } from "../../context";
import { appSecretsOf } from "../../db/app-secrets";
import type { Db } from "../../db/client";
import { isSuspended, type SuspensionRow, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { createAppealTicket } from "../tickets/tickets.service";
import { findPerson } from "./reports.repository";
import * as repo from "./suspensions.repository";

/** How long the appeal form stays usable after the refused sign-in that offered it. */
export const APPEAL_TOKEN_TTL_MS = 30 * 60 * 1000;
const APPEAL_SECRET = "appeal_key" as const;

async function appealKey(db: Db): Promise<string> {
  const kept = await appSecretsOf(db, () => ({ [APPEAL_SECRET]: randomBytes(32).toString("base64url") }));
  return kept[APPEAL_SECRET];
}

function signature(key: string, suspension: Pick<SuspensionRow, "id" | "userId">, expiresAt: number): string {
  return createHmac("sha256", key)
    .update(`appeal:${suspension.id}:${suspension.userId}:${expiresAt}`)
    .digest("base64url");
}

/**
 * A token for the appeal form, bound to one suspension and valid for half an hour (decision 046):
 * `{suspension id}.{expiry, ms}.{HMAC}`. Only a refused sign-in with the right password gets one,
 * so it proves what a session would; nothing is stored, and the one-appeal-per-suspension index
 * makes a replay harmless.
 */
export async function appealOfferFor(
  db: Db,
  suspension: SuspensionRow,
  now = Date.now(),
): Promise<AppealOffer> {
  const expiresAt = now + APPEAL_TOKEN_TTL_MS;
  const token = `${suspension.id}.${expiresAt}.${signature(await appealKey(db), suspension, expiresAt)}`;
  return { token, expiresAt: new Date(expiresAt).toISOString() };
}

/** The suspension a token names, when the token is this server's, unexpired and still current. */
async function suspensionOfToken(db: Db, token: string): Promise<SuspensionRow | undefined> {
  const [id, expiry, given] = token.split(".");
  if (!id || !expiry || !given || !/^[0-9a-f-]{36}$/i.test(id) || !/^\d{1,15}$/.test(expiry))
    return undefined;
  const expiresAt = Number(expiry);
  if (expiresAt <= Date.now()) return undefined;
  const suspension = await repo.findSuspension(db, id);
  if (!suspension || suspension.liftedAt) return undefined;
  const expected = Buffer.from(signature(await appealKey(db), suspension, expiresAt));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
  return suspension;
}

/** The words of a suspension, as sign-in refuses and the mail tells them. */
export function suspensionWords(user: Pick<UserRow, "suspendedUntil">, reason: string): string {
  return suspendedSignInMessage(
    user.suspendedUntil ? formatSuspensionEnd(user.suspendedUntil) : null,
    reason,
  );
}

/** Sign-in's refusal of a suspended account: the reason, and the appeal form's token. */
export async function suspendedRefusal(ctx: AppContext, user: UserRow): Promise<AppError> {
  const suspension = await repo.findCurrentSuspension(ctx.db, user.id);
  const message = suspensionWords(user, suspension?.reason ?? "");
  const extra = suspension ? { appeal: await appealOfferFor(ctx.db, suspension) } : {};
  return new AppError("user_suspended", message, {}, extra);
}

/**
 * The appeal form, without a session: the token names the suspension; the ticket of purpose
 * 'Appeal' is linked to it, one per suspension. Counted per address.
 */
export async function createAppeal(
  ctx: AppContext,
  body: CreateAppealBody,
  meta: { ip: string },
): Promise<CreateAppealResponse> {
  await countAttempt(ctx, "appealPerAddress", meta.ip);
  const suspension = await suspensionOfToken(ctx.db, body.token);
  const user = suspension ? await findPerson(ctx.db, suspension.userId) : undefined;
  if (!suspension || !user || !isSuspended(user))
    throw new AppError("invalid_token", SUSPENSION_TEXTS.expired);
  const ticket = await createAppealTicket(ctx, user, suspension.id, body.description);
  return { ticketId: ticket.ticketId, message: SUSPENSION_TEXTS.sent(ticket.ticketId) };
}
