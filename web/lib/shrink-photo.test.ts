import { MAX_UPLOAD_PIXELS } from "@shared/items-constants";
import { describe, expect, it } from "vitest";
import {
  jpegFileName,
  SHRINK_MAX_EDGE,
  SHRINK_MIN_BYTES,
  shouldShrink,
  shrinkPhoto,
  shrinkTarget,
  sniffShrinkableType,
} from "./shrink-photo";

const MB = 1024 * 1024;

describe("sniffShrinkableType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffShrinkableType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe(
      "image/jpeg",
    );
    expect(
      sniffShrinkableType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
    ).toBe("image/png");
    expect(sniffShrinkableType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBP"))).toBe(
      "image/webp",
    );
  });

  it("leaves GIF, AVIF, other files and short files alone", () => {
    expect(sniffShrinkableType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(sniffShrinkableType(new TextEncoder().encode("\u0000\u0000\u0000\u001cftypavif"))).toBeNull();
    expect(sniffShrinkableType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WAVE"))).toBeNull();
    expect(sniffShrinkableType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffShrinkableType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe("shouldShrink", () => {
  it("shrinks a photo that is large in bytes or longer than the stored size", () => {
    expect(shouldShrink({ bytes: 5 * MB, width: 4000, height: 3000 })).toBe(true);
    expect(shouldShrink({ bytes: 600_000, width: 4000, height: 3000 })).toBe(true);
    expect(shouldShrink({ bytes: 3 * MB, width: 1600, height: 1200 })).toBe(true);
    expect(shouldShrink({ bytes: SHRINK_MIN_BYTES, width: 800, height: 600 })).toBe(true);
  });

  it("keeps a small photo within the stored size as it is", () => {
    expect(shouldShrink({ bytes: SHRINK_MIN_BYTES - 1, width: 800, height: 600 })).toBe(false);
    expect(shouldShrink({ bytes: 900_000, width: SHRINK_MAX_EDGE, height: SHRINK_MAX_EDGE })).toBe(false);
  });

  it("leaves a photo with more pixels than the server accepts to the server's message", () => {
    expect(shouldShrink({ bytes: 9 * MB, width: 8000, height: MAX_UPLOAD_PIXELS / 8000 + 1 })).toBe(false);
    expect(shouldShrink({ bytes: 9 * MB, width: 8000, height: MAX_UPLOAD_PIXELS / 8000 })).toBe(true);
  });

  it("never acts on a photo without a size", () => {
    expect(shouldShrink({ bytes: 5 * MB, width: 0, height: 3000 })).toBe(false);
  });
});

describe("shrinkTarget", () => {
  it("brings the long side down to 2560 px, keeping proportions", () => {
    expect(shrinkTarget(4000, 3000)).toEqual({ width: 2560, height: 1920 });
    expect(shrinkTarget(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(shrinkTarget(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(shrinkTarget(9000, 100)).toEqual({ width: 2560, height: 28 });
    expect(shrinkTarget(100_000, 10)).toEqual({ width: 2560, height: 1 });
  });

  it("never enlarges a photo", () => {
    expect(shrinkTarget(1600, 1200)).toEqual({ width: 1600, height: 1200 });
    expect(shrinkTarget(2560, 1440)).toEqual({ width: 2560, height: 1440 });
  });
});

describe("jpegFileName", () => {
  it("gives the name a .jpg extension", () => {
    expect(jpegFileName("IMG_2041.PNG")).toBe("IMG_2041.jpg");
    expect(jpegFileName("cycle.photo.webp")).toBe("cycle.photo.jpg");
    expect(jpegFileName("kettle.jpeg")).toBe("kettle.jpg");
    expect(jpegFileName("scan")).toBe("scan.jpg");
    expect(jpegFileName(".png")).toBe(".png.jpg");
    expect(jpegFileName("")).toBe("photo.jpg");
  });
});

describe("shrinkPhoto", () => {
  it("hands back the very file when the browser cannot decode images", async () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "a.jpg", { type: "image/jpeg" });
    expect(await shrinkPhoto(file)).toBe(file);
  });
});
