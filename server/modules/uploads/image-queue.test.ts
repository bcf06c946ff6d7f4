import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import { BUSY_MESSAGE, ImageQueue } from "./image-queue";

/** A job that runs until released, recording when it started. */
function gate(started: string[], name: string) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    job: async () => {
      started.push(name);
      await done;
      return name;
    },
    release,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A queue with `places` in each lane and `waiting` in each lane's line. */
const queueWith = (places: number, waiting: number, retryAfterSeconds = 5) =>
  new ImageQueue({
    concurrency: { upload: places, variant: places },
    maxWaiting: { upload: waiting, variant: waiting },
    retryAfterSeconds,
  });

describe("the image queue", () => {
  it("runs no more jobs at once than its concurrency, the rest in order of arrival", async () => {
    const queue = queueWith(2, 5);
    const started: string[] = [];
    const gates = ["a", "b", "c", "d"].map((name) => gate(started, name));
    const results = gates.map((g) => queue.run("variant", g.job));
    await settle();
    expect(started).toEqual(["a", "b"]);
    expect(queue.size).toEqual({ running: 2, waiting: 2 });
    gates[1]?.release();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    for (const g of gates) g.release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a job with 503 and Retry-After once its lane's line is full", async () => {
    const queue = queueWith(1, 1, 7);
    const started: string[] = [];
    const running = gate(started, "running");
    const waiting = gate(started, "waiting");
    const first = queue.run("variant", running.job);
    const second = queue.run("variant", waiting.job);
    const refused = queue.run("variant", async () => "never");
    await expect(refused).rejects.toThrow(BUSY_MESSAGE);
    const error = await refused.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 503, code: "unavailable", headers: { "retry-after": "7" } });
    // Uploads have a line of their own.
    const upload = gate(started, "upload");
    const uploaded = queue.run("upload", upload.job);
    running.release();
    waiting.release();
    upload.release();
    expect(await Promise.all([first, second, uploaded])).toEqual(["running", "waiting", "upload"]);
    expect(started).not.toContain("never");
  });

  it("gives each lane its own places: a copy never waits for an upload, nor an upload for a copy", async () => {
    const queue = queueWith(1, 5);
    const started: string[] = [];
    const uploads = ["upload 1", "upload 2", "upload 3"].map((name) => gate(started, name));
    const uploaded = uploads.map((g) => queue.run("upload", g.job, "student"));
    const copies = ["copy 1", "copy 2"].map((name) => gate(started, name));
    const copied = copies.map((g) => queue.run("variant", g.job));
    await settle();
    // The slow upload still runs, and the first copy started beside it at once.
    expect(started).toEqual(["upload 1", "copy 1"]);
    copies[0]?.release();
    await settle();
    expect(started).toEqual(["upload 1", "copy 1", "copy 2"]);
    copies[1]?.release();
    await Promise.all(copied);
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    for (const g of uploads) g.release();
    await Promise.all(uploaded);
    expect(started).toEqual(["upload 1", "copy 1", "copy 2", "upload 2", "upload 3"]);
  });

  it("starts the waiting job of the owner served longest ago: newcomers first, then in turn", async () => {
    const queue = queueWith(1, 10);
    const started: string[] = [];
    const jobs = [
      ["busy", "busy 1"],
      ["busy", "busy 2"],
      ["busy", "busy 3"],
      ["busy", "busy 4"],
      ["other", "other 1"],
      ["third", "third 1"],
      ["other", "other 2"],
    ].map(([owner, name]) => ({ owner, ...gate(started, name as string) }));
    const done = jobs.map((g) => queue.run("upload", g.job, g.owner));
    for (const g of jobs) {
      await settle();
      g.release();
    }
    await Promise.all(done);
    // busy 1 ran at once; other and third had not been served, then each in turn, oldest job first.
    expect(started).toEqual(["busy 1", "other 1", "third 1", "busy 2", "other 2", "busy 3", "busy 4"]);
  });

  it("frees the place of a job that fails", async () => {
    const queue = queueWith(1, 1);
    await expect(queue.run("variant", async () => Promise.reject(new Error("broken image")))).rejects.toThrow(
      "broken image",
    );
    expect(await queue.run("variant", async () => "next")).toBe("next");
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
