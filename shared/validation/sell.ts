import { MIN_PRICE } from "../constants";

/** Messages of the Sell form (specification sections 5 and 8). */
export const SELL_MESSAGES = {
  notLoggedIn: "Please log in to post an item.",
  profileLoading: "Your profile is still loading. Please wait a moment and try again.",
  uploadFailed: "Failed to upload image. Please try again.",
  imageRequired: "Please select an image for your product.",
  submitFailed: "An error occurred while submitting the form. Please try again.",
  productNameRequired: "Please enter the product name.",
  typeRequired: "Please enter the product type.",
  priceInvalid: "Please enter a price of at least ₹1 in whole rupees.",
  markSoldConfirm: "Mark this item as sold? This will hide it from marketplace.",
  deleteConfirm: "Are you sure you want to delete this item?",
  markSoldFailed: "Failed to mark item as sold. Please try again.",
  deleteFailed: "Failed to delete item. Please try again.",
  notFound: "Item not found",
  notYourItem: "You can only edit your own items.",
  linkCopied: "Link copied to clipboard!",
} as const;

/** Photos per item: at least one, at most eight; the first is the cover. */
export const MAX_ITEM_PHOTOS = 8;
export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_TYPE_MAX_LENGTH = 60;
export const DESCRIPTION_MAX_LENGTH = 2000;
/** Ten lakh rupees: far above any second-hand campus item, low enough to catch a slipped key. */
export const MAX_PRICE = 1_000_000;

/** A price as a whole number of rupees, or null when the text is not one (at least ₹1). */
export function parsePrice(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const price = Number(text);
  return price >= MIN_PRICE && price <= MAX_PRICE ? price : null;
}

/**
 * The spec's file-name normalising for uploads: accents removed, anything but word characters,
 * dot and hyphen turned into underscores, and a timestamp prefix.
 */
export function normaliseFileName(name: string, now: number = Date.now()): string {
  const plain = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w.-]/g, "_");
  return `${now}_${plain}`;
}
