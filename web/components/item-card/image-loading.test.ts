import { describe, expect, it } from "vitest";
import {
  cachedImageSource,
  clearLoadedImages,
  IMAGE_OBSERVER_OPTIONS,
  imageAttempts,
  nextImageAttempt,
  rememberLoadedImage,
} from "./image-loading";

const url = "/api/files/images/abc.webp";
const thumbnail = "/api/files/images/abc.webp?variant=thumb";

describe("browse card image loading", () => {
  it("tries the thumbnail first, then the original, then retries after 1 s and 2 s", () => {
    expect(imageAttempts(url)).toEqual([
      { src: thumbnail, delayMs: 0 },
      { src: url, delayMs: 0 },
      { src: url, delayMs: 1000 },
      { src: url, delayMs: 2000 },
    ]);
  });

  it("moves to the next attempt after a failure and gives up after the second retry", () => {
    expect(nextImageAttempt(url, 0)).toEqual({ src: url, delayMs: 0 });
    expect(nextImageAttempt(url, 1)).toEqual({ src: url, delayMs: 1000 });
    expect(nextImageAttempt(url, 2)).toEqual({ src: url, delayMs: 2000 });
    expect(nextImageAttempt(url, 3)).toBeNull();
  });

  it("adds the transform to a URL that already has a query string", () => {
    expect(imageAttempts("https://cdn.example.in/a.jpg?v=2")[0]?.src).toBe(
      "https://cdn.example.in/a.jpg?v=2&variant=thumb",
    );
  });

  it("observes with a 50px margin and a 0.1 threshold", () => {
    expect(IMAGE_OBSERVER_OPTIONS).toEqual({ rootMargin: "50px", threshold: 0.1 });
  });

  it("remembers loaded URLs, preferring the thumbnail", () => {
    clearLoadedImages();
    expect(cachedImageSource(url)).toBeNull();
    rememberLoadedImage(url);
    expect(cachedImageSource(url)).toBe(url);
    rememberLoadedImage(thumbnail);
    expect(cachedImageSource(url)).toBe(thumbnail);
    clearLoadedImages();
    expect(cachedImageSource(url)).toBeNull();
  });
});
