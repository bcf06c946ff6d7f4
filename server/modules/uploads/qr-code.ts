import { Worker } from "node:worker_threads";
import type { PhotoCheck } from "@shared/trust-constants";
import sharp from "sharp";

/**
 * Does a picture hold a QR code? Chat photos are read with ZXing (zxing-wasm, the C++ reader built
 * for WebAssembly; docs/decisions/026 and 042): a fake buyer's "scan this to receive money" arrives
 * as a photo or a screenshot of a payment QR, and the scam guard warns its recipient.
 *
 * sharp brings the picture to raw pixels on libuv's threads. The reader first reads the whole
 * picture at most DECODE_SIDE pixels on its long side (a QR code a phone could scan from the photo
 * is still many pixels wide there). A picture filled with decoy finder patterns (the three squares
 * in a QR code's corners) makes ZXing give up on the whole, so a larger picture is then read again
 * in overlapping tiles at full resolution, each holding few decoys (decision 042). The reading runs
 * on a thread of its own (qr-reader.worker.mjs), one photo at a time, so the main thread never
 * waits on it.
 */
const DECODE_SIDE = 1600;
/** A tile's side: half of it overlaps the next tile, so a code up to TILE_SIDE / 2 lies whole in one. */
const TILE_SIDE = 800;
/** Tiles per axis at most (16 tiles of 800 px, about four times the whole's pixels): the work is bounded. */
const MAX_TILES_PER_AXIS = 4;
/** A photo not read in this time (QR_READ_TIMEOUT_MS) is unchecked, and the stuck reader is replaced. */
const READ_TIMEOUT_MS = 10_000;

export interface Tile {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where tiles start along one side: half a tile apart, or spread evenly when that needs too many. */
function tileStarts(side: number): number[] {
  if (side <= TILE_SIDE) return [0];
  const count = Math.min(MAX_TILES_PER_AXIS, Math.ceil((side - TILE_SIDE) / (TILE_SIDE / 2)) + 1);
  return Array.from({ length: count }, (_, index) => Math.round(((side - TILE_SIDE) * index) / (count - 1)));
}

/** The overlapping tiles of a picture larger than one tile; none for a smaller one. */
export function tilesOf(width: number, height: number): Tile[] {
  if (width <= TILE_SIDE && height <= TILE_SIDE) return [];
  return tileStarts(height).flatMap((top) =>
    tileStarts(width).map((left) => ({
      left,
      top,
      width: Math.min(TILE_SIDE, width),
      height: Math.min(TILE_SIDE, height),
    })),
  );
}

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

interface RawPicture {
  pixels: ArrayBuffer;
  width: number;
  height: number;
}

/** RGBA pixels of the picture, at most `side` pixels on its long side when given. */
async function rawPixels(image: Buffer, side?: number): Promise<RawPicture> {
  let pipeline = sharp(image, { failOn: "none" });
  if (side)
    pipeline = pipeline.resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // A copy of the pixels is handed over to the reader's thread (the buffer sharp made is not ours to give away).
  return {
    pixels: data.buffer.slice(data.byteOffset, data.byteOffset + data.length),
    width: info.width,
    height: info.height,
  };
}

/** Hands one photo's pixels to the reader; true when it found a code, rejected when it could not finish. */
function readOnThread(
  whole: RawPicture,
  full: RawPicture | null,
  tiles: Tile[],
  timeoutMs: number,
): Promise<boolean> {
  const { worker, pending } = readerThread();
  const id = nextId++;
  return new Promise<boolean>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      // A stuck reader is replaced, and the photos waiting on it are unchecked too.
      void worker.terminate();
      reject(new Error(`the QR reader did not finish in ${timeoutMs} ms`));
    }, timeoutMs);
    timer.unref();
    const settle = (done: () => void) => {
      clearTimeout(timer);
      done();
    };
    pending.set(id, {
      resolve: (hasQrCode) => settle(() => resolve(hasQrCode)),
      reject: (error) => settle(() => reject(error)),
    });
    const transfer = full ? [whole.pixels, full.pixels] : [whole.pixels];
    worker.postMessage({ id, whole, full, tiles }, transfer);
  });
}

/**
 * What the scam guard makes of a picture (any format sharp reads; the first frame of an animation):
 * 'flagged' when it shows a QR code, 'clean' when it was read to the end without one, and
 * 'unchecked' when the reading could not finish in `timeoutMs` or failed (the reader's error or
 * crash): the guard never stops an honest photo, and never calls an unread one safe.
 */
export async function checkForQrCode(
  image: Buffer,
  options: { timeoutMs?: number; log?: { warn: (details: object, message: string) => void } } = {},
): Promise<PhotoCheck> {
  // The time counts from the start: making the pixels is part of reading the photo.
  const deadline = performance.now() + (options.timeoutMs ?? READ_TIMEOUT_MS);
  try {
    const whole = await rawPixels(image, DECODE_SIDE);
    const { width = 0, height = 0 } = await sharp(image, { failOn: "none" }).metadata();
    const tiles = tilesOf(width, height);
    const isResized = width !== whole.width || height !== whole.height;
    const full = tiles.length > 0 && isResized ? await rawPixels(image) : null;
    const remaining = Math.floor(deadline - performance.now());
    if (remaining <= 0) throw new Error("no time was left to read the photo");
    const hasQrCode = await readOnThread(whole, full, tiles, remaining);
    return hasQrCode ? "flagged" : "clean";
  } catch (error) {
    options.log?.warn({ err: error }, "a chat photo could not be checked for a QR code");
    return "unchecked";
  }
}
