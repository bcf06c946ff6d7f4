import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeNoisyPng } from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import type { TestApp } from "../../../tests/helpers/test-app";
import { createTestAppWithDataDir, storedFiles, uploadFile } from "../../../tests/helpers/uploads";
import { imageVariants } from "../../db/schema";
import { renderVariant } from "./image-processing";
import { imageQueue } from "./image-queue";

/**
 * The resized copies are a cache held to IMAGE_CACHE_MB: past it the copies used longest ago are
 * deleted, and made again when someone asks for them.
 */

const WEBP = { accept: "image/webp" };
let testApp: TestApp & { dataDir: string };
let cookie: string;
/** About what one thumbnail of a noisy 500x500 picture takes. */
let copyBytes: number;
let capBytes: number;

beforeAll(async () => {
  copyBytes = (await renderVariant(await makeNoisyPng(500, 500), "thumb", "webp")).length;
  // Room for three copies and a half.
  capBytes = Math.round(copyBytes * 3.5);
  testApp = await createTestAppWithDataDir({ IMAGE_CACHE_MB: String(capBytes / 1024 / 1024) });
  cookie = (await createStudent(testApp)).cookie;
});
afterAll(() => testApp?.close());

async function uploadNoisy(name: string): Promise<{ url: string; key: string }> {
  const response = await uploadFile(testApp, cookie, await makeNoisyPng(500, 500), `${name}.png`);
  expect(response.statusCode).toBe(201);
  const url: string = response.json().url;
  return { url, key: url.split("/").at(-1) as string };
}

async function cachedCopies(): Promise<string[]> {
  return (await storedFiles(testApp.dataDir, "images-variants")).filter(
    (name) => !name.endsWith(".content-type"),
  );
}

async function cachedBytesOnDisk(): Promise<number> {
  const folder = path.join(testApp.dataDir, "files", "images-variants");
  const sizes = await Promise.all(
    (await cachedCopies()).map(async (name) => (await fs.stat(path.join(folder, name))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Sets when an image's copies were last used. */
async function setLastUse(key: string, daysAgo: number): Promise<void> {
  await testApp.database.db
    .update(imageVariants)
    .set({ usedAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(imageVariants.key, key));
}

describe("the cache of resized copies", () => {
  it("never holds more than IMAGE_CACHE_MB: the copies used longest ago go first", async () => {
    const [a, b, c, d, e] = [
      await uploadNoisy("a"),
      await uploadNoisy("b"),
      await uploadNoisy("c"),
      await uploadNoisy("d"),
      await uploadNoisy("e"),
    ];
    for (const image of [a, b, c]) {
      expect((await get(testApp, `${image.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
    }
    expect(await cachedCopies()).toHaveLength(3);
    // a was used yesterday and again now; b and c were last used two and three days ago.
    await setLastUse(a.key, 1);
    await setLastUse(b.key, 2);
    await setLastUse(c.key, 3);
    expect((await get(testApp, `${a.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);

    for (const image of [d, e]) {
      expect((await get(testApp, `${image.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
      expect(await cachedBytesOnDisk()).toBeLessThanOrEqual(capBytes);
    }
    expect((await cachedCopies()).sort()).toEqual([a, d, e].map((image) => `${image.key}.thumb.webp`).sort());
    const [recorded] = await testApp.database.db
      .select({ total: sql<number>`sum(${imageVariants.bytes})::int` })
      .from(imageVariants);
    expect(recorded?.total).toBe(await cachedBytesOnDisk());
  });

  it("makes an evicted copy again when it is asked for", async () => {
    const image = await uploadNoisy("again");
    const first = await get(testApp, `${image.url}?variant=thumb`, { headers: WEBP });
    for (const name of ["f", "g", "h", "i"]) {
      const other = await uploadNoisy(name);
      expect((await get(testApp, `${other.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
    }
    expect(await cachedCopies()).not.toContain(`${image.key}.thumb.webp`);
    const again = await get(testApp, `${image.url}?variant=thumb`, { headers: WEBP });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await cachedCopies()).toContain(`${image.key}.thumb.webp`);
  });
});

describe("when the image queue is full", () => {
  it("answers a request for a copy not made yet with 503 and Retry-After, and serves made ones", async () => {
    const made = await uploadNoisy("made");
    expect((await get(testApp, `${made.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
    const waiting = await uploadNoisy("waiting");

    // Fill every place and the whole line with jobs that wait until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blockers: Promise<unknown>[] = [];
    let isFull = false;
    while (!isFull) {
      const blocker = imageQueue.run("variant", () => released);
      blocker.catch(() => {
        isFull = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      if (!isFull) blockers.push(blocker);
      if (blockers.length > 500) throw new Error("the image queue never filled");
    }
    try {
      const refused = await get(testApp, `${waiting.url}?variant=thumb`, { headers: WEBP });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.json()).toEqual({
        error: {
          code: "unavailable",
          message: "The server is busy with other images. Please try again in a few seconds.",
        },
      });
      // A copy already made, and the original, need no image work.
      expect((await get(testApp, `${made.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
      expect((await get(testApp, waiting.url)).statusCode).toBe(200);
    } finally {
      release();
      await Promise.all(blockers);
    }
    expect((await get(testApp, `${waiting.url}?variant=thumb`, { headers: WEBP })).statusCode).toBe(200);
  });
});
