// The QR reader's own thread (qr-code.ts): ZXing runs as WebAssembly on the thread that calls it,
// and a photo takes it 10-90 ms, which on the server's main thread would hold every request.
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

parentPort?.on("message", async ({ id, pixels, width, height }) => {
  try {
    const image = { data: new Uint8ClampedArray(pixels), width, height, colorSpace: "srgb" };
    const results = await readBarcodes(image, OPTIONS);
    parentPort?.postMessage({ id, hasQrCode: results.some((result) => result.isValid) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});
