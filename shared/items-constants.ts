/** Marketplace constants the pages show; apart from the schemas so that showing them needs no zod. */

export const BROWSE_SORTS = ["newest", "oldest", "price-low", "price-high"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export const IMAGE_MESSAGES = {
  notAnImage: "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).",
  tooLarge: "The image is larger than 10 MB. Please choose a smaller one.",
  tooManyPixels: "The image is larger than 40 megapixels. Please choose a smaller one.",
  missing: "Please choose an image to upload.",
} as const;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;

/** Photos per item: at least one, at most eight; the first is the cover. */
export const MAX_ITEM_PHOTOS = 8;
/** A listing stays active this many days from posting or its last renewal. */
export const LISTING_ACTIVE_DAYS = 30;
/** The seller is told this many days before a listing lapses. */
export const LISTING_WARNING_DAYS = 3;
/** Active listings one student may have at once. */
export const MAX_ACTIVE_LISTINGS = 50;
/** Saved searches one student may keep. */
export const MAX_SAVED_SEARCHES = 20;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 60;

/** How a price reads in notices: the rupee sign and Indian digit grouping. */
const rupees = (price: number) => `₹${price.toLocaleString("en-IN")}`;

/** Texts of photos, freshness, price drops, sharing and saved searches (issue 20, binding). */
export const LISTING_TEXTS = {
  tooManyPhotos: `You can add at most ${MAX_ITEM_PHOTOS} photos.`,
  duplicatePhoto: "Each photo can be added only once.",
  coverMustBeFirst: "The cover photo must be the first photo.",
  cover: "Cover",
  moveLeft: "Move left",
  moveRight: "Move right",
  removePhoto: "Remove photo",
  addPhotos: "Add photos",
  activeCap: `You can have at most ${MAX_ACTIVE_LISTINGS} active listings. Mark sold or delete some first.`,
  expiresSoon: (name: string) => `Your listing ${name} expires in ${LISTING_WARNING_DAYS} days.`,
  expired: "Expired",
  renew: "Renew",
  renewed: "Your listing is back on the marketplace for 30 days.",
  notExpiring: "Only an active or expired listing of yours can be renewed.",
  priceDropped: (name: string, price: number, old: number) =>
    `Price dropped: ${name} is now ${rupees(price)} (was ${rupees(old)}).`,
  shareOnWhatsApp: "Share on WhatsApp",
  signInToContact: "Sign in to contact the seller",
  createAccount: "Create Free Account",
  saveSearch: "Save Search",
  savedSearches: "Saved searches",
  savedSearchSaved: "Search saved. We'll tell you when new items match.",
  savedSearchCap: `You can save at most ${MAX_SAVED_SEARCHES} searches. Delete one first.`,
  savedSearchNotFound: "Saved search not found",
  savedSearchEmpty: "Save a search on Buy to hear about new items that match it.",
  view: "View",
  delete: "Delete",
  savedSearchAlert: (count: number, name: string, college: string) =>
    `${count} new item${count === 1 ? "" : "s"} for "${name}"${college ? ` at ${college}` : ""}`,
} as const;

/** The 'Share on WhatsApp' link: the title and the item's address, through wa.me. */
export function whatsAppShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

/** The preview title of an item: '{name} · ₹{price}'. */
export function itemShareTitle(name: string, price: number): string {
  return `${name} · ${rupees(price)}`;
}
