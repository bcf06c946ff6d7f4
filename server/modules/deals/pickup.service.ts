import { timingSafeEqual } from "node:crypto";
import type { PickupCodeResponse } from "@shared/api/pickup";
import { PICKUP_LOCK_MINUTES, PICKUP_MAX_WRONG, PICKUP_TEXTS } from "@shared/pickup-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { loadItem, toItemDto } from "../items/items.service";
import { canConfirmHandover, canSeePickupCode, reservedFor } from "./deals.policy";
import * as repo from "./deals.repository";
import { issuePickupCode } from "./pickup-code";
import { recordSale } from "./sales.service";

/*
 * The pickup code (decision 050). An accepted offer gives the reserved buyer four digits; only the
 * buyer's own answers carry them (never the seller's, a live event or a notification). The seller
 * types them in 'Confirm handover', which records the sale to that buyer in one step. Five wrong
 * codes lock it for an hour; releasing, lapsing or selling the reservation voids the code.
 */

/**
 * The reserved buyer's code. A reservation made before pickup codes existed gets one on its buyer's
 * first look, so every holding reservation has one.
 */
export async function pickupCodeFor(
  ctx: AppContext,
  user: UserRow,
  itemId: string,
): Promise<PickupCodeResponse> {
  const item = await repo.findItem(ctx.db, itemId);
  if (!item) throw new AppError("not_found", SELL_MESSAGES.notFound);
  if (!canSeePickupCode(user, item)) throw new AppError("forbidden", PICKUP_TEXTS.onlyBuyerSees);
  let code = await repo.findBuyersPickupCode(ctx.db, itemId, user.id);
  if (!code) {
    await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockItem(tx, itemId);
      if (locked && canSeePickupCode(user, locked)) await issuePickupCode(tx, itemId, user.id, false);
    });
    code = await repo.findBuyersPickupCode(ctx.db, itemId, user.id);
  }
  if (!code) throw new AppError("forbidden", PICKUP_TEXTS.onlyBuyerSees);
  return { pickup: { itemId, code } };
}

function sameCode(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Outcome = { kind: "sold" } | { kind: "wrong"; left: number } | { kind: "locked"; until: Date };

/**
 * 'Confirm handover': the seller types the code the reserved buyer shows. The right one sells the
 * item to that buyer (both are asked to rate each other); a wrong one is counted, and the fifth in a
 * row locks it for an hour. The item's row is locked first, so of concurrent confirmations one sells
 * and the others find it sold; the count of wrong codes is kept even though the answer is a refusal.
 */
export async function confirmHandover(ctx: AppContext, user: UserRow, itemId: string, code: string) {
  const outcome = await transactionWithEvents<Outcome>(ctx, async (tx, emit) => {
    const item = await repo.lockItem(tx, itemId);
    if (!item) throw new AppError("not_found", SELL_MESSAGES.notFound);
    if (!canConfirmHandover(user, item)) throw new AppError("forbidden", PICKUP_TEXTS.onlySellerConfirms);
    if (item.isSold || !item.isActive) throw new AppError("conflict", "This item is already sold.");
    const buyerId = reservedFor(item);
    if (!buyerId) throw new AppError("conflict", PICKUP_TEXTS.notReserved);
    const stored = await repo.lockPickupCode(tx, itemId);
    if (!stored || stored.buyerId !== buyerId) throw new AppError("conflict", PICKUP_TEXTS.noCode);
    if (stored.lockedUntil && stored.lockedUntil > new Date())
      return { kind: "locked", until: stored.lockedUntil };
    if (!sameCode(code, stored.code)) {
      const after = await repo.recordWrongPickupCode(tx, itemId, PICKUP_MAX_WRONG, PICKUP_LOCK_MINUTES);
      if (after.lockedUntil && after.lockedUntil > new Date())
        return { kind: "locked", until: after.lockedUntil };
      return { kind: "wrong", left: PICKUP_MAX_WRONG - after.failedAttempts };
    }
    await recordSale(tx, emit, user, item, buyerId);
    return { kind: "sold" };
  });
  if (outcome.kind === "locked") throw new AppError("rate_limited", PICKUP_TEXTS.locked(outcome.until));
  if (outcome.kind === "wrong") throw new AppError("invalid_input", PICKUP_TEXTS.wrongCode(outcome.left));
  return toItemDto(await loadItem(ctx, itemId), user);
}
