import { AppError } from "../../lib/app-error";

/**
 * Image work (decoding, resizing, encoding) runs on libuv's thread pool, four threads shared with
 * password hashing (argon2) and every file read. Left alone, a few requests for large images fill
 * the pool and sign-in waits behind them. So image work runs here, a few jobs at a time, and
 * waits in a bounded line: when the line is full the request is answered 503 with Retry-After
 * rather than held.
 *
 * Uploads (a student waiting on the Sell form) and resized copies (every page's pictures, for
 * signed-out visitors too) are two lanes with places of their own: a job cannot be stopped once it
 * runs, so a lane that had to wait for the other's place would wait for its longest job (a noisy
 * 40-megapixel upload takes seconds). In a lane, the owner served longest ago goes next, so
 * students uploading all the time take turns, and one who uploads now and then waits for no more
 * than the job that is running.
 */
export type ImageLane = "upload" | "variant";

export interface ImageQueueOptions {
  /** Jobs at once in each lane. */
  concurrency: Record<ImageLane, number>;
  /** Jobs that may wait in each lane before more are refused. */
  maxWaiting: Record<ImageLane, number>;
  retryAfterSeconds: number;
}

export const BUSY_MESSAGE = "The server is busy with other images. Please try again in a few seconds.";

/** Owners remembered as served lately, per lane; one forgotten is simply served sooner. */
const REMEMBERED_OWNERS = 1000;

/** One lane: its running count and its waiting jobs by owner. */
class Lane {
  running = 0;
  waitingCount = 0;
  private readonly waiting = new Map<string, (() => void)[]>();
  /** The turn at which each owner's last job started, least recent first (re-set on each start). */
  private readonly lastStarted = new Map<string, number>();
  private turn = 0;

  wait(owner: string, start: () => void): void {
    const jobs = this.waiting.get(owner);
    if (jobs) jobs.push(start);
    else this.waiting.set(owner, [start]);
    this.waitingCount++;
  }

  started(owner: string): void {
    this.lastStarted.delete(owner);
    this.lastStarted.set(owner, ++this.turn);
    if (this.lastStarted.size > REMEMBERED_OWNERS) {
      this.lastStarted.delete(this.lastStarted.keys().next().value as string);
    }
  }

  /**
   * The oldest waiting job of the owner served longest ago (one not served lately first, then in
   * order of arrival), taken out of the line.
   */
  next(): (() => void) | undefined {
    let chosen: string | undefined;
    let chosenTurn = Number.POSITIVE_INFINITY;
    for (const owner of this.waiting.keys()) {
      const turn = this.lastStarted.get(owner) ?? 0;
      if (turn < chosenTurn) {
        chosen = owner;
        chosenTurn = turn;
      }
    }
    const jobs = chosen === undefined ? undefined : this.waiting.get(chosen);
    if (chosen === undefined || !jobs) return undefined;
    const start = jobs.shift();
    if (jobs.length === 0) this.waiting.delete(chosen);
    this.waitingCount--;
    this.started(chosen);
    return start;
  }
}

export class ImageQueue {
  private readonly lanes: Record<ImageLane, Lane> = { upload: new Lane(), variant: new Lane() };

  constructor(private readonly options: ImageQueueOptions) {}

  /**
   * Runs the job when a place in its lane is free and its owner's turn has come (see Lane.next);
   * throws 503 at once when the lane's line is full.
   */
  async run<T>(laneName: ImageLane, job: () => Promise<T>, owner = ""): Promise<T> {
    const lane = this.lanes[laneName];
    if (lane.running < this.options.concurrency[laneName]) {
      lane.running++;
      lane.started(owner);
    } else {
      if (lane.waitingCount >= this.options.maxWaiting[laneName]) {
        throw new AppError("unavailable", BUSY_MESSAGE, {
          "retry-after": String(this.options.retryAfterSeconds),
        });
      }
      // The place of the job that finishes is handed straight to this one (see release).
      await new Promise<void>((resolve) => lane.wait(owner, resolve));
    }
    try {
      return await job();
    } finally {
      const next = lane.next();
      if (next) next();
      else lane.running--;
    }
  }

  /** Jobs running and waiting, for tests and metrics. */
  get size(): { running: number; waiting: number } {
    const { upload, variant } = this.lanes;
    return { running: upload.running + variant.running, waiting: upload.waitingCount + variant.waitingCount };
  }
}

/**
 * One queue per process, as the thread pool is per process. One job at a time in each lane: two of
 * the pool's four threads at most, so password hashing and file reads always find two free.
 */
export const imageQueue = new ImageQueue({
  concurrency: { upload: 1, variant: 1 },
  // A browse page asks for 12 thumbnails: room for several students' pages at once.
  maxWaiting: { upload: 16, variant: 48 },
  retryAfterSeconds: 5,
});
