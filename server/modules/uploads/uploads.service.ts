import { randomBytes } from "node:crypto";
import path from "node:path";
import { IMAGE_MESSAGES, type UploadResponse } from "@shared/api/items";
import { IMAGE_VARIANT_NAMES, type ImageVariant } from "@shared/images";
import type { PhotoCheck } from "@shared/trust-constants";
import { normaliseFileName } from "@shared/validation/sell";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { checkImageTime, spendImageTime } from "../../plugins/rate-limit-rules";
import type { Bucket, Storage } from "../../plugins/storage";
import {
  FORMAT_TYPES,
  type OutputFormat,
  type ProcessedImage,
  reencodeImage,
  renderVariant,
} from "./image-processing";
import { imageQueue } from "./image-queue";
import { checkForQrCode } from "./qr-code";
import * as repo from "./uploads.repository";

export { findUpload } from "./uploads.repository";

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

/**
 * 128 random bits in every key, so a stored file's address cannot be guessed from its upload time
 * or its name (base64url: letters, digits, '-' and '_', all safe in a key).
 */
function unguessablePart(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * The key for a stored image. Item images: the spec's normalised name (timestamp prefix) with the
 * random part before the name and the extension of the real format. Profile photos: the spec's
 * profile-{uid}-{timestamp}, then the random part. Chat photos: chat-{timestamp}-{random}.
 */
function keyFor(bucket: Bucket, ownerId: string, originalName: string, image: ProcessedImage): string {
  const now = Date.now();
  if (bucket === "profiles") return `profile-${ownerId}-${now}-${unguessablePart()}.${image.extension}`;
  // A chat photo's key says nothing about who sent it or what it was called.
  if (bucket === "chats") return `chat-${now}-${unguessablePart()}.${image.extension}`;
  if (bucket === "ids") return `id-${now}-${unguessablePart()}.${image.extension}`;
  const base = path.parse(originalName || "image").name.slice(0, 80) || "image";
  return normaliseFileName(`${unguessablePart()}_${base}.${image.extension}`, now);
}

const MEGABYTE = 1024 * 1024;
const DAY_SECONDS = 86_400;

/** What an upload needs beyond the files: the student's image time and daily quota settings. */
export type StoreContext = UploadContext &
  Pick<AppContext, "rateLimiter" | "config"> & { log?: FastifyBaseLogger };

/**
 * 429 with the daily quota's message when `adding` bytes would take the student's stored bytes of
 * the last 24 hours over UPLOAD_DAILY_MB; Retry-After is when enough of them are a day old.
 */
async function checkDailyQuota(ctx: StoreContext, ownerId: string, adding: number): Promise<void> {
  const maxBytes = Math.floor(ctx.config.UPLOAD_DAILY_MB * MEGABYTE);
  const use = await repo.dailyUseOf(ctx.db, ownerId, { adding, maxBytes });
  if (use.bytes + adding <= maxBytes) return;
  throw new AppError("rate_limited", IMAGE_MESSAGES.dailyQuota, {
    "retry-after": String(use.secondsUntilRoom ?? DAY_SECONDS),
  });
}

/**
 * Re-encodes an upload in the image queue's upload lane, taking turns with other students, and
 * adds the time its work took to the student's budget, whether or not the picture was good.
 */
async function processUpload(
  ctx: StoreContext,
  options: { bucket: Bucket; ownerId: string; data: Buffer },
): Promise<{ image: ProcessedImage; qrCheck: PhotoCheck | null }> {
  let workedMs = 0;
  try {
    return await imageQueue.run(
      "upload",
      async () => {
        const startedAt = performance.now();
        try {
          const image = await reencodeImage(options.data);
          // A chat photo is also read for a QR code (the scam guard), in the same place in the line.
          // A photo the reader could not finish is 'unchecked' rather than refused: the guard never
          // stops an honest photo, and its recipient sees it blurred.
          const qrCheck =
            options.bucket === "chats"
              ? await checkForQrCode(image.data, { timeoutMs: ctx.config.QR_READ_TIMEOUT_MS, log: ctx.log })
              : null;
          return { image, qrCheck };
        } finally {
          workedMs = performance.now() - startedAt;
        }
      },
      options.ownerId,
    );
  } finally {
    if (workedMs > 0) await spendImageTime(ctx, options.ownerId, workedMs);
  }
}

/**
 * Re-encodes and stores an upload, recording who owns it; the row is written before the file. A
 * student whose image time or daily quota is spent is refused before any work; the quota is
 * checked again, under the student's lock, with the stored size.
 */
export async function storeImage(
  ctx: StoreContext,
  options: { bucket: Bucket; ownerId: string; originalName: string; data: Buffer },
): Promise<UploadResponse> {
  if (options.data.length === 0) throw new AppError("invalid_input", IMAGE_MESSAGES.missing);
  await checkImageTime(ctx, options.ownerId);
  await checkDailyQuota(ctx, options.ownerId, 1);
  const { image, qrCheck } = await processUpload(ctx, options);
  const key = keyFor(options.bucket, options.ownerId, options.originalName, image);
  const isRecorded = await ctx.db.transaction(async (tx) => {
    await repo.lockUploadsOf(tx, options.ownerId);
    await checkDailyQuota({ ...ctx, db: tx }, options.ownerId, image.data.length);
    return repo.insertUpload(tx, {
      bucket: options.bucket,
      key,
      ownerId: options.ownerId,
      contentType: image.contentType,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      qrCheck,
    });
  });
  // 128 random bits do not collide; should they ever, the student simply tries again.
  if (!isRecorded) throw new AppError("conflict", "Please try the upload again.");
  try {
    await ctx.storage.put(options.bucket, key, image.data, image.contentType);
  } catch (error) {
    await repo.deleteUpload(ctx.db, { bucket: options.bucket, key });
    throw error;
  }
  return {
    url: fileUrl(options.bucket, key),
    width: image.width,
    height: image.height,
    bytes: image.data.length,
  };
}

const OUTPUT_FORMATS = Object.keys(FORMAT_TYPES) as OutputFormat[];

/** WebP when the browser takes it (fast to encode), then AVIF, else the original's own format. */
export function chooseFormat(accept: string | undefined, contentType: string): OutputFormat {
  if (accept?.includes("image/webp")) return "webp";
  if (accept?.includes("image/avif")) return "avif";
  const own = OUTPUT_FORMATS.find((format) => FORMAT_TYPES[format] === contentType);
  return own ?? "jpeg";
}

/** Resized copies live in a bucket of their own beside the originals, e.g. images-variants. */
export function variantBucketOf(bucket: Bucket): string {
  return `${bucket}-variants`;
}

function variantKeyOf(key: string, variant: ImageVariant | string, format: OutputFormat | string): string {
  return `${key}.${variant}.${format}`;
}

/** Copies being made right now, so a second request for the same copy waits for the first. */
const rendering = new Map<string, Promise<Buffer | null>>();

/**
 * A named resized copy: from the cache when it is there, else made (in the image queue), stored,
 * and the cache trimmed back to its size. Null when the image is gone.
 */
export async function readVariant(
  ctx: UploadContext & { cacheMegabytes: number },
  target: { bucket: Bucket; key: string; variant: ImageVariant; format: OutputFormat },
): Promise<{ data: Buffer; contentType: string } | null> {
  const { bucket, key, variant, format } = target;
  const contentType = FORMAT_TYPES[format];
  const variantBucket = variantBucketOf(bucket);
  const variantKey = variantKeyOf(key, variant, format);
  const cached = await ctx.storage.get(variantBucket, variantKey);
  if (cached) {
    await repo.touchVariant(ctx.db, { bucket, key, variant, format });
    return { data: cached.data, contentType };
  }
  const renderKey = `${variantBucket}/${variantKey}`;
  let render = rendering.get(renderKey);
  if (!render) {
    render = makeVariant(ctx, target).finally(() => rendering.delete(renderKey));
    rendering.set(renderKey, render);
  }
  const data = await render;
  return data ? { data, contentType } : null;
}

async function makeVariant(
  ctx: UploadContext & { cacheMegabytes: number },
  {
    bucket,
    key,
    variant,
    format,
  }: { bucket: Bucket; key: string; variant: ImageVariant; format: OutputFormat },
): Promise<Buffer | null> {
  // The original is read inside the queue: requests waiting in line hold no image in memory.
  const data = await imageQueue.run("variant", async () => {
    const original = await ctx.storage.get(bucket, key);
    return original ? renderVariant(original.data, variant, format) : null;
  });
  if (!data) return null;
  // Recorded before it is stored, so the cache never holds a copy it does not count.
  const isRecorded = await repo.recordVariant(ctx.db, { bucket, key, variant, format, bytes: data.length });
  if (!isRecorded) return null;
  await ctx.storage.put(
    variantBucketOf(bucket),
    variantKeyOf(key, variant, format),
    data,
    FORMAT_TYPES[format],
  );
  await trimVariantCache(ctx, ctx.cacheMegabytes * MEGABYTE);
  return data;
}

/** Deletes the copies used longest ago until the cache fits in its size again. */
export async function trimVariantCache(ctx: UploadContext, maxBytes: number): Promise<void> {
  let total = await repo.cachedBytes(ctx.db);
  while (total > maxBytes) {
    const oldest = await repo.leastRecentlyUsedVariants(ctx.db, 50);
    if (oldest.length === 0) return;
    for (const row of oldest) {
      if (total <= maxBytes) return;
      await ctx.storage.delete(variantBucketOf(row.bucket), variantKeyOf(row.key, row.variant, row.format));
      await repo.deleteVariant(ctx.db, row);
      total -= row.bytes;
    }
  }
}

/**
 * Deletes a stored file, every resized copy of it, and its record, so its address answers 404. The
 * files go first: should the storage fail, the record stays and housekeeping tries again.
 */
export async function removeUpload(ctx: UploadContext, target: repo.UploadKey): Promise<void> {
  const variantBucket = variantBucketOf(target.bucket);
  const copies = IMAGE_VARIANT_NAMES.flatMap((variant) =>
    OUTPUT_FORMATS.map((format) => variantKeyOf(target.key, variant, format)),
  );
  await Promise.all(copies.map((copy) => ctx.storage.delete(variantBucket, copy)));
  await ctx.storage.delete(target.bucket, target.key);
  await repo.deleteUpload(ctx.db, target);
}

/**
 * After an item or a profile stops showing an image (deleted, or given another): the image goes
 * unless something else still shows it. Never fails the change that was already made; what it
 * could not delete, housekeeping deletes later.
 */
export async function releaseImage(
  ctx: UploadContext & { log: FastifyBaseLogger },
  bucket: Bucket,
  url: string | null | undefined,
): Promise<void> {
  const key = url ? keyOfFileUrl(bucket, url) : null;
  if (!key) return;
  try {
    if (await repo.isUploadInUse(ctx.db, { bucket, key })) return;
    await removeUpload(ctx, { bucket, key });
  } catch (error) {
    ctx.log.warn({ err: error, bucket, key }, "could not remove a released image; housekeeping will");
  }
}

/** Every file a user uploaded, when their account is deleted. */
export async function removeUploadsOf(
  ctx: UploadContext & { log: FastifyBaseLogger },
  ownerId: string,
): Promise<void> {
  for (const upload of await repo.uploadsOwnedBy(ctx.db, ownerId)) {
    try {
      await removeUpload(ctx, upload);
    } catch (error) {
      ctx.log.warn({ err: error, ...upload }, "could not remove a deleted user's file");
    }
  }
}

/** Uploads that nothing shows a day after they were made are removed (housekeeping). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** Removes uploads no item or profile took within a day; returns how many went. */
export async function removeUnattachedUploads(ctx: UploadContext, now = new Date()): Promise<number> {
  const olderThan = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
  let removed = 0;
  for (;;) {
    const batch = await repo.findUnattachedUploads(ctx.db, olderThan, 200);
    for (const upload of batch) {
      await removeUpload(ctx, upload);
      removed++;
    }
    if (batch.length < 200) return removed;
  }
}

const UNREADABLE_UPLOAD = "The upload could not be read. Please try again.";

/**
 * The one file of a multipart upload, refused plainly when missing, over the size limit, or cut
 * off (an interrupted phone upload is the client's problem, never a server error).
 */
export async function readSingleFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  if (!request.isMultipart()) throw new AppError("unsupported_media_type", IMAGE_MESSAGES.missing);
  try {
    const file = await request.file();
    if (!file) throw new AppError("invalid_input", IMAGE_MESSAGES.missing);
    return { filename: file.filename, data: await file.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("payload_too_large", IMAGE_MESSAGES.tooLarge);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError("invalid_input", "Please send one image file only.");
    }
    throw new AppError("invalid_input", UNREADABLE_UPLOAD);
  }
}
