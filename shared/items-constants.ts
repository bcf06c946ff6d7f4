/** Marketplace constants the pages show; apart from the schemas so that showing them needs no zod. */

/**
 * The sorts of browse: the spec's four, and 'best-match', the order of a typed search (its best
 * matches first, newest first among equals), which is a search's default and means newest without one.
 */
export const BROWSE_SORTS = ["newest", "oldest", "price-low", "price-high", "best-match"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

export const IMAGE_MESSAGES = {
  notAnImage: "Please choose an image file (JPEG, PNG, WebP, AVIF or GIF).",
  tooLarge: "The image is larger than 10 MB. Please choose a smaller one.",
  tooManyPixels: "The image is larger than 40 megapixels. Please choose a smaller one.",
  missing: "Please choose an image to upload.",
  /** A student's stored bytes of the last 24 hours are over the daily quota (UPLOAD_DAILY_MB). */
  dailyQuota: "You've uploaded a lot today. Try again tomorrow.",
  /** A student's image processing time of the last minutes is over its budget (UPLOAD_CPU_SECONDS_PER_10_MIN). */
  processingBudget:
    "Your recent photos took a lot of work to process. Please wait a few minutes and try again.",
} as const;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 40_000_000;
