import { IMAGE_MESSAGES } from "@shared/api/items";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageFormat, makeImage, makeNoise, makePhonePhoto } from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import type { TestApp } from "../../../tests/helpers/test-app";
import {
  countUploads,
  createTestAppWithDataDir,
  storedFiles,
  uploadFile,
} from "../../../tests/helpers/uploads";
import { rateLimits, uploads } from "../../db/schema";
import { IMAGE_TIME_BUDGET } from "../../plugins/rate-limit-rules";
import { MAX_STORED_BYTES_PER_PIXEL } from "./image-processing";

/**
 * What one student's uploads may cost everyone else: the image work (time in the upload lane, and
 * never the resized copies' lane) and the disk (bytes stored per day, bytes per pixel), with real
 * sharp work on real pictures of noise, the worst case for every encoder.
 */

type App = TestApp & { dataDir: string };
const apps: App[] = [];
async function appWith(env: Record<string, string> = {}): Promise<App> {
  const app = await createTestAppWithDataDir(env);
  apps.push(app);
  return app;
}
afterAll(() => Promise.all(apps.map((app) => app.close())));

const WEBP = { accept: "image/webp" };
/** About the 5.4 MB of the noise photos that kept a visitor's thumbnails waiting 80 s. */
const NOISE_PHOTO = { width: 3000, height: 2000 };

async function upload(app: App, cookie: string, data: Buffer, name = "photo.jpg") {
  const startedAt = performance.now();
  const response = await uploadFile(app, cookie, data, name);
  return { response, ms: performance.now() - startedAt };
}

async function storedBytesOf(app: App, ownerId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ total: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/** The milliseconds of image work counted against the student in the present window. */
async function spentMsOf(app: App, studentId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ spentMs: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `${IMAGE_TIME_BUDGET.key}:${studentId}`));
  return row?.spentMs ?? 0;
}

