import type { ChatAbilities } from "@shared/api/chats";
import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;

/** Only the chat's two members read it or write in it; the administrator is no exception. */
export function canReadChat(viewer: Viewer, members: readonly string[]): boolean {
  return members.includes(viewer.id);
}

/** Only a member sends (the send statement checks membership in the same query). */
export function canSendInChat(viewer: Viewer, members: readonly string[]): boolean {
  return members.includes(viewer.id);
}

/** Price offers belong to chats about an item; recruitment chats have none. */
export function canOfferInChat(viewer: Viewer, members: readonly string[], chat: { kind: string }): boolean {
  return canSendInChat(viewer, members) && chat.kind === "item";
}

/**
 * The viewer's abilities sent with every chat. Once either member has blocked the other, neither
 * sends ('You can't reply to this conversation.'); the service refuses such a send as well.
 */
export function chatAbilities(
  viewer: Viewer,
  members: readonly string[],
  chat: { kind: string },
  isBlockedEither = false,
): ChatAbilities {
  return {
    canSend: canSendInChat(viewer, members) && !isBlockedEither,
    canOffer: canOfferInChat(viewer, members, chat) && !isBlockedEither,
  };
}
