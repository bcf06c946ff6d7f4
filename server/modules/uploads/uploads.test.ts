import { IMAGE_MESSAGES } from "@shared/api/items";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ImageFormat,
  makeHugePng,
  makeImage,
  makeNoisyPng,
  makePngOfSize,
  makePolyglotGif,
  makeTruncatedJpeg,
  NOT_IMAGES,
  POLYGLOT_PAYLOAD,
} from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import type { TestApp } from "../../../tests/helpers/test-app";
import {
  countUploads,
  createTestAppWithDataDir,
  storedFiles,
  uploadFile,
} from "../../../tests/helpers/uploads";
import { uploads } from "../../db/schema";

let testApp: TestApp & { dataDir: string };
let cookie: string;
let studentId: string;
beforeAll(async () => {
  testApp = await createTestAppWithDataDir();
  const student = await createStudent(testApp);
  cookie = student.cookie;
  studentId = student.id;
});
afterAll(() => testApp.close());

const URL_PATTERN = /^\/api\/files\/images\/(\d+_[\w.-]+)$/;
/** The random part of a key: 128 bits in base64url. */
const RANDOM = "[A-Za-z0-9_-]{22}";

function keyOf(url: string): string {
  const key = URL_PATTERN.exec(url)?.[1];
  if (!key) throw new Error(`not an image URL: ${url}`);
  return key;
}

/** Uploads a file that must be refused, and shows that no row and no file was stored. */
async function expectRefused(
  data: Buffer,
  filename: string,
  type: string,
  expected: { status: number; code: string; message: string },
) {
  const rowsBefore = await countUploads(testApp);
  const filesBefore = await storedFiles(testApp.dataDir, "images");
  const response = await uploadFile(testApp, cookie, data, filename, type);
  expect(response.statusCode).toBe(expected.status);
  expect(response.json()).toEqual({ error: { code: expected.code, message: expected.message } });
  expect(await countUploads(testApp)).toBe(rowsBefore);
  expect(await storedFiles(testApp.dataDir, "images")).toEqual(filesBefore);
}

const NOT_AN_IMAGE = { status: 415, code: "unsupported_media_type", message: IMAGE_MESSAGES.notAnImage };

