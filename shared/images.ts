/**
 * The resized copies of a stored image that the pages show, by name. The server makes these and
 * nothing else: a fixed, small set per image keeps the work and the cache bounded, whoever asks.
 * Constants only (no zod), so a page that shows an image does not download the validator.
 */
export const IMAGE_VARIANTS = {
  /** Browse cards and the admin's list of posts (spec: 400x400, cover-cropped, quality 80). */
  thumb: { width: 400, height: 400, fit: "cover", quality: 80 },
  /** The item page: the whole picture, up to 1200 px, sharp on a phone held at twice its CSS size. */
  detail: { width: 1200, height: 1200, fit: "inside", quality: 85 },
  /** Profile photos, square: 112 CSS pixels on the profile at twice that, and the small ones in lists. */
  avatar: { width: 224, height: 224, fit: "cover", quality: 80 },
  /** Link previews (Open Graph, Twitter cards): 1200x630, cover-cropped, the size WhatsApp and others show. */
  og: { width: 1200, height: 630, fit: "cover", quality: 80 },
} as const;

export type ImageVariant = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as [ImageVariant, ...ImageVariant[]];

/** Uploads are stored at most this many pixels on their long side; phones take far more than a page shows. */
export const MAX_STORED_IMAGE_SIDE = 2560;

/** The URL of one named variant of a stored image. */
export function variantUrl(url: string, variant: ImageVariant): string {
  const separator = url.includes("?") ? "&" : "?";
  return `${url}${separator}variant=${variant}`;
}

/**
 * How many cards of a list ask for their pictures at once, without waiting to be seen: the first
 * row or two, on screen as a phone or a laptop opens the page.
 */
export const FIRST_CARD_IMAGES = 4;

/** The browse card's transformed image: 400x400, cover-cropped, quality 80 (spec section 4). */
export function thumbnailUrl(url: string): string {
  return variantUrl(url, "thumb");
}
