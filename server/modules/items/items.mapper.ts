import type { Item } from "@shared/api/items";
import { RATINGS_SHOWN_FROM } from "@shared/deals-constants";
import type { UserRow } from "../../db/schema";
import { itemAbilities, reservedFor } from "./items.policy";
import type { ItemWithSeller } from "./items.repository";

/**
 * An item as the API answers it to the viewer: the seller's number only when they chose to show
 * it, and what the viewer may do with it.
 */
export function toItemDto(
  { item, sellerName, sellerCollege, sellerMobile, sellerRatingAverage, sellerRatingCount }: ItemWithSeller,
  viewer: Pick<UserRow, "id">,
): Item {
  const holder = item.isActive ? reservedFor(item) : null;
  return {
    id: item.id,
    sellerId: item.sellerId,
    sellerName,
    sellerCollege,
    sellerMobile: item.showMobileNumber ? sellerMobile : "",
    productName: item.productName,
    productImage: item.productImage,
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
      sellerRatingAverage !== null && sellerRatingCount >= RATINGS_SHOWN_FROM
        ? { average: Math.round(sellerRatingAverage * 10) / 10, count: sellerRatingCount }
        : null,
    abilities: itemAbilities(viewer, item),
  };
}
