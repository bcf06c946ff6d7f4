import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import type { TestApp } from "../../../tests/helpers/test-app";
import { createTestAppWithDataDir, storedFiles, uploadFile } from "../../../tests/helpers/uploads";

const SECRET = "TOP-SECRET-DATA-DIR-FILE";

let testApp: TestApp & { dataDir: string };
let cookie: string;
let jpegUrl: string;
let pngUrl: string;
beforeAll(async () => {
  testApp = await createTestAppWithDataDir();
  cookie = (await createStudent(testApp)).cookie;
  jpegUrl = await upload(await makeImage("jpeg", { width: 800, height: 600 }), "desk.jpg");
  pngUrl = await upload(await makeImage("png", { width: 800, height: 600 }), "poster.png");
  await fs.writeFile(path.join(testApp.dataDir, "secret.txt"), SECRET);
  await fs.writeFile(path.join(testApp.dataDir, "files", "secret.txt"), SECRET);
});
afterAll(() => testApp.close());

async function upload(data: Buffer, filename: string): Promise<string> {
  const response = await uploadFile(testApp, cookie, data, filename);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().url;
}

const THUMBNAIL = "variant=thumb";
const WEBP_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

describe("GET /api/files/:bucket/:key", () => {
  it("serves the image publicly with its type, nosniff and a long immutable cache", async () => {
    const response = await get(testApp, jpegUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const cacheControl = String(response.headers["cache-control"]);
    expect(cacheControl).toMatch(/max-age=\d{7,}/);
    expect(cacheControl).toContain("immutable");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it("returns the 400x400 cover thumbnail (?variant=thumb) as WebP when the browser accepts WebP, with Vary: Accept", async () => {
    const response = await get(testApp, `${jpegUrl}?${THUMBNAIL}`, { headers: { accept: WEBP_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(String(response.headers.vary).toLowerCase()).toContain("accept");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["cache-control"])).toContain("immutable");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 400,
      height: 400,
    });
  });

  it("returns the thumbnail as AVIF to a browser that accepts AVIF but not WebP", async () => {
    const response = await get(testApp, `${jpegUrl}?${THUMBNAIL}`, { headers: { accept: "image/avif,*/*" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/avif");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
  });

  it.each([
    ["a JPEG", () => jpegUrl, "image/jpeg", "jpeg"],
    ["a PNG", () => pngUrl, "image/png", "png"],
  ])(
    "returns the thumbnail of %s in its own format when WebP is not accepted",
    async (_label, url, mime, format) => {
      const response = await get(testApp, `${url()}?${THUMBNAIL}`, { headers: { accept: "image/*" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(mime);
      expect(String(response.headers.vary).toLowerCase()).toContain("accept");
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format, width: 400, height: 400 });
    },
  );

  it("makes the thumbnail once: the second request is served from the cache", async () => {
    const url = await upload(await makeImage("jpeg", { width: 640, height: 480 }), "cached.jpg");
    const key = url.split("/").at(-1) ?? "";
    const cachedBefore = await storedFiles(testApp.dataDir, "images-variants");
    expect(cachedBefore.some((name) => name.startsWith(key))).toBe(false);

    const first = await get(testApp, `${url}?${THUMBNAIL}`, { headers: { accept: WEBP_ACCEPT } });
    expect(first.statusCode).toBe(200);
    const cachedAfter = await storedFiles(testApp.dataDir, "images-variants");
    expect(cachedAfter).toContain(`${key}.thumb.webp`);

    // With the original gone, only the cache can answer the same request again.
    await fs.rm(path.join(testApp.dataDir, "files", "images", key));
    const second = await get(testApp, `${url}?${THUMBNAIL}`, { headers: { accept: WEBP_ACCEPT } });
    expect(second.statusCode).toBe(200);
    expect(second.headers["content-type"]).toBe("image/webp");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(testApp, url)).statusCode).toBe(404);
  });

  it.each([
    ["item page", "detail", { width: 1200, height: 900 }],
    ["profile photo", "avatar", { width: 224, height: 224 }],
    ["browse card", "thumb", { width: 400, height: 400 }],
  ])("returns the %s size (?variant=%s)", async (_page, variant, size) => {
    const url = await upload(await makeImage("jpeg", { width: 2000, height: 1500 }), "big-desk.jpg");
    const response = await get(testApp, `${url}?variant=${variant}`, { headers: { accept: WEBP_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: "webp", ...size });
  });

  it("never enlarges: the item-page size of a small picture is the picture's own size", async () => {
    const response = await get(testApp, `${jpegUrl}?variant=detail`, { headers: { accept: WEBP_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it.each([
    "width=400&height=400&resize=cover&quality=80",
    "width=100",
    "height=2000",
    "width=0",
    "width=abc",
    "resize=fill",
    "quality=1",
    "format=avif",
    "variant=thumb&width=2000",
    "variant=huge",
    "variant=THUMB",
    "variant=",
    "variant=thumb&variant=detail",
  ])("refuses any size but the named ones (%s) with 400, naming them", async (query) => {
    const filesBefore = await storedFiles(testApp.dataDir, "images-variants");
    const response = await get(testApp, `${jpegUrl}?${query}`);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("invalid_input");
    expect(error.message).toContain("?variant=thumb (400x400)");
    expect(error.message).toContain("?variant=avatar (224x224)");
    expect(await storedFiles(testApp.dataDir, "images-variants")).toEqual(filesBefore);
  });

  it("answers 404 for an unknown file, and for a known key asked for in another bucket", async () => {
    const unknown = await get(testApp, "/api/files/images/1700000000000_nothing.jpg");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    const key = jpegUrl.split("/").at(-1);
    expect((await get(testApp, `/api/files/profiles/${key}`)).statusCode).toBe(404);
  });

  it("does not serve the storage's side files or the cache bucket directly", async () => {
    const key = jpegUrl.split("/").at(-1);
    expect((await get(testApp, `${jpegUrl}?variant=avatar`)).statusCode).toBe(200);
    const sideFile = await get(testApp, `${jpegUrl}.content-type`);
    expect(sideFile.statusCode).toBe(404);
    const cacheName = (await storedFiles(testApp.dataDir, "images-variants")).find((name) =>
      name.startsWith(`${key}.avatar.`),
    );
    expect(cacheName).toBeDefined();
    const cacheBucket = await get(testApp, `/api/files/images-variants/${cacheName}`);
    expect([400, 404]).toContain(cacheBucket.statusCode);
  });

  it.each([
    "/api/files/images/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/api/files/images/..%2f..%2fsecret.txt",
    "/api/files/images/..%2Fsecret.txt",
    "/api/files/images/%2e%2e%5c%2e%2e%5csecret.txt",
    "/api/files/images/..",
    "/api/files/images/%2e%2e",
    "/api/files/images/....%2f%2fsecret.txt",
    "/api/files/images/%252e%252e%252fsecret.txt",
    "/api/files/..%2fsecret.txt/x",
    "/api/files/%2e%2e/secret.txt",
    "/api/files/images/../../secret.txt",
    "/api/files/images/..%00.jpg",
  ])("never serves a file outside the bucket for %s", async (url) => {
    const response = await get(testApp, url);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain(SECRET);
  });
});
