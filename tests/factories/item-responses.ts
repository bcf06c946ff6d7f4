import type { Item, ItemAbilities, ItemSummary } from "@shared/api/items";

/**
 * What the server allows the seller on their listed item (fresh: renewal is due only in its last 3
 * days), and on it once sold.
 */
export const SELLER_ABILITIES: ItemAbilities = {
  canEdit: true,
  canMarkSold: true,
  canDelete: true,
  canContact: false,
  canFavourite: false,
  canReport: false,
  canOffer: false,
  canRelease: false,
  canRenew: false,
};
export const SOLD_SELLER_ABILITIES: ItemAbilities = {
  ...SELLER_ABILITIES,
  canEdit: false,
  canMarkSold: false,
  canRenew: false,
};

/** What any other student may do with it. */
export const BUYER_ABILITIES: ItemAbilities = {
  canEdit: false,
  canMarkSold: false,
  canDelete: false,
  canContact: true,
  canFavourite: true,
  canReport: true,
  canOffer: true,
  canRelease: false,
  canRenew: false,
};

/** An item as the API answers with it, seen by its seller unless `abilities` says otherwise. */
export function buildItemResponse(overrides: Partial<Item> = {}): Item {
  return {
    id: "item-1",
    sellerId: "seller-1",
    sellerName: "Asha Rao",
    sellerCollege: "IIT Bombay",
    sellerIsVerified: false,
    productName: "Desk Lamp",
    productImage: "/api/files/images/lamp.webp",
    images: ["/api/files/images/lamp.webp"],
    type: "Lamp",
    price: 450,
    category: "other",
    condition: "used",
    description: "",
    showMobileNumber: false,
    sellerMobile: "",
    isActive: true,
    isSold: false,
    isNegotiable: true,
    isReserved: false,
    isReservedForViewer: false,
    reservedPrice: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    soldAt: null,
    sellerRating: null,
    expiresAt: "2026-12-20T10:00:00.000Z",
    isExpired: false,
    abilities: SELLER_ABILITIES,
    ...overrides,
  };
}

/** An item as a browse or favourites card answers with it (one photo unless `photoCount` says). */
export function buildItemSummaryResponse(overrides: Partial<ItemSummary> = {}): ItemSummary {
  const { images: _images, ...item } = buildItemResponse();
  return { ...item, photoCount: 1, ...overrides };
}
