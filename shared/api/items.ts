import { z } from "zod";
import { CATEGORIES, CONDITIONS, MIN_PRICE, PAGE_SIZE } from "../constants";
import { BROWSE_SORTS } from "../items-constants";
import { PHOTO_TEXTS } from "../photo-texts";
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_ITEM_PHOTOS,
  MAX_PRICE,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_TYPE_MAX_LENGTH,
  SELL_MESSAGES,
} from "../validation/sell";
import { multiLine, singleLine, typedText } from "./text-rules";

// Re-exported for the server; the browser imports them from ../items-constants, without zod.
export {
  BROWSE_SORTS,
  type BrowseSort,
  IMAGE_MESSAGES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
} from "../items-constants";

const requiredText = (max: number, message: string, field: string) =>
  typedText()
    .refine((value) => value.trim().length > 0, message)
    .refine((value) => value.trim().length <= max, `At most ${max} characters.`)
    .refine(...singleLine(field));

const imageUrl = typedText(SELL_MESSAGES.imageRequired)
  .min(1, SELL_MESSAGES.imageRequired)
  .max(500)
  .refine(...singleLine("The image address"));

/**
 * What the Sell form sends, for a new item or an edit. The images are URLs from the upload call:
 * `images` in order (1 to 8, the first is the cover), and `productImage` the cover. A client that
 * sends only `productImage` posts one photo.
 */
export const ItemFieldsSchema = z.object({
  productName: requiredText(PRODUCT_NAME_MAX_LENGTH, SELL_MESSAGES.productNameRequired, "The product name"),
  type: requiredText(PRODUCT_TYPE_MAX_LENGTH, SELL_MESSAGES.typeRequired, "The product type"),
  price: z
    .number(SELL_MESSAGES.priceInvalid)
    .int(SELL_MESSAGES.priceInvalid)
    .min(MIN_PRICE, SELL_MESSAGES.priceInvalid)
    .max(MAX_PRICE, SELL_MESSAGES.priceInvalid),
  category: z.enum(CATEGORIES),
  condition: z.enum(CONDITIONS),
  description: typedText()
    .max(DESCRIPTION_MAX_LENGTH, `At most ${DESCRIPTION_MAX_LENGTH} characters.`)
    .refine(...multiLine("The description")),
  showMobileNumber: z.boolean(),
  /** 'Price is negotiable' (ticked by default): unticked, the item page says 'Fixed price'. */
  isNegotiable: z.boolean().default(true),
  productImage: imageUrl,
  images: z
    .array(imageUrl)
    .min(1, SELL_MESSAGES.imageRequired)
    .max(MAX_ITEM_PHOTOS, PHOTO_TEXTS.tooManyPhotos)
    .refine((urls) => new Set(urls).size === urls.length, PHOTO_TEXTS.duplicatePhoto)
    .optional(),
});
export const ItemInputSchema = ItemFieldsSchema.refine(
  (input) => !input.images || input.images[0] === input.productImage,
  { message: PHOTO_TEXTS.coverMustBeFirst, path: ["productImage"] },
);
export type ItemInput = z.infer<typeof ItemInputSchema>;

/**
 * What the viewer may do with an item, from the server's item policy: the page shows the buttons
 * these allow instead of comparing ids itself.
 */
export const ItemAbilitiesSchema = z.object({
  /** The seller, while the item is for sale. */
  canEdit: z.boolean(),
  /** The seller, while the item is for sale. */
  canMarkSold: z.boolean(),
  /** The seller. */
  canDelete: z.boolean(),
  /** Anyone but the seller. */
  canContact: z.boolean(),
  /** Anyone but the seller. */
  canFavourite: z.boolean(),
  /** Anyone but the seller: 'Report' on the item page. */
  canReport: z.boolean(),
  /**
   * 'Make Offer': anyone but the seller, while the item is negotiable, not sold and not reserved for
   * another buyer.
   */
  canOffer: z.boolean(),
  /** The seller, while the item is reserved: 'Release Reservation'. */
  canRelease: z.boolean(),
  /** The seller, while the item is not sold: puts it back on the marketplace for 30 days. */
  canRenew: z.boolean(),
});
export type ItemAbilities = z.infer<typeof ItemAbilitiesSchema>;

/** An item as browse cards, the detail page and the profile grids show it. */
export const ItemSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  sellerCollege: z.string(),
  /** A verified student of their college (issue 36): the card's check and 'Verified sellers only'. */
  sellerIsVerified: z.boolean(),
  productName: z.string(),
  /** The cover: the first of `images`. */
  productImage: z.string(),
  /** Every photo in order, the cover first. */
  images: z.array(z.string()),
  type: z.string(),
  price: z.number().int(),
  category: z.enum(CATEGORIES),
  condition: z.string(),
  description: z.string(),
  showMobileNumber: z.boolean(),
  /** The seller's number, only when they chose to show it. */
  sellerMobile: z.string(),
  isActive: z.boolean(),
  isSold: z.boolean(),
  /** 'Price is negotiable'; false shows 'Fixed price'. */
  isNegotiable: z.boolean(),
  /** An accepted offer holds it for one buyer: the 'Reserved' badge. */
  isReserved: z.boolean(),
  /** Whether the reservation is for the viewer. */
  isReservedForViewer: z.boolean(),
  /**
   * The accepted offer's price while reserved: the deal's price, shown in place of `price` with
   * 'Listed at {price}' beside it; null when not reserved.
   */
  reservedPrice: z.number().int().nullable(),
  createdAt: z.string(),
  soldAt: z.string().nullable(),
  /** The seller's average as their profile shows it; null while 'New on Campus Bazaar'. */
  sellerRating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** When the listing lapses unless renewed. */
  expiresAt: z.string(),
  /** Lapsed after 30 days: off the marketplace until its seller renews it. */
  isExpired: z.boolean(),
  abilities: ItemAbilitiesSchema,
});
export type Item = z.infer<typeof ItemSchema>;

