import { CHAT_MESSAGES, type SendMessageBody } from "@shared/api/chats";
import { BLOCK_MESSAGES, PRIVACY_MESSAGES } from "@shared/trust-constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { type AttemptLimit, countWrite } from "../../plugins/rate-limit-rules";
import { announceEvents, transactionWithEvents } from "../../realtime/transaction";
import { makeOffer } from "../deals/offers.service";
import { canContactSeller } from "../items/items.policy";
import { loadItem } from "../items/items.service";
import { markRead } from "../notifications/notifications.service";
import { assertMayMessage } from "../trust/blocks.service";
import { SCAM_GUARD_LOOKBACK, scamKindOf, scamSignalsOf } from "../trust/scam-guard.service";
import { previewOf, toChatSummary, toDeliveredEvents, toMessageDto, toReadEvents } from "./chats.mapper";
import { canReadChat } from "./chats.policy";
import * as repo from "./chats.repository";

const THREAD_LIMIT = 200;

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

/** Opens a chat between two members unless it exists; true when this call created it. */
export function openChat(ctx: AppContext, chat: repo.NewChat, memberIds: [string, string]): Promise<boolean> {
  return repo.openChat(ctx.db, chat, memberIds);
}

/** Opens the buyer's conversation with the seller about an item, creating it only if absent. */
export async function openItemChat(ctx: AppContext, buyer: UserRow, sellerId: string, itemId: string) {
  const row = await loadItem(ctx, itemId);
  if (!canContactSeller(buyer, row.item)) throw new AppError("invalid_input", CHAT_MESSAGES.ownItem);
  if (row.item.sellerId !== sellerId) throw new AppError("invalid_input", CHAT_MESSAGES.startFailed);
  await assertMayMessage(ctx.db, buyer.id, sellerId);
  const chatId = `${buyer.id}_${sellerId}_${itemId}`;
  // Starting chats en masse would spam sellers and probe who shares numbers with chat partners;
  // going back to a chat that exists costs nothing.
  if (!(await repo.findChatWithMembers(ctx.db, chatId))) await countWrite(ctx, "chatOpen", buyer.id);
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
  const [[row], rows, flags] = await Promise.all([
    repo.listChatsOf(ctx.db, user.id, chatId),
    repo.latestMessagesWithOffers(ctx.db, chatId, THREAD_LIMIT),
    repo.scamFlagsOf(ctx.db, chatId),
  ]);
  if (!row) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  const isNewContact =
    row.counterpartId !== null &&
    !(await repo.hasEarlierChatBetween(ctx.db, chatId, user.id, row.counterpartId));
  // Fetching the thread is this device receiving it: the other member's ticks turn double.
  await recordDelivered(ctx, user, chatId, row.counterpartId ? [user.id, row.counterpartId] : [user.id]);
  return {
    chat: toChatSummary(row, user.id),
    messages: rows.map(({ message, offer }) => toMessageDto(message, user.id, offer, flags.get(message.id))),
    counterpartReadAt: row.counterpartReadAt?.toISOString() ?? null,
    counterpartDeliveredAt: row.counterpartDeliveredAt?.toISOString() ?? null,
    isNewContact,
  };
}

/** The member's device received the chat up to its newest message; both members learn it live. */
async function recordDelivered(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  members: readonly string[],
): Promise<void> {
  // Between two students where one blocked the other, no live event reaches the other member.
  const isBlocked = await repo.isSendBlocked(ctx.db, chatId, user.id);
  const told = isBlocked ? [user.id] : members;
  await transactionWithEvents(ctx, async (tx, emit) => {
    const deliveredAt = await repo.markChatDeliveredUpTo(tx, chatId, user.id);
    if (!deliveredAt) return;
    const delivered = { chatId, userId: user.id, deliveredAt: deliveredAt.toISOString() };
    for (const event of toDeliveredEvents(delivered, told)) emit(event);
  });
}

/** A message reached the member's device over the live socket: it acknowledges the chat as received. */
export async function markChatDelivered(ctx: AppContext, user: UserRow, chatId: string): Promise<void> {
  const { members } = await assertMember(ctx.db, user, chatId);
  await recordDelivered(ctx, user, chatId, members);
}

/**
 * Opening a chat: its notifications are read (the spec's auto-read), and the member has read it
 * up to its newest message, which both members learn live (the other's messages turn 'Seen').
 */
export async function markChatRead(ctx: AppContext, user: UserRow, chatId: string): Promise<void> {
  const { members } = await assertMember(ctx.db, user, chatId);
  // Between two students where one blocked the other, no live event reaches the other member.
  const isBlocked = await repo.isSendBlocked(ctx.db, chatId, user.id);
  const told = isBlocked ? [user.id] : members;
  await transactionWithEvents(ctx, async (tx, emit) => {
    const readAt = await repo.markChatReadUpTo(tx, chatId, user.id);
    if (!readAt) return;
    for (const event of toReadEvents({ chatId, userId: user.id, readAt: readAt.toISOString() }, told)) {
      emit(event);
    }
  });
  await markRead(ctx, user, { chatId });
}

/** A photo of a chat, for its members only, and only one a message of that chat shows. */
export async function assertChatPhoto(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
  photoKey: string,
): Promise<void> {
  await assertMember(ctx.db, user, chatId);
  if (!(await repo.isPhotoOfChat(ctx.db, chatId, photoKey)))
    throw new AppError("not_found", "Photo not found.");
}

type MessageKind = repo.MessageRow["scamKind"];

type SendBody = SendMessageBody | { type: "recruitment_inquiry"; clientId: string; text: string };

