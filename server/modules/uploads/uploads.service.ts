import path from "node:path";
import { IMAGE_MESSAGES, type UploadResponse } from "@shared/api/items";
import { normaliseFileName } from "@shared/validation/sell";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Bucket, Storage } from "../../plugins/storage";
import { type ProcessedImage, type ResizeRequest, reencodeImage, resizeImage } from "./image-processing";

export interface UploadContext {
  db: Db;
  storage: Storage;
}

export function fileUrl(bucket: Bucket, key: string): string {
  return `/api/files/${bucket}/${key}`;
}

/** The stored key of one of our own file URLs, or null for anything else. */
export function keyOfFileUrl(bucket: Bucket, url: string): string | null {
  const prefix = `/api/files/${bucket}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return /^[\w.-]+$/.test(key) ? key : null;
}

/** The key for a stored image: the spec's normalised name, with the extension of the real format. */
function itemImageKey(originalName: string, image: ProcessedImage, now: number): string {
  const base = path.parse(originalName || "image").name.slice(0, 80) || "image";
  return normaliseFileName(`${base}.${image.extension}`, now);
}

/**
 * Re-encodes and stores an upload, recording who owns it. The database row is written first with
 * a unique key, so two uploads of one name in the same millisecond still get separate files.
 */
export async function storeImage(
  ctx: UploadContext,
  options: {
    bucket: Bucket;
    ownerId: string;
    originalName: string;
    data: Buffer;
    /** The stored name; item images by default use the spec's normalised file name. */
    keyFor?: (now: number, extension: string) => string;
  },
): Promise<UploadResponse> {
  if (options.data.length === 0) throw new AppError("invalid_input", IMAGE_MESSAGES.missing);
  const image = await reencodeImage(options.data);
  const start = Date.now();
  for (let attempt = 0; attempt < 20; attempt++) {
    // Uploads of one name that arrive together would all step through the same next
    // milliseconds; a taken key moves on to a random one within the next second instead.
    const now = attempt === 0 ? start : start + 1 + Math.floor(Math.random() * 1000);
    const key = options.keyFor
      ? options.keyFor(now, image.extension)
      : itemImageKey(options.originalName, image, now);
    const [row] = await ctx.db
      .insert(uploads)
      .values({
        bucket: options.bucket,
        key,
        ownerId: options.ownerId,
        contentType: image.contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
      })
      .onConflictDoNothing()
      .returning({ key: uploads.key });
    if (!row) continue;
    try {
      await ctx.storage.put(options.bucket, key, image.data, image.contentType);
    } catch (error) {
      await ctx.db.delete(uploads).where(and(eq(uploads.bucket, options.bucket), eq(uploads.key, key)));
      throw error;
    }
    return {
      url: fileUrl(options.bucket, key),
      width: image.width,
      height: image.height,
      bytes: image.data.length,
    };
  }
  throw new AppError("conflict", "Please try the upload again.");
}

export async function findUpload(db: Db, bucket: Bucket, key: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)))
    .limit(1);
  return row;
}

const FORMAT_TYPES = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** WebP when the browser takes it (fast to encode), then AVIF, else the original's own format. */
export function chooseFormat(accept: string | undefined, contentType: string): ResizeRequest["format"] {
  if (accept?.includes("image/webp")) return "webp";
  if (accept?.includes("image/avif")) return "avif";
  const own = Object.entries(FORMAT_TYPES).find(([, type]) => type === contentType)?.[0];
  return (own as ResizeRequest["format"] | undefined) ?? "jpeg";
}

/** A resized copy, made once and kept in the bucket's cache. */
export async function readResized(
  storage: Storage,
  bucket: Bucket,
  key: string,
  request: ResizeRequest,
): Promise<{ data: Buffer; contentType: string } | null> {
  const cacheBucket = `${bucket}-cache`;
  const cacheKey = `${key}.${request.width ?? "auto"}x${request.height ?? "auto"}-${request.resize}-q${request.quality}.${request.format}`;
  const cached = await storage.get(cacheBucket, cacheKey);
  if (cached) return cached;
  const original = await storage.get(bucket, key);
  if (!original) return null;
  const data = await resizeImage(original.data, request);
  const contentType = FORMAT_TYPES[request.format];
  await storage.put(cacheBucket, cacheKey, data, contentType);
  return { data, contentType };
}
