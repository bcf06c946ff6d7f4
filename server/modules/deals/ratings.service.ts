import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { DealRatingsResponse, RateBody, Reputation, Review } from "@shared/api/ratings";
import { DEAL_MESSAGES } from "@shared/deals-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { itemChats } from "./deal-lines";
import { canRateDeal, canRemoveRating, counterpartOfDeal } from "./deals.policy";
import * as repo from "./deals.repository";

function toReview(row: {
  id: string;
  raterId: string;
  raterName: string;
  itemName: string;
  stars: number;
  comment: string;
  createdAt: Date;
}): Review {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function loadDeal(ctx: AppContext, itemId: string) {
  const item = await repo.findItem(ctx.db, itemId);
  if (!item) throw new AppError("not_found", SELL_MESSAGES.notFound);
  return item;
}

/** Rates the other side of a sale: once, within 14 days, only by its buyer or seller. */
export async function rateDeal(ctx: AppContext, user: UserRow, itemId: string, body: Required<RateBody>) {
  const item = await loadDeal(ctx, itemId);
  const ratee = counterpartOfDeal(user, item);
  if (!ratee || !item.soldAt || !canRateDeal(user, item))
    throw new AppError("forbidden", DEAL_MESSAGES.cannotRate);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const row = await repo.insertRating(tx, {
      itemId,
      itemName: item.productName,
      raterId: user.id,
      rateeId: ratee,
      stars: body.stars,
      comment: body.comment.trim(),
      dealAt: item.soldAt ?? new Date(),
    });
    if (!row) throw new AppError("conflict", DEAL_MESSAGES.alreadyRated);
    // Both sides' chat shows the change ('Rate' leaves; a revealed rating shows).
    const chat = (await itemChats(tx, itemId)).find((c) => c.buyerId === item.buyerId);
    if (chat) {
      for (const userId of [item.sellerId, chat.buyerId]) {
        emit({ userId, event: { type: "deal.updated", data: { chatId: chat.chatId } } });
      }
    }
  });
}

/** The viewer's own rating of a deal, and the other side's only once revealed (double-blind). */
export async function dealRatings(
  ctx: AppContext,
  user: UserRow,
  itemId: string,
): Promise<DealRatingsResponse> {
  const item = await loadDeal(ctx, itemId);
  if (!counterpartOfDeal(user, item)) throw new AppError("forbidden", DEAL_MESSAGES.cannotRate);
  const rows = await repo.findDealRatings(ctx.db, itemId);
  const mine = rows.find((row) => row.raterId === user.id);
  const theirs = rows.find((row) => row.raterId !== user.id && row.isRevealed);
  return { mine: mine ? toReview(mine) : null, theirs: theirs ? toReview(theirs) : null };
}

/** A profile's reputation: revealed ratings, items sold, how soon they usually reply. */
export async function reputationOf(ctx: AppContext, userId: string): Promise<Reputation> {
  const [ratings, itemsSold, replyMinutes] = await Promise.all([
    repo.findRevealedRatingsOf(ctx.db, userId),
    repo.countItemsSold(ctx.db, userId),
    repo.medianReplyMinutes(ctx.db, userId),
  ]);
  return {
    average: ratings.count >= 3 && ratings.average !== null ? Math.round(ratings.average * 10) / 10 : null,
    count: ratings.count,
    itemsSold,
    replyMinutes,
    reviews: ratings.reviews.map(toReview),
  };
}

/** The administrator removes a rating (after a report), with an audit entry. */
export async function removeRating(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  if (!canRemoveRating(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteRating(tx, id);
    if (!row) throw new AppError("not_found", DEAL_MESSAGES.ratingNotFound);
    await recordAudit(
      tx,
      admin,
      "rating.delete",
      { type: "rating", id },
      { raterId: row.raterId, rateeId: row.rateeId },
    );
  });
}
