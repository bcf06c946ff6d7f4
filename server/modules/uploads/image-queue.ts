import os from "node:os";
import { AppError } from "../../lib/app-error";

/**
 * Image work (decoding, resizing, encoding) runs on libuv's thread pool, four threads shared with
 * password hashing (argon2) and every file read. Left alone, a few requests for large images fill
 * the pool and sign-in waits behind them. So image work runs here, a few jobs at a time, and
 * waits in a bounded line: when the line is full the request is answered 503 with Retry-After
 * rather than held. Uploads (a signed-in student waiting on the Sell form) go ahead of resized
 * copies, and have a line of their own, so requests for copies cannot crowd them out.
 */
export type ImageLane = "upload" | "variant";

export interface ImageQueueOptions {
  /** Jobs at once. */
  concurrency: number;
  /** Jobs that may wait in each lane before more are refused. */
  maxWaiting: Record<ImageLane, number>;
  retryAfterSeconds: number;
}

export const BUSY_MESSAGE = "The server is busy with other images. Please try again in a few seconds.";

export class ImageQueue {
  private running = 0;
  private readonly waiting: Record<ImageLane, (() => void)[]> = { upload: [], variant: [] };

  constructor(private readonly options: ImageQueueOptions) {}

  /** Runs the job when a place is free; throws 503 at once when its lane is full. */
  async run<T>(lane: ImageLane, job: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else {
      if (this.waiting[lane].length >= this.options.maxWaiting[lane]) {
        throw new AppError("unavailable", BUSY_MESSAGE, {
          "retry-after": String(this.options.retryAfterSeconds),
        });
      }
      // The place of the job that finishes is handed straight to this one (see release).
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    }
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  /** Jobs running and waiting, for tests and metrics. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.upload.length + this.waiting.variant.length };
  }

  private release(): void {
    const next = this.waiting.upload.shift() ?? this.waiting.variant.shift();
    if (next) next();
    else this.running--;
  }
}

/**
 * One queue per process, as the thread pool is per process. One job at a time on a machine of two
 * cores, two on a bigger one: either way most of the pool's four threads stay free.
 */
export const imageQueue = new ImageQueue({
  concurrency: os.availableParallelism() > 2 ? 2 : 1,
  // A browse page asks for 12 thumbnails: room for several students' pages at once.
  maxWaiting: { upload: 16, variant: 48 },
  retryAfterSeconds: 5,
});
