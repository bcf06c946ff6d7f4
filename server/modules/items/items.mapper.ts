import type { Item } from "@shared/api/items";
import type { UserRow } from "../../db/schema";
import { itemAbilities } from "./items.policy";
import type { ItemWithSeller } from "./items.repository";

/**
 * An item as the API answers it to the viewer: the seller's number only when they chose to show
 * it, and what the viewer may do with it.
 */
export function toItemDto(
  { item, sellerName, sellerCollege, sellerMobile }: ItemWithSeller,
  viewer: Pick<UserRow, "id">,
): Item {
  return {
    id: item.id,
    sellerId: item.sellerId,
    sellerName,
    sellerCollege,
    sellerMobile: item.showMobileNumber ? sellerMobile : "",
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
    createdAt: item.createdAt.toISOString(),
    soldAt: item.soldAt?.toISOString() ?? null,
    expiresAt: item.expiresAt.toISOString(),
    isExpired: item.expiredAt !== null,
    abilities: itemAbilities(viewer, item),
  };
}
