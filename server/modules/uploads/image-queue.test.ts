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

describe("the image queue", () => {
  it("runs no more jobs at once than its concurrency, the rest in order of arrival", async () => {
    const queue = new ImageQueue({
      concurrency: 2,
      maxWaiting: { upload: 5, variant: 5 },
      retryAfterSeconds: 5,
    });
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
    const queue = new ImageQueue({
      concurrency: 1,
      maxWaiting: { upload: 1, variant: 1 },
      retryAfterSeconds: 7,
    });
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

  it("starts a waiting upload before resized copies that arrived earlier", async () => {
    const queue = new ImageQueue({
      concurrency: 1,
      maxWaiting: { upload: 5, variant: 5 },
      retryAfterSeconds: 5,
    });
    const started: string[] = [];
    const gates = ["copy 1", "copy 2", "copy 3"].map((name) => gate(started, name));
    const upload = gate(started, "upload");
    const copies = gates.map((g) => queue.run("variant", g.job));
    const uploaded = queue.run("upload", upload.job);
    await settle();
    gates[0]?.release();
    await settle();
    expect(started).toEqual(["copy 1", "upload"]);
    upload.release();
    for (const g of gates) g.release();
    await Promise.all([...copies, uploaded]);
    expect(started).toEqual(["copy 1", "upload", "copy 2", "copy 3"]);
  });

  it("frees the place of a job that fails", async () => {
    const queue = new ImageQueue({
      concurrency: 1,
      maxWaiting: { upload: 1, variant: 1 },
      retryAfterSeconds: 5,
    });
    await expect(queue.run("variant", async () => Promise.reject(new Error("broken image")))).rejects.toThrow(
      "broken image",
    );
    expect(await queue.run("variant", async () => "next")).toBe("next");
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
