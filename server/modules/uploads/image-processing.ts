import { IMAGE_MESSAGES, MAX_UPLOAD_PIXELS } from "@shared/api/items";
import { IMAGE_VARIANTS, type ImageVariant, MAX_STORED_IMAGE_SIDE } from "@shared/images";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata, type Sharp } from "sharp";
import { AppError } from "../../lib/app-error";

// One libvips thread per image: image work runs one or two at a time (image-queue.ts), and the
// rest of the machine stays for requests, password hashing and file reads.
sharp.concurrency(1);

/** The formats people upload from phones and cameras, judged by their bytes. */
const ACCEPTED = new Map([
  ["image/jpeg", "jpeg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
  ["image/avif", "avif"],
  ["image/gif", "gif"],
] as const);
export type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const unsupported = () => new AppError("unsupported_media_type", IMAGE_MESSAGES.notAnImage);

function encode(pipeline: Sharp, format: OutputFormat, quality?: number): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: quality ?? 85, mozjpeg: true });
    case "png":
      return pipeline.png({ compressionLevel: 8 });
    case "webp":
      return pipeline.webp({ quality: quality ?? 85 });
    case "avif":
      return pipeline.avif({ quality: quality ?? 60, effort: 2 });
    case "gif":
      return pipeline.gif();
  }
}

/**
 * The most a stored picture may take per pixel. A phone photo at quality 85 takes 0.05-0.3 bytes a
 * pixel; a picture of noise takes 0.5-0.8 as JPEG and 3 as PNG, so one account could fill a disk
 * with a few hundred uploads. Past the bound a picture is encoded again, lossy and lower.
 */
export const MAX_STORED_BYTES_PER_PIXEL = 0.5;
/** Below this a picture is kept as encoded: a small one is mostly headers, whatever its pixels. */
const MIN_BOUNDED_BYTES = 64 * 1024;
/**
 * Qualities tried in turn for a picture over the bound; the last one's result is kept. Only noise
 * gets to the low ones, which is why their transparency may be coarse: WebP keeps its alpha channel
 * losslessly at 1 byte a pixel unless asked for less.
 */
const BOUNDING_QUALITIES = [60, 40, 20, 5] as const;
const alphaQualityAt = (quality: number) => (quality >= 40 ? quality : 0);

/** The content type of each format the server writes. */
export const FORMAT_TYPES: Record<OutputFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/**
 * Checks an upload and re-encodes it: the type comes from the bytes (never the name), the pixel
 * count is bounded before decoding (decompression bombs), orientation is applied, the picture is
 * brought down to MAX_STORED_IMAGE_SIDE on its long side, and nothing of the original metadata
 * (EXIF, GPS, XMP) survives, because sharp writes none unless asked. It keeps its format unless it
 * would take more than MAX_STORED_BYTES_PER_PIXEL: then it is stored lossy, as JPEG, or as WebP
 * when it has transparency or frames.
 */
export async function reencodeImage(input: Buffer): Promise<ProcessedImage> {
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ACCEPTED.get(detected.mime as never) : undefined;
  if (!format || !detected) throw unsupported();

  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1);
  if (pixels > MAX_UPLOAD_PIXELS) throw new AppError("payload_too_large", IMAGE_MESSAGES.tooManyPixels);
  if (!metadata.width || !metadata.height) throw unsupported();

  const isAnimated = (format === "gif" || format === "webp") && (metadata.pages ?? 1) > 1;
  const resized = () =>
    sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, animated: isAnimated, failOn: "error" })
      .rotate()
      .resize({
        width: MAX_STORED_IMAGE_SIDE,
        height: MAX_STORED_IMAGE_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      });
  try {
    let stored: OutputFormat = format;
    let { data, info } = await encode(resized(), format).toBuffer({ resolveWithObject: true });
    const maxBytes = Math.max(MIN_BOUNDED_BYTES, MAX_STORED_BYTES_PER_PIXEL * info.width * info.height);
    if (data.length > maxBytes) {
      stored = format === "jpeg" || (!metadata.hasAlpha && !isAnimated) ? "jpeg" : "webp";
      for (const quality of BOUNDING_QUALITIES) {
        const pipeline = resized();
        ({ data, info } = await (stored === "jpeg"
          ? pipeline.jpeg({ quality, mozjpeg: true })
          : pipeline.webp({ quality, alphaQuality: alphaQualityAt(quality) })
        ).toBuffer({ resolveWithObject: true }));
        if (data.length <= maxBytes) break;
      }
    }
    return {
      data,
      contentType: FORMAT_TYPES[stored],
      extension: stored === "jpeg" ? "jpg" : stored,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch {
    throw unsupported();
  }
}

/** One named variant of a stored image, in the format the browser asked for. */
export async function renderVariant(
  input: Buffer,
  variant: ImageVariant,
  format: OutputFormat,
): Promise<Buffer> {
  const size = IMAGE_VARIANTS[variant];
  const pipeline = sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS }).resize({
    width: size.width,
    height: size.height,
    fit: size.fit,
    withoutEnlargement: true,
  });
  return encode(pipeline, format, size.quality).toBuffer();
}