describe("resized copies while uploads fill the upload lane", () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith();
  });

  it("answer within 2 s each while three students upload 5 MB photos of noise as fast as they can", async () => {
    const viewer = await createStudent(app);
    const shown: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { response } = await upload(app, viewer.cookie, await makePhonePhoto(), `desk-${index}.jpg`);
      expect(response.statusCode).toBe(201);
      shown.push(response.json().url);
    }
    const noise = await makeNoise("jpeg", NOISE_PHOTO.width, NOISE_PHOTO.height);
    expect(noise.length).toBeGreaterThan(4 * 1024 * 1024);
    const attackers = await Promise.all([1, 2, 3].map(() => createStudent(app)));

    // Each attacker keeps two uploads in flight until the copies have all been timed.
    let isTiming = true;
    let uploadsInFlight = 0;
    const uploadStatuses: number[] = [];
    const flood = attackers.flatMap((attacker) =>
      [1, 2].map(async () => {
        while (isTiming) {
          uploadsInFlight++;
          const { response } = await upload(app, attacker.cookie, noise, "noise.jpg");
          uploadsInFlight--;
          uploadStatuses.push(response.statusCode);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const timings: { what: string; status: number; ms: number; inFlight: number }[] = [];
    for (const url of shown) {
      for (const variant of ["thumb", "detail", "og"]) {
        const startedAt = performance.now();
        const response = await get(app, `${url}?variant=${variant}`, { headers: WEBP });
        timings.push({
          what: `${variant} of ${url}`,
          status: response.statusCode,
          ms: performance.now() - startedAt,
          inFlight: uploadsInFlight,
        });
      }
    }
    isTiming = false;
    await Promise.all(flood);

    for (const timing of timings) {
      expect(timing.status, timing.what).toBe(200);
      expect(timing.ms, `${timing.what} took ${Math.round(timing.ms)} ms`).toBeLessThan(2000);
      // The uploads were still going on while each copy was made.
      expect(timing.inFlight, timing.what).toBeGreaterThanOrEqual(3);
    }
    // The uploads were served too, not refused to make room.
    expect(uploadStatuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3);
    expect(uploadStatuses.every((status) => status === 201)).toBe(true);
  }, 120_000);

  it("leaves a student posting phone photos far from the image-time budget", async () => {
    const student = await createStudent(app);
    const photo = await makePhonePhoto();
    for (let index = 0; index < 5; index++) {
      expect((await upload(app, student.cookie, photo, `bike-${index}.jpg`)).response.statusCode).toBe(201);
    }
    const perPhotoMs = (await spentMsOf(app, student.id)) / 5;
    expect(perPhotoMs).toBeGreaterThan(0);
    console.info(`a 2560 px phone photo took ${Math.round(perPhotoMs)} ms of the upload lane`);
    // Five photos a minute for the whole 10-minute window stay within the budget.
    expect(50 * perPhotoMs).toBeLessThan(IMAGE_TIME_BUDGET.limitMs(app.config));
  }, 60_000);
});

describe("the image-time budget per student", () => {
  let app: App;
  beforeAll(async () => {
    app = await appWith({ UPLOAD_CPU_SECONDS_PER_10_MIN: "1" });
  });

  it("refuses a student whose recent uploads took their budget, at once, with 429, Retry-After and nothing stored", async () => {
    const student = await createStudent(app);
    const noise = await makeNoise("jpeg", NOISE_PHOTO.width, NOISE_PHOTO.height);
    let accepted = 0;
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    while (!refused && accepted < 10) {
      const rowsBefore = await countUploads(app);
      const filesBefore = await storedFiles(app.dataDir, "images");
      const sent = await upload(app, student.cookie, noise, "noise.jpg");
      if (sent.response.statusCode === 201) {
        accepted++;
        continue;
      }
      refused = sent;
      expect(await countUploads(app)).toBe(rowsBefore);
      expect(await storedFiles(app.dataDir, "images")).toEqual(filesBefore);
    }
    // A second of noise is one or two photos.
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(3);
    expect(refused?.response.statusCode).toBe(429);
    expect(refused?.response.json()).toEqual({
      error: { code: "rate_limited", message: IMAGE_MESSAGES.processingBudget },
    });
    const retryAfter = Number(refused?.response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(IMAGE_TIME_BUDGET.windowSeconds);
    // Refused before any work: no decoding of 5 MB of noise.
    expect(refused?.ms).toBeLessThan(1000);
    // Small or not, the next picture is refused too until the window is over.
    const small = await upload(app, student.cookie, await makeImage("jpeg"), "small.jpg");
    expect(small.response.statusCode).toBe(429);

    // Another student is not affected.
    const other = await createStudent(app);
    expect((await upload(app, other.cookie, await makeImage("jpeg"), "lamp.jpg")).response.statusCode).toBe(
      201,
    );
  }, 60_000);

  it("counts a picture that turned out unreadable: its decoding took the time all the same", async () => {
    const student = await createStudent(app);
    const noise = await makeNoise("jpeg", NOISE_PHOTO.width, NOISE_PHOTO.height);
    // Cut off in the middle of its pixel data: the header reads, the decoding fails late.
    const broken = noise.subarray(0, Math.floor(noise.length * 0.9));
    const first = await upload(app, student.cookie, broken, "broken.jpg");
    expect(first.response.statusCode).toBe(415);
    expect(await spentMsOf(app, student.id)).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40 && !statuses.includes(429); attempt++) {
      statuses.push((await upload(app, student.cookie, broken, "broken.jpg")).response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 415)).toBe(true);
  }, 60_000);
});

describe("the daily storage quota", () => {
  let app: App;
  const QUOTA_MB = 1;
  const QUOTA = QUOTA_MB * 1024 * 1024;
  beforeAll(async () => {
    app = await appWith({ UPLOAD_DAILY_MB: String(QUOTA_MB) });
  });

  /** Noise PNGs of 2.9 MB, stored (bounded) at about 0.4 MB each. */
  const noisePng = () => makeNoise("png", 1000, 1000);

  it("counts stored bytes, then refuses with 429, the message and Retry-After, storing nothing", async () => {
    const student = await createStudent(app);
    const png = await noisePng();
    expect(png.length).toBeGreaterThan(QUOTA * 2);
    const accepted: number[] = [];
    for (;;) {
      const rowsBefore = await countUploads(app);
      const filesBefore = await storedFiles(app.dataDir, "images");
      const { response } = await upload(app, student.cookie, png, "scan.png");
      if (response.statusCode === 201) {
        accepted.push(response.json().bytes);
        expect(accepted.length).toBeLessThan(10);
        continue;
      }
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({
        error: { code: "rate_limited", message: "You've uploaded a lot today. Try again tomorrow." },
      });
      // Nothing of the upload a day old yet: the first one ages out in a day.
      const retryAfter = Number(response.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(86_400 - 120);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect(await countUploads(app)).toBe(rowsBefore);
      expect(await storedFiles(app.dataDir, "images")).toEqual(filesBefore);
      break;
    }
    // Each 2.9 MB upload counted as what it takes on disk, so several fitted.
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    expect(await storedBytesOf(app, student.id)).toBe(accepted.reduce((sum, bytes) => sum + bytes, 0));
    expect(await storedBytesOf(app, student.id)).toBeLessThanOrEqual(QUOTA);

    // Another student still has their whole quota.
    const other = await createStudent(app);
    expect((await upload(app, other.cookie, png, "scan.png")).response.statusCode).toBe(201);
  }, 60_000);

  it("never lets uploads sent at once go past the quota together", async () => {
    const student = await createStudent(app);
    const png = await noisePng();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => uploadFile(app, student.cookie, png, "scan.png")),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses).toContain(201);
    expect(statuses).toContain(429);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(await storedBytesOf(app, student.id)).toBeLessThanOrEqual(QUOTA);
    const files = await storedFiles(app.dataDir, "images");
    for (const response of responses.filter((r) => r.statusCode === 201)) {
      expect(files).toContain(response.json().url.split("/").at(-1));
    }
  }, 60_000);

  it("counts only the last 24 hours: Retry-After is when enough has aged out, and then uploads go through", async () => {
    const student = await createStudent(app);
    const png = await noisePng();
    let isFull = false;
    for (let attempt = 0; attempt < 10 && !isFull; attempt++) {
      const { response } = await upload(app, student.cookie, png, "scan.png");
      isFull = response.statusCode === 429;
    }
    expect(isFull).toBe(true);
    // The student's uploads made 23 hours ago: the oldest ages out in an hour.
    const own = eq(uploads.ownerId, student.id);
    await app.database.db.update(uploads).set({ createdAt: sql`now() - interval '23 hours'` }).where(own);
    const inAnHour = await upload(app, student.cookie, png, "scan.png");
    expect(inAnHour.response.statusCode).toBe(429);
    const retryAfter = Number(inAnHour.response.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    await app.database.db.update(uploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(own);
    expect((await upload(app, student.cookie, png, "scan.png")).response.statusCode).toBe(201);
  }, 60_000);
});

describe("the stored size of a picture", () => {
  let app: App;
  let cookie: string;
  beforeAll(async () => {
    app = await appWith();
    cookie = (await createStudent(app)).cookie;
  });

  it.each([
    ["an RGB PNG of noise (7.7 MB)", "png", 1600, 1600, false, "jpeg"],
    ["a transparent PNG of noise", "png", 1200, 1000, true, "webp"],
    ["a JPEG of noise (5 MB)", "jpeg", NOISE_PHOTO.width, NOISE_PHOTO.height, false, "jpeg"],
    ["a lossless WebP of noise", "webp", 1400, 1000, false, "jpeg"],
    ["a transparent lossless WebP of noise", "webp", 1000, 800, true, "webp"],
    ["a GIF of noise", "gif", 500, 400, false, "jpeg"],
  ] as [string, ImageFormat, number, number, boolean, string][])(
    "is at most 0.5 bytes a pixel for %s, stored lossy",
    async (_label, format, width, height, alpha, storedFormat) => {
      const noise = await makeNoise(format, width, height, { alpha });
      const { response } = await upload(app, cookie, noise, `noise.${format}`);
      expect(response.statusCode).toBe(201);
      const stored = response.json();
      const scale = Math.min(1, 2560 / Math.max(width, height));
      expect(stored).toMatchObject({ width: Math.round(width * scale), height: Math.round(height * scale) });
      expect(stored.bytes).toBeLessThanOrEqual(MAX_STORED_BYTES_PER_PIXEL * stored.width * stored.height);
      const served = await get(app, stored.url);
      expect(served.rawPayload.length).toBe(stored.bytes);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: storedFormat, width: stored.width, height: stored.height });
      expect(served.headers["content-type"]).toBe(`image/${storedFormat}`);
      if (alpha) expect(metadata.hasAlpha).toBe(true);
    },
    60_000,
  );

  it("keeps a picture that is small per pixel in its own format and quality", async () => {
    const photo = await makePhonePhoto();
    const { response } = await upload(app, cookie, photo, "desk.jpg");
    expect(response.statusCode).toBe(201);
    const drawing = await upload(
      app,
      cookie,
      await makeImage("png", { width: 1200, height: 900 }),
      "plan.png",
    );
    expect(drawing.response.json().url).toMatch(/\.png$/);
    const served = await get(app, drawing.response.json().url);
    expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
  });
});
