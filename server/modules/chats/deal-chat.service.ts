import { CHAT_MESSAGES } from "@shared/api/chats";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PendingEvent } from "../../realtime/live-events";
import { previewOf, type StoredSend, toSendEvents } from "./chats.mapper";
import { canReadChat } from "./chats.policy";
import {
  type ChatRow,
  findChatWithMembers,
  findMessage,
  findMessageByClientId,
  isSendBlocked,
  type MessageRow,
  type SendNotice,
  writeMessage,
} from "./chats.repository";

/*
 * What the deals (server/modules/deals) do in a chat: find the chat a member may act in, write one
 * message inside their transaction (an offer, a counter, a line about the deal) and read one back.
 * The deals call these, never the chats' repository.
 */

/**
 * The chat and its members' ids, when the user is a member and no block stands between them:
 * an offer or its answer is refused where a message would be.
 */
/** The chat's answers and live events for a deal's message, as the deal's services send them. */
export { toMessageDto, toOfferEvents } from "./chats.mapper";

export async function loadChatToAct(
  tx: Db,
  user: UserRow,
  chatId: string,
): Promise<{ chat: ChatRow; members: string[] }> {
  const found = await findChatWithMembers(tx, chatId);
  if (!found) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  if (!canReadChat(user, found.members)) throw new AppError("forbidden", CHAT_MESSAGES.notMember);
  // Blocked either way: no offers or answers between them, as no messages.
  if (await isSendBlocked(tx, chatId, user.id)) throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
  return found;
}

/** The chat and its members' ids, when the user is a member (a block aside: reading is allowed). */
export async function loadChatToRead(
  db: Db,
  user: UserRow,
  chatId: string,
): Promise<{ chat: ChatRow; members: string[] }> {
  const found = await findChatWithMembers(db, chatId);
  if (!found) throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
  if (!canReadChat(user, found.members)) throw new AppError("forbidden", CHAT_MESSAGES.notMember);
  return found;
}

/** The sender's message with this clientId (a retried send's first copy), if any. */
export function findSentMessage(db: Db, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  return findMessageByClientId(db, senderId, clientId);
}

/** A message by its id (an offer's message shares the offer's id). */
export function findChatMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return findMessage(db, id);
}

/** A second write of an offer's clientId: the caller answers with the first copy. */
export class DuplicateMessage extends Error {
  constructor() {
    super("This message was already stored.");
  }
}

/**
 * Writes a message inside the caller's transaction (an offer, a counter, a line about the deal)
 * the way every chat message is written (chats.repository writeMessage, the batched sends'
 * function): the chat's latest message and preview by the same rule, the notification (`notice`,
 * none for a deal line), and both members' live events from the same mapper, with the offer's
 * state when it is one. Refused as a send is: not a member, or a block between the two.
 */
export async function insertChatMessage(
  tx: Db,
  emit: (event: PendingEvent) => void,
  values: Pick<MessageRow, "chatId" | "senderId" | "clientId" | "type" | "text" | "offerPrice">,
  notice: SendNotice | null,
  offer?: StoredSend["offer"],
): Promise<{ message: MessageRow; members: string[] }> {
  const outcome = await writeMessage(
    tx,
    { ...values, photoKey: null, photoWidth: null, photoHeight: null, scamSignals: [], scamKind: null },
    previewOf(values),
    notice,
  );
  switch (outcome.kind) {
    case "chat-not-found":
      throw new AppError("not_found", CHAT_MESSAGES.chatNotFound);
    case "not-member":
      throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
    case "duplicate":
      throw new DuplicateMessage();
    case "stored":
      for (const event of toSendEvents({ ...outcome.send, offer })) emit(event);
      return { message: outcome.send.message, members: outcome.send.members };
  }
}

/**
 * A system line in a chat ('This item is now reserved.'), written as its seller's and shown to both
 * members; returns the members it went to.
 */
export async function insertSystemLine(
  tx: Db,
  emit: (event: PendingEvent) => void,
  chatId: string,
  senderId: string,
  text: string,
): Promise<string[]> {
  const { members } = await insertChatMessage(
    tx,
    emit,
    { chatId, senderId, clientId: `deal-${crypto.randomUUID()}`, type: "system", text, offerPrice: null },
    null,
  );
  return members;
}
