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
 * Checks an upload and re-encodes it: the type comes from the bytes (never the name), the pixel
 * count is bounded before decoding (decompression bombs), orientation is applied, the picture is
 * brought down to MAX_STORED_IMAGE_SIDE on its long side, and nothing of the original metadata
 * (EXIF, GPS, XMP) survives, because sharp writes none unless asked.
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

  try {
    const isAnimated = format === "gif" || format === "webp";
    const pipeline = sharp(input, {
      limitInputPixels: MAX_UPLOAD_PIXELS,
      animated: isAnimated,
      failOn: "error",
    })
      .rotate()
      .resize({
        width: MAX_STORED_IMAGE_SIDE,
        height: MAX_STORED_IMAGE_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      });
    const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
    return {
      data,
      contentType: detected.mime,
      extension: format === "jpeg" ? "jpg" : format,
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
