import { Worker } from "node:worker_threads";
import sharp from "sharp";

/**
 * Does a picture hold a QR code? Chat photos are read with ZXing (zxing-wasm, the C++ reader built
 * for WebAssembly; docs/decisions/026): a fake buyer's "scan this to receive money" arrives as a
 * photo or a screenshot of a payment QR, and the scam guard warns its recipient.
 *
 * sharp brings the picture to raw pixels on libuv's threads, at most DECODE_SIDE pixels on its
 * long side (a QR code a phone could scan from the photo is still many pixels wide there, and the
 * full 2560 px costs five times the time for the same answer). The reading itself runs on a thread
 * of its own (qr-reader.worker.mjs), one photo at a time, so the main thread never waits on it.
 */
const DECODE_SIDE = 1600;
/** A reader that takes longer than this is stuck: the photo counts as having no code. */
const READ_TIMEOUT_MS = 10_000;

interface Pending {
  resolve: (hasQrCode: boolean) => void;
  reject: (error: Error) => void;
}

let reader: { worker: Worker; pending: Map<number, Pending> } | null = null;
let nextId = 0;

/** The reader's thread, started on first use; it does not keep the process alive. */
function readerThread() {
  if (reader) return reader;
  const worker = new Worker(new URL("./qr-reader.worker.mjs", import.meta.url));
  worker.unref();
  const pending = new Map<number, Pending>();
  const current = { worker, pending };
  const failAll = (error: Error) => {
    if (reader === current) reader = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on("message", (reply: { id: number; hasQrCode?: boolean; error?: string }) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.hasQrCode === true);
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the QR reader stopped (${code})`)));
  reader = current;
  return current;
}

/** True when the image (any format sharp reads; the first frame of an animation) shows a QR code. */
export async function containsQrCode(image: Buffer): Promise<boolean> {
  const { data, info } = await sharp(image, { failOn: "none" })
    .resize({ width: DECODE_SIDE, height: DECODE_SIDE, fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy of the pixels is handed over to the reader's thread (the buffer sharp made is not ours to give away).
  const pixels = data.buffer.slice(data.byteOffset, data.byteOffset + data.length);
  const { worker, pending } = readerThread();
  const id = nextId++;
  return new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      // A stuck reader is replaced; this photo counts as having no code.
      void worker.terminate();
      resolve(false);
    }, READ_TIMEOUT_MS);
    timer.unref();
    const settle = (done: () => void) => {
      clearTimeout(timer);
      done();
    };
    pending.set(id, {
      resolve: (hasQrCode) => settle(() => resolve(hasQrCode)),
      reject: (error) => settle(() => reject(error)),
    });
    worker.postMessage({ id, pixels, width: info.width, height: info.height }, [pixels]);
  });
}