/**
 * An item as a browse or favourites card shows it: the cover and how many photos there are, not
 * the whole list (the detail page has it), so a page of cards stays small.
 */
export const ItemSummarySchema = ItemSchema.omit({ images: true }).extend({
  /** How many photos the item has, the cover included. */
  photoCount: z.number().int().min(1),
  /** Whether the viewer keeps it among their favourites (the card's heart); absent where not asked. */
  isFavourite: z.boolean().optional(),
});
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

export const ItemResponseSchema = z.object({ item: ItemSchema });

export const ItemDetailResponseSchema = z.object({
  item: ItemSchema,
  seller: z.object({
    id: z.string(),
    name: z.string(),
    college: z.string(),
    /** 'Verified Student': verified by the college (a code to a college address, or an ID review). */
    isVerified: z.boolean(),
    /** 'E-mail confirmed': the sign-in address was confirmed, the college not (yet) verified. */
    isEmailConfirmed: z.boolean(),
    followers: z.number().int(),
  }),
  isFavourite: z.boolean(),
});
export type ItemDetailResponse = z.infer<typeof ItemDetailResponseSchema>;

/** A price bound of the browse filters, whole rupees as typed in the query string. */
const priceBound = (which: "minimum" | "maximum") =>
  z.coerce
    .number(`The ${which} price must be a whole number of rupees.`)
    .int(`The ${which} price must be a whole number of rupees.`)
    .min(0, `The ${which} price must be a whole number of rupees.`)
    .max(MAX_PRICE, `The ${which} price can be at most ₹${MAX_PRICE}.`)
    .optional();

export const BROWSE_FILTER_MESSAGES = {
  priceRange: "The minimum price cannot be more than the maximum price.",
  condition: `The condition must be one of: ${CONDITIONS.join(", ")}.`,
} as const;

export const BrowseQuerySchema = z
  .object({
    search: z.string().max(100).optional(),
    category: z.enum(["all", ...CATEGORIES]).default("all"),
    /** The seller's college, exactly as in the directory. */
    college: z.string().max(200).optional(),
    /** The sellers' city, exactly as in the directory: every college of it. */
    city: z.string().max(100, "The city is at most 100 characters.").optional(),
    /** Price bounds in whole rupees, both inclusive. */
    minPrice: priceBound("minimum"),
    maxPrice: priceBound("maximum"),
    condition: z.enum(CONDITIONS, BROWSE_FILTER_MESSAGES.condition).optional(),
    /** Newest first when left out; with a search, best match first (newest first among equals). */
    sort: z.enum(BROWSE_SORTS).optional(),
    /** 'Hide reserved': leaves out items an accepted offer holds. */
    hideReserved: z.literal("true").optional(),
    /** 'Verified sellers only': items of verified students of their college. */
    verifiedOnly: z.literal("true").optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    {
      message: BROWSE_FILTER_MESSAGES.priceRange,
      path: ["minPrice"],
    },
  );
export type BrowseQuery = z.input<typeof BrowseQuerySchema>;

/**
 * Below a first page of fewer than 12 items within one college: the newest items of the other
 * colleges of its city ('More in {city}'), then of the rest of India ('Across India'), under the
 * same search, category, price and condition. Not counted in 'N item(s) found'.
 */
export const BrowseMoreSchema = z.object({
  city: z.string(),
  nearby: z.array(ItemSummarySchema),
  india: z.array(ItemSummarySchema),
});
export type BrowseMore = z.infer<typeof BrowseMoreSchema>;

export const BrowseResponseSchema = z.object({
  items: z.array(ItemSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(PAGE_SIZE),
  totalPages: z.number().int(),
  /** The sections below the results; null when the page is full, past page 1 or not one college. */
  more: BrowseMoreSchema.nullable(),
});
export type BrowseResponse = z.infer<typeof BrowseResponseSchema>;

export const MyItemsResponseSchema = z.object({ items: z.array(ItemSchema) });

export const FavouritesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FavouritesQuery = z.input<typeof FavouritesQuerySchema>;

/**
 * The signed-in student's saved items, most recently saved first, 12 a page. Sold items stay (shown
 * as sold, so the student learns what became of them); items that are deleted, or whose seller's
 * account is gone, are not there.
 */
export const FavouritesResponseSchema = z.object({
  items: z.array(ItemSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(PAGE_SIZE),
  totalPages: z.number().int(),
});
export type FavouritesResponse = z.infer<typeof FavouritesResponseSchema>;

export const UploadResponseSchema = z.object({
  /** Public URL of the stored image; its named resized copies take ?variant= (shared/images.ts). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;
