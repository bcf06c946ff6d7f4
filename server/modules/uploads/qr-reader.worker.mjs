// The QR reader's own thread (qr-code.ts): ZXing runs as WebAssembly on the thread that calls it,
// and a photo takes it 10-90 ms a pass, which on the server's main thread would hold every request.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

// The reader's binary comes from the package on disk, never from the network.
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")) },
  fireImmediately: true,
});

const OPTIONS = {
  formats: ["QRCode"],
  tryHarder: true,
  tryRotate: true,
  tryInvert: true,
  maxNumberOfSymbols: 1,
};

async function hasQrCode({ pixels, width, height }) {
  const image = { data: new Uint8ClampedArray(pixels), width, height, colorSpace: "srgb" };
  const results = await readBarcodes(image, OPTIONS);
  return results.some((result) => result.isValid);
}

/** One tile's RGBA rows copied out of the full picture. */
function tileOf(full, tile) {
  const source = new Uint8Array(full.pixels);
  const pixels = new Uint8Array(tile.width * tile.height * 4);
  const rowBytes = tile.width * 4;
  for (let row = 0; row < tile.height; row++) {
    const start = ((tile.top + row) * full.width + tile.left) * 4;
    pixels.set(source.subarray(start, start + rowBytes), row * rowBytes);
  }
  return { pixels: pixels.buffer, width: tile.width, height: tile.height };
}

// The whole picture first (most codes are found there); then, when it found none, each tile of the
// full-resolution picture (the whole itself when it was not made smaller), until one holds a code.
parentPort?.on("message", async ({ id, whole, full, tiles }) => {
  try {
    let found = await hasQrCode(whole);
    for (const tile of tiles) {
      if (found) break;
      found = await hasQrCode(tileOf(full ?? whole, tile));
    }
    parentPort?.postMessage({ id, hasQrCode: found });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
