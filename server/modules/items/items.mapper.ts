import type { Item, ItemSummary } from "@shared/api/items";
import { RATINGS_SHOWN_FROM } from "@shared/deals-constants";
import type { UserRow } from "../../db/schema";
import { reservedFor } from "../deals/deals.policy";
import { canSeeMobile } from "../trust/privacy.policy";
import { itemAbilities } from "./items.policy";
import type { ItemWithSeller } from "./items.repository";

/**
 * Who the viewer shares a chat with, among the sellers of the items answered (for a seller whose
 * number is for 'People I'm chatting with'); "admin" for the admin API, which shows every number
 * a seller put on an item.
 */
export type ChattingWith = ReadonlySet<string> | "admin";

/**
 * The seller's number on an item: only when they ticked 'show my mobile number' on it (the spec)
 * and their privacy setting lets the viewer see it (issue 18).
 */
function sellerMobileFor(row: ItemWithSeller, viewer: Pick<UserRow, "id">, chatting?: ChattingWith): string {
  if (!row.item.showMobileNumber) return "";
  if (chatting === "admin") return row.sellerMobile;
  const isChatting = chatting?.has(row.item.sellerId) ?? false;
  const facts = { id: row.item.sellerId, mobileVisibility: row.sellerMobileVisibility, isChatting };
  return canSeeMobile(viewer, facts) ? row.sellerMobile : "";
}

/**
 * An item as the API answers it to the viewer: the seller's number only when they chose to show
 * it on the item and their privacy allows, and what the viewer may do with it.
 */
export function toItemDto(row: ItemWithSeller, viewer: Pick<UserRow, "id">, chatting?: ChattingWith): Item {
  const { item, sellerName, sellerCollege } = row;
  const [ratingAverage, ratingCount] = row.sellerRatingStats;
  const holder = item.isActive ? reservedFor(item) : null;
  return {
    id: item.id,
    sellerId: item.sellerId,
    sellerName,
    sellerCollege,
    sellerMobile: sellerMobileFor(row, viewer, chatting),
    sellerIsVerified: row.sellerIsVerified,
    productName: item.productName,
    productImage: item.productImage,
    images: item.images.length > 0 ? item.images : [item.productImage],
    type: item.type,
    price: item.price,
    category: item.category,
    condition: item.condition,
    description: item.description,
    showMobileNumber: item.showMobileNumber,
    isActive: item.isActive,
    isSold: item.isSold,
    isNegotiable: item.isNegotiable,
    isReserved: holder !== null,
    isReservedForViewer: holder !== null && holder === viewer.id,
    createdAt: item.createdAt.toISOString(),
    soldAt: item.soldAt?.toISOString() ?? null,
    sellerRating:
      ratingAverage !== null && ratingCount >= RATINGS_SHOWN_FROM
        ? { average: Math.round(ratingAverage * 10) / 10, count: ratingCount }
        : null,
    expiresAt: item.expiresAt.toISOString(),
    isExpired: item.expiredAt !== null,
    abilities: itemAbilities(viewer, item),
  };
}

/** An item as a browse or favourites card: the photo count instead of every photo's URL. */
export function toItemSummaryDto(
  row: ItemWithSeller,
  viewer: Pick<UserRow, "id">,
  chatting?: ChattingWith,
): ItemSummary {
  const { images, ...card } = toItemDto(row, viewer, chatting);
  return { ...card, photoCount: images.length };
}
