import { CHAT_MESSAGES, type SendMessageBody } from "@shared/api/chats";
import { formatPrice, SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { AttemptLimit } from "../../plugins/rate-limit-rules";
import { announceEvents } from "../../realtime/transaction";
import { canContactSeller } from "../items/items.policy";
import { findItem } from "../items/items.repository";
import { toChatSummary, toMessageDto } from "./chats.mapper";
import { canReadChat } from "./chats.policy";
import * as repo from "./chats.repository";

const THREAD_LIMIT = 200;
const PREVIEW_LENGTH = 120;

function preview(text: string): string {
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

async function summaryFor(db: Db, user: UserRow, chatId: string) {
  const [row] = await repo.listChatsOf(db, user.id, chatId);
  if (!row) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  return toChatSummary(row, user.id);
}

/** Membership is the server's to decide: only the two members read or write a chat. */
async function assertMember(
  db: Db,
  user: UserRow,
  chatId: string,
): Promise<{ chat: repo.ChatRow; members: string[] }> {
  const found = await repo.findChatWithMembers(db, chatId);
  if (!found) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  if (!canReadChat(user, found.members)) throw new AppError("forbidden", CHAT_MESSAGES.notMember);
  return found;
}

/** Opens the buyer's conversation with the seller about an item, creating it only if absent. */
export async function openItemChat(ctx: AppContext, buyer: UserRow, sellerId: string, itemId: string) {
  const row = await findItem(ctx.db, itemId);
  if (!row) throw new AppError("not_found", SELL_MESSAGES.notFound);
  if (!canContactSeller(buyer, row.item)) throw new AppError("invalid_input", CHAT_MESSAGES.ownItem);
  if (row.item.sellerId !== sellerId) throw new AppError("invalid_input", CHAT_MESSAGES.startFailed);
  const chatId = `${buyer.id}_${sellerId}_${itemId}`;
  await repo.openChat(
    ctx.db,
    { id: chatId, kind: "item", itemId, itemName: row.item.productName, sellerId },
    [buyer.id, sellerId],
  );
  return summaryFor(ctx.db, buyer, chatId);
}

export async function listChats(ctx: AppContext, user: UserRow) {
  return (await repo.listChatsOf(ctx.db, user.id)).map((row) => toChatSummary(row, user.id));
}

export async function getThread(ctx: AppContext, user: UserRow, chatId: string) {
  await assertMember(ctx.db, user, chatId);
  const [chat, rows] = await Promise.all([
    summaryFor(ctx.db, user, chatId),
    repo.latestMessages(ctx.db, chatId, THREAD_LIMIT),
  ]);
  return { chat, messages: rows.map(toMessageDto) };
}

/**
 * One transaction (chats.repository storeSend): the message, the chat's meta (which orders both
 * members' chat lists), the notification to the other member, and the live events; only a member
 * writes. A retry with the same clientId returns the first copy: the message's unique (sender,
 * clientId) index decides, so concurrent retries store one message too.
 */
export async function sendMessage(
  ctx: AppContext,
  sender: UserRow,
  chatId: string,
  body: SendMessageBody | { type: "recruitment_inquiry"; clientId: string; text: string },
  limit?: AttemptLimit,
) {
  const isOffer = body.type === "offer";
  const text = isOffer ? `Offered ${formatPrice(body.offerPrice)}` : body.text.trim();
  const outcome = await repo.storeSend(
    ctx.db,
    {
      chatId,
      senderId: sender.id,
      clientId: body.clientId,
      type: body.type,
      text,
      offerPrice: isOffer ? body.offerPrice : null,
    },
    preview(text),
    {
      type: body.type === "recruitment_inquiry" ? "recruitment_message" : isOffer ? "offer" : "message",
      text: isOffer
        ? `${sender.name} offered ${formatPrice(body.offerPrice)} for `
        : `${sender.name}: ${preview(text)}`,
      isAboutAppended: isOffer,
    },
    limit,
  );
  switch (outcome.kind) {
    case "rate-limited":
      throw new AppError("rate_limited", outcome.limit.message, {
        "retry-after": String(outcome.attempts.retry_after),
      });
    case "chat-not-found":
      throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
    case "not-member":
      throw new AppError("forbidden", CHAT_MESSAGES.notMember);
    case "duplicate": {
      // A retry (or a concurrent copy that won the race): answer with the first message, add nothing.
      const first = await repo.findMessageByClientId(ctx.db, sender.id, body.clientId);
      if (!first) throw new AppError("conflict", "Please send the message again.");
      if (first.chatId !== chatId) throw new AppError("conflict", "This message id was already used.");
      return { message: toMessageDto(first), isNew: false };
    }
    case "stored":
      await announceEvents(ctx, outcome.members, outcome.frames);
      return { message: toMessageDto(outcome.message), isNew: true };
  }
}

/** Refuses anyone but the chat's members. */
export async function getThreadAccess(ctx: AppContext, user: UserRow, chatId: string): Promise<void> {
  await assertMember(ctx.db, user, chatId);
}