type PlainSendBody = Exclude<SendBody, { type: "offer" }>;

/**
 * What a send stores: the text (nothing for a photo), the photo's size, and the scam guard's
 * signals (trust/scam-guard.ts): the words of a text, a QR code in a photo. A text is read again
 * after the sender's last few texts in the chat, which the send's own statement reads (lookBack).
 * Offers go their own way (deals/offers.service).
 */
async function messageOf(
  ctx: AppContext,
  sender: UserRow,
  body: PlainSendBody,
): Promise<{
  text: string;
  photo: { key: string; width: number; height: number } | null;
  scamSignals: string[];
  scamKind: MessageKind;
  lookBack?: repo.LookBack;
}> {
  switch (body.type) {
    case "number":
      // The sender's own number, sent by their choice: it goes to this chat only, as a card.
      if (!sender.mobile) throw new AppError("invalid_input", PRIVACY_MESSAGES.noNumber);
      return { text: sender.mobile, photo: null, scamSignals: [], scamKind: null };
    case "photo": {
      // Only a photo the sender uploaded for chats; a retry finds its first copy before this matters.
      const found = await repo.findOwnChatPhoto(ctx.db, sender.id, body.photoId);
      if (!found) throw new AppError("invalid_input", CHAT_MESSAGES.badPhoto);
      const { qrCheck, ...size } = found;
      const scamSignals = scamSignalsOf({ text: "", photoCheck: qrCheck });
      return {
        text: "",
        photo: { key: body.photoId, ...size },
        scamSignals,
        scamKind: scamKindOf(scamSignals),
      };
    }
    default: {
      const text = body.text.trim();
      // Read after the sender's last few texts too: a UPI ID or a request split over messages; and
      // the first texts of someone new for a way out of the chat (a number, WhatsApp, a link), but
      // not their own number when they chose to show it to every student.
      const sharedNumber = sender.mobileVisibility === "all" ? sender.mobile : null;
      const lookBack: repo.LookBack = {
        since: new Date(Date.now() - SCAM_GUARD_LOOKBACK.minutes * 60_000),
        count: SCAM_GUARD_LOOKBACK.messages,
        signalsAfter: ({ earlierTexts, earlierMessages, isNewContact }) => {
          const newcomer = { isNewContact, earlierMessages, sharedNumber };
          const signals = scamSignalsOf({ text, earlierTexts, newcomer });
          return { signals, kind: scamKindOf(signals) };
        },
      };
      const scamSignals = scamSignalsOf({ text });
      return { text, photo: null, scamSignals, scamKind: scamKindOf(scamSignals), lookBack };
    }
  }
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
  body: SendBody,
  limit?: AttemptLimit,
) {
  // Neither of two students where one blocked the other sends to the other, by any kind of send:
  // the batched send checks in its own statement, before its limit is counted (storeSend), and a
  // refusal of the send's content gives way to the block's.
  const refuseIfBlocked = async () => {
    if (await repo.isSendBlocked(ctx.db, chatId, sender.id))
      throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
  };
  // Offers have a state and rules of their own (offers.service); plain messages keep the batched path.
  // Each one is answered, notified and may reserve the item: counted with the deal actions.
  if (body.type === "offer") {
    await refuseIfBlocked();
    await countWrite(ctx, "dealAction", sender.id);
    return makeOffer(ctx, sender, chatId, body.clientId, body.offerPrice);
  }
  const { text, photo, scamSignals, scamKind, lookBack } = await messageOf(ctx, sender, body).catch(
    async (error: unknown) => {
      await refuseIfBlocked();
      throw error;
    },
  );
  // The list and the notification say 'Photo' for a photo, and name no shared number.
  const shown = previewOf({ type: body.type, text });
  const outcome = await repo.storeSend(
    ctx.db,
    {
      chatId,
      senderId: sender.id,
      clientId: body.clientId,
      type: body.type,
      text,
      offerPrice: null,
      photoKey: photo?.key ?? null,
      photoWidth: photo?.width ?? null,
      photoHeight: photo?.height ?? null,
      scamSignals,
      scamKind,
    },
    shown,
    {
      type: body.type === "recruitment_inquiry" ? "recruitment_message" : "message",
      text: `${sender.name}: ${shown}`,
      fromName: sender.name,
    },
    limit,
    lookBack,
  );
  switch (outcome.kind) {
    case "rate-limited":
      throw new AppError("rate_limited", outcome.limit.message, {
        "retry-after": String(outcome.attempts.retry_after),
      });
    case "blocked":
      throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
    case "chat-not-found":
      throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
    case "not-member":
      // chat_send_many found a block that landed after the batch's first check (under the pair's
      // lock): refused the same way.
      await refuseIfBlocked();
      throw new AppError("forbidden", CHAT_MESSAGES.notMember);
    case "duplicate": {
      // A retry (or a concurrent copy that won the race): answer with the first message, add nothing.
      const first = await repo.findMessageByClientId(ctx.db, sender.id, body.clientId);
      if (!first) throw new AppError("conflict", "Please send the message again.");
      if (first.chatId !== chatId) throw new AppError("conflict", "This message id was already used.");
      // A retry whose first answer was lost still tells the sender, if this was their first flag.
      const flag = first.scamKind ? (await repo.scamFlagsOf(ctx.db, chatId)).get(first.id) : undefined;
      return { message: toMessageDto(first, sender.id, undefined, flag), isNew: false };
    }
    case "stored":
      await announceEvents(ctx, outcome.members, outcome.frames);
      return { message: toMessageDto(outcome.message, sender.id, undefined, outcome.flag), isNew: true };
  }
}
