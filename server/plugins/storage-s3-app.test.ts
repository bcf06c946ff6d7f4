import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../../tests/factories/images";
import { createStudent } from "../../tests/factories/users";
import { get } from "../../tests/helpers/api";
import { type LocalS3, startLocalS3 } from "../../tests/helpers/s3";
import { createTestAppOn, type TestApp } from "../../tests/helpers/test-app";
import { createTestAppWithDataDir, multipartBody, uploadFile } from "../../tests/helpers/uploads";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

const THUMBNAIL = "width=120&height=90&resize=cover&quality=80";

async function upload(testApp: TestApp, cookie: string, data: Buffer, filename: string): Promise<string> {
  const response = await uploadFile(testApp, cookie, data, filename);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().url;
}

describe("the app on S3 storage", () => {
  let s3: LocalS3;
  let bucket: Storage;
  let testApp: TestApp & { dataDir: string };
  let cookie: string;
  let original: Buffer;
  let url: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    bucket = createS3Storage(s3.config);
    testApp = await createTestAppWithDataDir(s3.env);
    cookie = (await createStudent(testApp)).cookie;
    original = await makeImage("jpeg", { width: 640, height: 480 });
    url = await upload(testApp, cookie, original, "cycle.jpg");
  });
  afterAll(async () => {
    await testApp?.close();
    bucket?.close?.();
    await s3?.stop();
  });

  it("stores an upload in the bucket, not on local disk", async () => {
    const key = url.split("/").at(-1) as string;
    const stored = await bucket.get("images", key);
    expect(stored?.contentType).toBe("image/jpeg");
    expect(await sharp(stored?.data).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 480 });
    await expect(fs.access(path.join(testApp.dataDir, "files"))).rejects.toThrow();
  });

  it("serves the image back through the app", async () => {
    const response = await get(testApp, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    const key = url.split("/").at(-1) as string;
    expect(response.rawPayload.equals((await bucket.get("images", key))?.data as Buffer)).toBe(true);
  });

  it("serves a resized copy and keeps it in the bucket for every instance", async () => {
    const response = await get(testApp, `${url}?${THUMBNAIL}`, { headers: { accept: "image/webp,*/*" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 120,
      height: 90,
    });
    const key = url.split("/").at(-1) as string;
    const cached = await bucket.get("images-cache", `${key}.120x90-cover-q80.webp`);
    expect(cached?.data.equals(response.rawPayload)).toBe(true);
  });

  it("lets a second instance on the same database and bucket serve the copy the first one made", async () => {
    const other = await createTestAppOn(testApp.database, s3.env);
    try {
      const lampUrl = await upload(
        testApp,
        cookie,
        await makeImage("jpeg", { width: 500, height: 500 }),
        "lamp.jpg",
      );
      const resized = `${lampUrl}?width=77&height=55`;
      const made = await get(testApp, resized, { headers: { accept: "image/webp" } });
      expect(made.statusCode).toBe(200);
      // With the original gone, only the shared cache can answer.
      await bucket.delete("images", lampUrl.split("/").at(-1) as string);
      const served = await get(other, resized, { headers: { accept: "image/webp" } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(made.rawPayload)).toBe(true);
      expect((await get(other, `${lampUrl}?width=78&height=55`)).statusCode).toBe(404);
    } finally {
      await other.stop();
    }
  });

  it("stores a profile photo in the bucket", async () => {
    const { payload, headers } = await multipartBody([{ data: await makeImage("png"), filename: "me.png" }]);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/profile-photo",
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    const key = (response.json().url as string).split("/").at(-1) as string;
    expect(key).toMatch(/^profile-/);
    expect((await bucket.get("profiles", key))?.contentType).toBe("image/png");
    expect((await get(testApp, response.json().url)).statusCode).toBe(200);
  });

  it("answers 404 for an image the bucket does not hold", async () => {
    expect((await get(testApp, "/api/files/images/not-uploaded.jpg")).statusCode).toBe(404);
  });
});

describe("the app on S3 storage served directly (S3_PUBLIC_URL)", () => {
  let s3: LocalS3;
  let testApp: TestApp & { dataDir: string };
  let url: string;
  beforeAll(async () => {
    s3 = await startLocalS3({ publicUrl: true });
    testApp = await createTestAppWithDataDir(s3.env);
    const { cookie } = await createStudent(testApp);
    url = await upload(testApp, cookie, await makeImage("jpeg", { width: 300, height: 200 }), "lamp.jpg");
  });
  afterAll(async () => {
    await testApp?.close();
    await s3?.stop();
  });

  it("sends the browser to the bucket for the original, which serves it with its type", async () => {
    const response = await get(testApp, url);
    expect(response.statusCode).toBe(302);
    const location = String(response.headers.location);
    expect(location).toBe(`${s3.config.publicUrl}/images/${url.split("/").at(-1)}`);
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/jpeg");
    const image = Buffer.from(await direct.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: "jpeg", width: 300, height: 200 });
  });

  it("still makes resized copies in the app", async () => {
    const response = await get(testApp, `${url}?width=60&height=40`, { headers: { accept: "image/webp" } });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 60,
      height: 40,
    });
  });

  it("still answers 404 for an unknown image rather than sending the browser away", async () => {
    expect((await get(testApp, "/api/files/images/not-uploaded.jpg")).statusCode).toBe(404);
  });
});

describe("GET /api/ready on S3 storage", () => {
  it("is ready while the bucket answers and 503 once it does not", async () => {
    const s3 = await startLocalS3();
    const testApp = await createTestAppWithDataDir(s3.env);
    try {
      expect((await get(testApp, "/api/ready")).statusCode).toBe(200);
      await s3.stop();
      const response = await get(testApp, "/api/ready");
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe("The database or the file storage is not reachable.");
    } finally {
      await testApp.close();
      await s3.stop().catch(() => {});
    }
  });
});
