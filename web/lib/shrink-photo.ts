import { MAX_UPLOAD_PIXELS } from "@shared/items-constants";

/**
 * Shrinks a large photo in the browser before it is uploaded. The server stores at most 2560 px
 * on the long side and stops waiting for a request body after 30 s, so a 5 MB phone photo on a
 * 1 Mbit/s connection would be refused; a 2560 px JPEG is a fraction of that. Anything this
 * cannot do well (a GIF, a type the browser cannot decode, a failure at any step) goes up
 * untouched, so the server's own checks and messages still apply to what the person picked.
 */

/** The long side the server stores at most. */
export const SHRINK_MAX_EDGE = 2560;
/** A photo under this size and within SHRINK_MAX_EDGE is uploaded as it is. */
export const SHRINK_MIN_BYTES = 1024 * 1024;
const SHRINK_QUALITY = 0.85;

export type ShrinkableType = "image/jpeg" | "image/png" | "image/webp";

/** The photo's real type from its first bytes (at least 12): only JPEG, PNG and WebP are shrunk. */
export function sniffShrinkableType(head: Uint8Array): ShrinkableType | null {
  const at = (index: number, bytes: number[]) => bytes.every((byte, offset) => head[index + offset] === byte);
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return "image/webp";
  return null;
}

/**
 * Whether a decoded photo is worth re-encoding: it is large in bytes or in pixels. Never when it
 * has more pixels than the server accepts, so the person sees the server's message for it.
 */
export function shouldShrink(photo: { bytes: number; width: number; height: number }): boolean {
  const { bytes, width, height } = photo;
  if (!(width > 0 && height > 0) || width * height > MAX_UPLOAD_PIXELS) return false;
  return bytes >= SHRINK_MIN_BYTES || Math.max(width, height) > SHRINK_MAX_EDGE;
}

/** The size to draw at: at most maxEdge on the long side, same proportions, never enlarged. */
export function shrinkTarget(
  width: number,
  height: number,
  maxEdge = SHRINK_MAX_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.min(maxEdge, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxEdge, Math.round(height * scale))),
  };
}

/** The file name with a .jpg extension, as the photo is now a JPEG. */
export function jpegFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || "photo"}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a transparent PNG gets white rather than black behind it.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    draw(context);
    return canvas.convertToBlob({ type: "image/jpeg", quality: SHRINK_QUALITY });
  }
  if (typeof document === "undefined") return null;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  draw(context);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", SHRINK_QUALITY));
}

/**
 * The file to upload: a JPEG at most SHRINK_MAX_EDGE px on its long side, upright, when the
 * photo is large and that makes it smaller; otherwise the original file, untouched. Never rejects.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap | null = null;
  try {
    const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
    if (!sniffShrinkableType(head)) return file;
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const { width, height } = bitmap;
    if (!shouldShrink({ bytes: file.size, width, height })) return file;
    const target = shrinkTarget(width, height);
    const blob = await encodeJpeg(bitmap, target.width, target.height);
    if (blob?.type !== "image/jpeg" || blob.size === 0 || blob.size >= file.size) return file;
    return new File([blob], jpegFileName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
