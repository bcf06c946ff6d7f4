import type { ChatAbilities } from "@shared/api/chats";
import type { UserRow } from "../../db/schema";
import { isWithinRatingDays, offerRefusal } from "../deals/deals.policy";

type Viewer = Pick<UserRow, "id">;

/** Only the chat's two members read it or write in it; the administrator is no exception. */
export function canReadChat(viewer: Viewer, members: readonly string[]): boolean {
  return members.includes(viewer.id);
}

/** Only a member sends (the send statement checks membership in the same query). */
export function canSendInChat(viewer: Viewer, members: readonly string[]): boolean {
  return members.includes(viewer.id);
}

/** What offers and ratings in an item chat depend on. */
export interface ChatDeal {
  item: Parameters<typeof offerRefusal>[1];
  /** The chat's buyer (the member who is not the seller). */
  buyerId: string | null;
  soldToId: string | null;
  soldAt: Date | null;
  /** The viewer already rated this deal. */
  hasRated: boolean;
}

/**
 * Price offers belong to chats about an item (recruitment chats have none), made by its buyer on an
 * item that is negotiable, not sold and not reserved for another buyer (deals.policy offerRefusal).
 */
export function canOfferInChat(
  viewer: Viewer,
  members: readonly string[],
  chat: { kind: string },
  deal?: ChatDeal | null,
): boolean {
  if (!canSendInChat(viewer, members) || chat.kind !== "item" || !deal) return false;
  return deal.buyerId === viewer.id && offerRefusal(viewer, deal.item) === null;
}

/** Either side of a sale to this chat's buyer rates the other once, within 14 days. */
export function canRateInChat(
  viewer: Viewer,
  members: readonly string[],
  deal?: ChatDeal | null,
  now = new Date(),
) {
  if (!deal?.soldAt || !deal.soldToId || deal.hasRated || !members.includes(viewer.id)) return false;
  if (deal.soldToId !== deal.buyerId) return false;
  return isWithinRatingDays(deal.soldAt, now);
}

/**
 * The viewer's abilities sent with every chat. Once either member has blocked the other, neither
 * sends ('You can't reply to this conversation.'); the service refuses such a send as well.
 */
export function chatAbilities(
  viewer: Viewer,
  members: readonly string[],
  chat: { kind: string },
  deal?: ChatDeal | null,
  isBlockedEither = false,
): ChatAbilities {
  return {
    canSend: canSendInChat(viewer, members) && !isBlockedEither,
    canOffer: canOfferInChat(viewer, members, chat, deal) && !isBlockedEither,
    canRate: canRateInChat(viewer, members, deal),
  };
}
