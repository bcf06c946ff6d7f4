import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasGpsDirectory,
  makeImage,
  makeImageWithXmp,
  makeJpegWithComment,
  makePhoneJpeg,
  POLYGLOT_PAYLOAD,
} from "../../../tests/factories/images";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import type { TestApp } from "../../../tests/helpers/test-app";
import {
  countUploads,
  createTestAppWithDataDir,
  multipartBody,
  uploadFile,
} from "../../../tests/helpers/uploads";

let testApp: TestApp & { dataDir: string };
let cookie: string;
beforeAll(async () => {
  testApp = await createTestAppWithDataDir();
  cookie = (await createStudent(testApp)).cookie;
});
afterAll(() => testApp.close());

describe("malformed multipart bodies", () => {
  // A broken request is the client's mistake: a 4xx, with nothing stored.
  async function sendRaw(payload: Buffer | string, contentType: string) {
    const rowsBefore = await countUploads(testApp);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/images",
      payload,
      headers: { "content-type": contentType, cookie },
    });
    expect(await countUploads(testApp)).toBe(rowsBefore);
    return response;
  }

  it("answers a multipart request without a boundary with a 4xx, not 500", async () => {
    const response = await sendRaw(await makeImage("jpeg"), "multipart/form-data");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it("answers an upload cut off in the middle of the file with a 4xx, not 500", async () => {
    const { payload, headers } = await multipartBody([
      { data: await makeImage("jpeg"), filename: "photo.jpg", type: "image/jpeg" },
    ]);
    const response = await sendRaw(payload.subarray(0, payload.length - 200), headers["content-type"] ?? "");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("metadata of uploaded photos", () => {
  it("removes EXIF and GPS from a phone JPEG and applies its orientation (200x100, tag 6 -> 100x200)", async () => {
    const photo = await makePhoneJpeg({ width: 200, height: 100, orientation: 6 });
    const original = await sharp(photo).metadata();
    expect(original).toMatchObject({ width: 200, height: 100, orientation: 6 });
    expect(hasGpsDirectory(original.exif)).toBe(true);

    const response = await uploadFile(testApp, cookie, photo, "IMG_2041.jpg", "image/jpeg");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ width: 100, height: 200 });
    const served = await get(testApp, response.json().url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 100, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(served.rawPayload.includes("CampusPhone")).toBe(false);
  });

  it.each(["png", "webp"] as const)("removes EXIF and GPS from a %s too", async (format) => {
    const photo = await sharp(await makePhoneJpeg())
      .keepExif()
      .toFormat(format)
      .toBuffer();
    expect(hasGpsDirectory((await sharp(photo).metadata()).exif)).toBe(true);
    const response = await uploadFile(testApp, cookie, photo, `photo.${format}`, `image/${format}`);
    expect(response.statusCode).toBe(201);
    const served = await get(testApp, response.json().url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe(format);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes("CampusPhone")).toBe(false);
  });

  it.each(["jpeg", "webp"] as const)("removes XMP from a %s", async (format) => {
    const photo = await makeImageWithXmp(format);
    expect((await sharp(photo).metadata()).xmp).toBeDefined();
    const response = await uploadFile(testApp, cookie, photo, `photo.${format}`);
    expect(response.statusCode).toBe(201);
    const served = await get(testApp, response.json().url);
    expect((await sharp(served.rawPayload).metadata()).xmp).toBeUndefined();
    expect(served.rawPayload.includes("Priya Sharma")).toBe(false);
  });

  it("drops a JPEG comment, so markup hidden in it is never served", async () => {
    const photo = await makeJpegWithComment(POLYGLOT_PAYLOAD);
    expect(photo.includes("<script")).toBe(true);
    const response = await uploadFile(testApp, cookie, photo, "comment.jpg");
    expect(response.statusCode).toBe(201);
    const served = await get(testApp, response.json().url);
    expect(served.rawPayload.includes("<script")).toBe(false);
  });
});
