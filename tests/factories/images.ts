import { randomBytes } from "node:crypto";
import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif";

/** A real image in one of the accepted formats: a flat colour with a darker block, so it is not blank. */
export async function makeImage(
  format: ImageFormat,
  { width = 320, height = 240, background = "#2f7d5b" } = {},
): Promise<Buffer> {
  const block = await sharp({
    create: {
      width: Math.ceil(width / 2),
      height: Math.ceil(height / 2),
      channels: 3,
      background: "#123456",
    },
  })
    .png()
    .toBuffer();
  const pipeline = sharp({ create: { width, height, channels: 3, background } }).composite([
    { input: block, top: 0, left: 0 },
  ]);
  return pipeline.toFormat(format).toBuffer();
}

/** A Mumbai GPS position, as a phone camera writes it into the EXIF GPS directory. */
const GPS_TAGS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "19/1 4/1 3000/100",
  GPSLongitudeRef: "E",
  GPSLongitude: "72/1 52/1 4500/100",
};

/**
 * A JPEG straight from a phone: EXIF with the camera make and model, a GPS position, and an
 * orientation tag (6 means "rotate 90 degrees clockwise to display").
 */
export async function makePhoneJpeg({ width = 200, height = 100, orientation = 6 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({ IFD0: { Make: "CampusPhone", Model: "X1 Pro" }, IFD3: GPS_TAGS })
    .toBuffer();
}

/** True when an EXIF block holds a pointer to a GPS directory (tag 0x8825, either byte order). */
export function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

/** A PNG of random pixels: it barely compresses, so its size in bytes follows its pixel count. */
export async function makeNoisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * A picture of random pixels in any accepted format: the worst case for every encoder, as noise
 * has no detail to spare. `alpha` adds a noisy transparency channel.
 */
export async function makeNoise(
  format: ImageFormat,
  width: number,
  height: number,
  { alpha = false } = {},
): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = sharp(randomBytes(width * height * channels), { raw: { width, height, channels } });
  switch (format) {
    case "png":
      return pixels.png({ compressionLevel: 1 }).toBuffer();
    case "webp":
      return pixels.webp({ lossless: true, effort: 0 }).toBuffer();
    case "jpeg":
      return pixels.jpeg({ quality: 92 }).toBuffer();
    default:
      return pixels.toFormat(format).toBuffer();
  }
}

/**
 * A phone photo as the Sell form sends it (shrunk in the browser to 2560 px, JPEG): smooth shapes
 * with fine grain, about as hard to encode as a photo of a desk or a bike.
 */
export async function makePhonePhoto(width = 2560, height = 1920): Promise<Buffer> {
  const grain = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .toBuffer({ resolveWithObject: true });
  return sharp(grain.data, { raw: grain.info }).jpeg({ quality: 85 }).toBuffer();
}

/** A real PNG of exactly `size` bytes: random pixels, then zero padding after its end chunk. */
export async function makePngOfSize(size: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt((size * 0.97) / 3));
  const png = await makeNoisyPng(side, side);
  if (png.length > size) throw new Error(`noisy PNG of ${png.length} bytes is over ${size}`);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

/** A flat PNG over 40 megapixels that compresses to a small file (a decompression bomb). */
export function makeHugePng(width = 7000, height = 6000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
}

/** A file that is no image at all, whatever its name says. */
export const NOT_IMAGES = {
  text: Buffer.from("Calculator for sale, barely used. Call me after 6 pm.\n"),
  html: Buffer.from('<!doctype html><html><body><script>alert("xss")</script></body></html>\n'),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script>' +
      '<rect width="10" height="10"/></svg>\n',
  ),
  /** The GIF signature followed by HTML: file-type calls it a GIF, but it is none. */
  fakeGif: Buffer.from("GIF89a<html><body><script>alert(1)</script></body></html>"),
};

export const POLYGLOT_PAYLOAD = "<script>alert(document.cookie)</script><html>";

/** A valid GIF with HTML and a script appended after its trailer: it still decodes. */
export async function makePolyglotGif(): Promise<Buffer> {
  return Buffer.concat([await makeImage("gif", { width: 24, height: 24 }), Buffer.from(POLYGLOT_PAYLOAD)]);
}

/** The first half of a real JPEG: a valid header, then the data stops. */
export async function makeTruncatedJpeg(): Promise<Buffer> {
  const jpeg = await makeImage("jpeg", { width: 300, height: 200 });
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** XMP naming the photographer and place, with markup in it. */
export const XMP_PACKET =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""' +
  ' xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Priya Sharma, Powai 19.07N 72.90E</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/** A JPEG or WebP carrying an XMP packet. */
export async function makeImageWithXmp(format: "jpeg" | "webp"): Promise<Buffer> {
  return sharp(await makeImage(format))
    .toFormat(format)
    .withXmp(XMP_PACKET)
    .toBuffer();
}

/** A JPEG with a comment segment (0xFFFE) right after its start marker. */
export async function makeJpegWithComment(comment: string): Promise<Buffer> {
  const jpeg = await makeImage("jpeg");
  const text = Buffer.from(comment);
  const length = text.length + 2;
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, length >> 8, length & 0xff]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}
