import { thumbnailUrl } from "@shared/images";

/** Spec section 9: two retries, waiting 1 s and then 2 s. */
const IMAGE_RETRY_DELAYS_MS = [1000, 2000] as const;

/** Spec section 4: start loading within 50px of the viewport, once a tenth of the card shows. */
export const IMAGE_OBSERVER_OPTIONS = { rootMargin: "50px", threshold: 0.1 } as const;

export interface ImageAttempt {
  src: string;
  /** How long to wait before this attempt. */
  delayMs: number;
}

/**
 * Every attempt a card makes, in order: the 400x400 thumbnail, then the original, then the
 * original again after each retry delay. When all fail the card shows its placeholder.
 */
export function imageAttempts(url: string): ImageAttempt[] {
  return [
    { src: thumbnailUrl(url), delayMs: 0 },
    { src: url, delayMs: 0 },
    ...IMAGE_RETRY_DELAYS_MS.map((delayMs) => ({ src: url, delayMs })),
  ];
}

/** The attempt after `index` failed, or null when the card should give up. */
export function nextImageAttempt(url: string, failedIndex: number): ImageAttempt | null {
  return imageAttempts(url)[failedIndex + 1] ?? null;
}

/**
 * URLs that have loaded in this tab. Module-level on purpose: it outlives the cards, so going
 * back to a page shows its images at once instead of waiting for the observer again.
 */
const loadedImageUrls = new Set<string>();

export function rememberLoadedImage(src: string): void {
  loadedImageUrls.add(src);
}

/** A source of this image that already loaded (the thumbnail preferred), or null. */
export function cachedImageSource(url: string): string | null {
  const thumbnail = thumbnailUrl(url);
  if (loadedImageUrls.has(thumbnail)) return thumbnail;
  if (loadedImageUrls.has(url)) return url;
  return null;
}

/** For tests: forget every remembered URL. */
export function clearLoadedImages(): void {
  loadedImageUrls.clear();
}
