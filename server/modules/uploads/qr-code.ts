import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

/**
 * Does a picture hold a QR code? Chat photos are read with ZXing (zxing-wasm, the C++ reader built
 * for WebAssembly; docs/decisions/026): a fake buyer's "scan this to receive money" arrives as a
 * photo or a screenshot of a payment QR, and the scam guard warns its recipient.
 *
 * The reader's binary is loaded from the package on disk, never fetched, and compiled once on
 * first use. The picture is read at most DECODE_SIDE pixels on its long side: a QR code that a
 * phone could scan from the photo is still many pixels wide there, and a full 2560 px photo would
 * cost four times the time for the same answer.
 */
const DECODE_SIDE = 1600;

let isPrepared = false;
function prepare(): void {
  if (isPrepared) return;
  const require = createRequire(import.meta.url);
  const wasmBinary = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  isPrepared = true;
}

/** True when the image (any format sharp reads; the first frame of an animation) shows a QR code. */
export async function containsQrCode(image: Buffer): Promise<boolean> {
  prepare();
  const { data, info } = await sharp(image, { failOn: "none" })
    .resize({ width: DECODE_SIDE, height: DECODE_SIDE, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
      colorSpace: "srgb",
    },
    {
      formats: ["QRCode"],
      tryHarder: true,
      tryRotate: true,
      tryInvert: true,
      maxNumberOfSymbols: 1,
    },
  );
  return results.some((result) => result.isValid);
}
