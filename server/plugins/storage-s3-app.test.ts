import fs from "node:fs/promises";
import path from "node:path";
import { IMAGE_VARIANT_NAMES } from "@shared/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../../tests/factories/images";
import { buildSellForm, postItem } from "../../tests/factories/sell";
import { createStudent } from "../../tests/factories/users";
import { get } from "../../tests/helpers/api";
import { type LocalS3, startLocalS3 } from "../../tests/helpers/s3";
import { createTestAppOn, type TestApp } from "../../tests/helpers/test-app";
import { createTestAppWithDataDir, multipartBody, uploadFile } from "../../tests/helpers/uploads";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";

const THUMBNAIL = "variant=thumb";

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
      width: 400,
      height: 400,
    });
    const key = url.split("/").at(-1) as string;
    const cached = await bucket.get("images-variants", `${key}.thumb.webp`);
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
      const resized = `${lampUrl}?variant=avatar`;
      const made = await get(testApp, resized, { headers: { accept: "image/webp" } });
      expect(made.statusCode).toBe(200);
      // With the original gone, only the shared cache can answer.
      await bucket.delete("images", lampUrl.split("/").at(-1) as string);
      const served = await get(other, resized, { headers: { accept: "image/webp" } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(made.rawPayload)).toBe(true);
      expect((await get(other, `${lampUrl}?variant=detail`)).statusCode).toBe(404);
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
    expect(key).toMatch(/^profile-[\w-]+-\d+-[A-Za-z0-9_-]{22}\.png$/);
    expect((await bucket.get("profiles", key))?.contentType).toBe("image/png");
    expect((await get(testApp, response.json().url)).statusCode).toBe(200);
  });

  it("answers 404 for an image the bucket does not hold", async () => {
    expect((await get(testApp, "/api/files/images/not-uploaded.jpg")).statusCode).toBe(404);
  });

  it("deletes the original and every copy from the bucket when the item showing it is deleted", async () => {
    const bikeUrl = await upload(
      testApp,
      cookie,
      await makeImage("jpeg", { width: 900, height: 600 }),
      "bike.jpg",
    );
    const key = bikeUrl.split("/").at(-1) as string;
    const item = await postItem(testApp, cookie, buildSellForm(bikeUrl));
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const accept of ["image/webp", "image/avif"]) {
        expect(
          (await get(testApp, `${bikeUrl}?variant=${variant}`, { headers: { accept } })).statusCode,
        ).toBe(200);
      }
    }
    expect(await bucket.get("images-variants", `${key}.detail.avif`)).not.toBeNull();

    const deleted = await testApp.app.inject({
      method: "DELETE",
      url: `/api/items/${item.id}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await bucket.get("images", key)).toBeNull();
    for (const variant of IMAGE_VARIANT_NAMES) {
      for (const format of ["webp", "avif"]) {
        expect(await bucket.get("images-variants", `${key}.${variant}.${format}`)).toBeNull();
      }
      expect(
        (await get(testApp, `${bikeUrl}?variant=${variant}`, { headers: { accept: "image/webp" } }))
          .statusCode,
      ).toBe(404);
    }
    expect((await get(testApp, bikeUrl)).statusCode).toBe(404);
  });

  it("holds the copies in the bucket to IMAGE_CACHE_MB, deleting the least recently used", async () => {
    const keyOf = (address: string) => address.split("/").at(-1) as string;
    const webp = { headers: { accept: "image/webp" } };
    const older = await upload(
      testApp,
      cookie,
      await makeImage("jpeg", { width: 500, height: 500 }),
      "a.jpg",
    );
    const made = await get(testApp, `${older}?variant=thumb`, webp);
    expect(made.statusCode).toBe(200);
    expect(await bucket.get("images-variants", `${keyOf(older)}.thumb.webp`)).not.toBeNull();
    // An instance whose cache holds one copy and a half of that size.
    const megabytes = (made.rawPayload.length * 1.5) / 1024 / 1024;
    const small = await createTestAppOn(testApp.database, { ...s3.env, IMAGE_CACHE_MB: String(megabytes) });
    try {
      const newer = await upload(
        small,
        cookie,
        await makeImage("jpeg", { width: 500, height: 500 }),
        "b.jpg",
      );
      expect((await get(small, `${newer}?variant=thumb`, webp)).statusCode).toBe(200);
      expect(await bucket.get("images-variants", `${keyOf(older)}.thumb.webp`)).toBeNull();
      expect(await bucket.get("images-variants", `${keyOf(newer)}.thumb.webp`)).not.toBeNull();
      // The evicted copy is made again when asked for.
      expect((await get(small, `${older}?variant=thumb`, webp)).statusCode).toBe(200);
    } finally {
      await small.stop();
    }
  });
});

describe("the app on S3 storage served directly (S3_PUBLIC_URL)", () => {
  let s3: LocalS3;
  let testApp: TestApp & { dataDir: string };
  let url: string;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startLocalS3({ publicUrl: true });
    testApp = await createTestAppWithDataDir(s3.env);
    cookie = (await createStudent(testApp)).cookie;
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
    const response = await get(testApp, `${url}?variant=avatar`, { headers: { accept: "image/webp" } });
    expect(response.statusCode).toBe(200);
    // 224x224 cover-cropped, never enlarged: the 200 px height stays.
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 224,
      height: 200,
    });
  });

  it("no longer serves a removed profile photo from the bucket either", async () => {
    const { payload, headers } = await multipartBody([{ data: await makeImage("png"), filename: "me.png" }]);
    const uploaded = await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/profile-photo",
      payload,
      headers: { ...headers, cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json().url as string;
    const save = (profilePhoto: string | null) =>
      testApp.app.inject({
        method: "PATCH",
        url: "/api/me/profile",
        payload: { name: "Kabir Das", bio: "", profilePhoto },
        headers: { cookie },
      });
    expect((await save(photo)).statusCode).toBe(200);
    const direct = String((await get(testApp, photo)).headers.location);
    expect((await fetch(direct)).status).toBe(200);

    expect((await save(null)).statusCode).toBe(200);
    expect((await get(testApp, photo)).statusCode).toBe(404);
    expect((await fetch(direct)).status).toBe(404);
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
