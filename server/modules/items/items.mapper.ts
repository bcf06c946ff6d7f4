import type { Item, ItemSummary } from "@shared/api/items";
import { RATINGS_SHOWN_FROM } from "@shared/deals-constants";
import type { UserRow } from "../../db/schema";
import { reservedFor } from "../deals/deals.policy";
import { itemAbilities } from "./items.policy";
import type { ItemWithSeller } from "./items.repository";

/**
 * The seller's number on an item: only when they ticked 'show my mobile number' on it (the spec).
 * The tick is the seller's consent for that item (issue 36): every student who may see the item
 * sees its 'Call {number}', whatever the seller's privacy setting; an unticked item carries none.
 */
function sellerMobileFor(row: ItemWithSeller): string {
  return row.item.showMobileNumber ? row.sellerMobile : "";
}

/**
 * An item as the API answers it to the viewer: the seller's number only when they chose to show
 * it on the item, and what the viewer may do with it.
 */
export function toItemDto(row: ItemWithSeller, viewer: Pick<UserRow, "id">): Item {
  const { item, sellerName, sellerCollege } = row;
  const [ratingAverage, ratingCount] = row.sellerRatingStats;
  const holder = item.isActive ? reservedFor(item) : null;
  return {
    id: item.id,
    sellerId: item.sellerId,
    sellerName,
    sellerCollege,
    sellerMobile: sellerMobileFor(row),
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
    reservedPrice: holder !== null ? item.reservedPrice : null,
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
export function toItemSummaryDto(row: ItemWithSeller, viewer: Pick<UserRow, "id">): ItemSummary {
  const { images, ...card } = toItemDto(row, viewer);
  return { ...card, photoCount: images.length };
}