describe("POST /api/uploads/images", () => {
  it("requires sign-in and stores nothing without it", async () => {
    const rowsBefore = await countUploads(testApp);
    const response = await uploadFile(testApp, undefined, await makeImage("jpeg"), "photo.jpg", "image/jpeg");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await countUploads(testApp)).toBe(rowsBefore);
  });

  it.each([
    ["jpeg", "jpg", "image/jpeg"],
    ["png", "png", "image/png"],
    ["webp", "webp", "image/webp"],
    ["avif", "avif", "image/avif"],
    ["gif", "gif", "image/gif"],
  ] as [ImageFormat, string, string][])(
    "accepts a %s image and stores it for its owner",
    async (format, extension, mime) => {
      const response = await uploadFile(testApp, cookie, await makeImage(format), `photo.${extension}`, mime);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ width: 320, height: 240 });
      expect(body.url).toMatch(new RegExp(`^/api/files/images/\\d+_${RANDOM}_photo\\.${extension}$`));
      const key = keyOf(body.url);
      const [row] = await testApp.database.db
        .select()
        .from(uploads)
        .where(and(eq(uploads.bucket, "images"), eq(uploads.key, key)));
      expect(row).toMatchObject({ ownerId: studentId, contentType: mime, width: 320, height: 240 });
      expect(await storedFiles(testApp.dataDir, "images")).toContain(key);

      const served = await get(testApp, body.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe(mime);
      expect(served.rawPayload.length).toBe(body.bytes);
      expect((await sharp(served.rawPayload).metadata()).format).toBe(format === "avif" ? "heif" : format);
    },
  );

  it("normalises the file name: accents removed, other characters to '_', a timestamp prefix", async () => {
    const response = await uploadFile(
      testApp,
      cookie,
      await makeImage("jpeg"),
      "Café photo.jpg",
      "image/jpeg",
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(new RegExp(`/api/files/images/\\d+_${RANDOM}_Cafe_photo\\.jpg$`));
  });

  it("judges the type by the bytes: a PNG named x.jpg is stored as .png and served as image/png", async () => {
    const response = await uploadFile(testApp, cookie, await makeImage("png"), "x.jpg", "image/jpeg");
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/api/files/images/\\d+_${RANDOM}_x\\.png$`));
    const served = await get(testApp, url);
    expect(served.headers["content-type"]).toBe("image/png");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
  });

  it("accepts an image larger than the 1 MB limit of ordinary request bodies", async () => {
    const noisy = await makeNoisyPng(1000, 1000);
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await uploadFile(testApp, cookie, noisy, "noise.png", "image/png");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 1000, height: 1000 });
  });

  it("keeps the stored name a single safe segment whatever the uploaded name holds", async () => {
    const response = await uploadFile(testApp, cookie, await makeImage("jpeg"), "../../Résumé <b>&'x'.jpg");
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(/^\/api\/files\/images\/\d+_[\w.-]*Resume_[\w.-]*\.jpg$/);
  });

  it("accepts a file of exactly 10 MB and a picture of exactly 40 megapixels", async () => {
    const tenMegabytes = await makePngOfSize(10 * 1024 * 1024);
    const big = await uploadFile(testApp, cookie, tenMegabytes, "scan.png", "image/png");
    expect(big.statusCode).toBe(201);
    const fortyMegapixels = await uploadFile(testApp, cookie, await makeHugePng(8000, 5000), "wide.png");
    expect(fortyMegapixels.statusCode).toBe(201);
    // Stored at 2560 px on the long side, as every upload is.
    expect(fortyMegapixels.json()).toMatchObject({ width: 2560, height: 1600 });
  });

  it.each([
    ["a 40-megapixel landscape PNG", () => makeHugePng(8000, 5000), { width: 2560, height: 1600 }],
    [
      "a 12-megapixel portrait JPEG",
      () => makeImage("jpeg", { width: 3000, height: 4000 }),
      { width: 1920, height: 2560 },
    ],
    [
      "a picture of exactly 2560 px",
      () => makeImage("webp", { width: 2560, height: 1000 }),
      { width: 2560, height: 1000 },
    ],
  ])("stores %s at most 2560 px on its long side, keeping its shape", async (_label, make, size) => {
    const response = await uploadFile(testApp, cookie, await make(), "camera.png");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject(size);
    const served = await get(testApp, response.json().url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject(size);
    const [row] = await testApp.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, "images"), eq(uploads.key, keyOf(response.json().url))));
    expect(row).toMatchObject(size);
  });

  it("puts 128 random bits in every key: one name uploaded at once gets unrelated keys", async () => {
    const image = await makeImage("jpeg");
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => uploadFile(testApp, cookie, image, "photo.jpg", "image/jpeg")),
    );
    const randomParts = responses.map((response) => {
      expect(response.statusCode).toBe(201);
      const part = new RegExp(`^\\d+_(${RANDOM})_photo\\.jpg$`).exec(keyOf(response.json().url))?.[1];
      if (!part) throw new Error(`no random part in ${response.json().url}`);
      return part;
    });
    expect(new Set(randomParts).size).toBe(randomParts.length);
    for (const part of randomParts) expect(Buffer.from(part, "base64url").length * 8).toBe(128);
  });

  it.each([
    ["a text file named photo.jpg", NOT_IMAGES.text, "photo.jpg", "image/jpeg"],
    ["an HTML file", NOT_IMAGES.html, "page.html", "text/html"],
    ["an HTML file named photo.png", NOT_IMAGES.html, "photo.png", "image/png"],
    ["an SVG", NOT_IMAGES.svg, "logo.svg", "image/svg+xml"],
    ["an SVG named .png", NOT_IMAGES.svg, "logo.png", "image/png"],
    ["a GIF signature followed by HTML", NOT_IMAGES.fakeGif, "anim.gif", "image/gif"],
  ])("refuses %s with 415 and stores nothing", async (_label, data, filename, type) => {
    await expectRefused(data, filename, type, NOT_AN_IMAGE);
  });

  it("refuses a truncated JPEG with 415 and stores nothing", async () => {
    await expectRefused(await makeTruncatedJpeg(), "broken.jpg", "image/jpeg", NOT_AN_IMAGE);
  });

  it("never serves the HTML of a GIF/HTML polyglot: it is refused, or re-encoded without it", async () => {
    const polyglot = await makePolyglotGif();
    expect(polyglot.includes(POLYGLOT_PAYLOAD)).toBe(true);
    const rowsBefore = await countUploads(testApp);
    const response = await uploadFile(testApp, cookie, polyglot, "funny.gif", "image/gif");
    if (response.statusCode === 415) {
      expect(await countUploads(testApp)).toBe(rowsBefore);
      return;
    }
    expect(response.statusCode).toBe(201);
    const served = await get(testApp, response.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/gif");
    expect(served.rawPayload.includes("<script")).toBe(false);
    expect(served.rawPayload.includes("<html")).toBe(false);
  });

  it("refuses a file over 10 MB with 413 and the size message", async () => {
    const header = await makeImage("jpeg");
    const oversize = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length, 7)]);
    await expectRefused(oversize, "huge.jpg", "image/jpeg", {
      status: 413,
      code: "payload_too_large",
      message: IMAGE_MESSAGES.tooLarge,
    });
  });

  it("refuses an image over 40 megapixels (7000x6000, a small file) with 413", async () => {
    const bomb = await makeHugePng(7000, 6000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expectRefused(bomb, "bomb.png", "image/png", {
      status: 413,
      code: "payload_too_large",
      message: IMAGE_MESSAGES.tooManyPixels,
    });
  });

  it("refuses a request without a file and stores nothing", async () => {
    const rowsBefore = await countUploads(testApp);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/images",
      payload: { file: "photo.jpg" },
      headers: { cookie },
    });
    expect([400, 415]).toContain(response.statusCode);
    expect(response.json().error.message).toBe(IMAGE_MESSAGES.missing);
    expect(await countUploads(testApp)).toBe(rowsBefore);
  });
});
