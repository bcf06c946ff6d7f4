import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startLocalS3 } from "../../tests/helpers/s3";
import { createS3Storage } from "./s3-storage";
import { createDiskStorage, type Storage } from "./storage";

interface Backend {
  storage: Storage;
  stop(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    "local disk",
    async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-storage-"));
      return { storage: createDiskStorage(root), stop: () => fs.rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startLocalS3();
      const storage = createS3Storage(s3.config);
      return {
        storage,
        async stop() {
          storage.close?.();
          await s3.stop();
        },
      };
    },
  ],
];

const UNSAFE_KEYS = ["../escape.jpg", "..", ".hidden", "a/b.jpg", "a\\b.jpg", "", "two words.jpg", "%2e%2e"];

describe.each(backends)("file storage on %s", (_name, start) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend?.stop());

  it("gives back what was put, with its content type", async () => {
    await storage.put("images", "desk-1.jpg", Buffer.from("a jpeg, honestly"), "image/jpeg");
    const file = await storage.get("images", "desk-1.jpg");
    expect(file?.contentType).toBe("image/jpeg");
    expect(file?.data.toString()).toBe("a jpeg, honestly");
  });

  it("keeps every byte of binary data", async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = Buffer.concat([everyByte, randomBytes(1_500_000)]);
    await storage.put("images", "binary.webp", large, "image/webp");
    const file = await storage.get("images", "binary.webp");
    expect(file?.data.length).toBe(large.length);
    expect(file?.data.equals(large)).toBe(true);
  });

  it("returns null for a key never stored", async () => {
    expect(await storage.get("images", "never-stored.jpg")).toBeNull();
    expect(await storage.get("profiles", "desk-1.jpg")).toBeNull();
  });

  it("replaces a file put again under the same key, content type included", async () => {
    await storage.put("profiles", "profile-u-1.png", Buffer.from("first"), "image/png");
    await storage.put("profiles", "profile-u-1.png", Buffer.from("second"), "image/webp");
    const file = await storage.get("profiles", "profile-u-1.png");
    expect(file?.data.toString()).toBe("second");
    expect(file?.contentType).toBe("image/webp");
  });

  it("keeps buckets apart", async () => {
    await storage.put("images", "shared-name.jpg", Buffer.from("item image"), "image/jpeg");
    await storage.put("images-cache", "shared-name.jpg", Buffer.from("resized copy"), "image/webp");
    expect((await storage.get("images", "shared-name.jpg"))?.data.toString()).toBe("item image");
    expect((await storage.get("images-cache", "shared-name.jpg"))?.data.toString()).toBe("resized copy");
  });

  it("deletes a file, and deleting a missing one is not an error", async () => {
    await storage.put("images", "to-delete.jpg", Buffer.from("x"), "image/jpeg");
    await storage.delete("images", "to-delete.jpg");
    expect(await storage.get("images", "to-delete.jpg")).toBeNull();
    await expect(storage.delete("images", "to-delete.jpg")).resolves.toBeUndefined();
  });

  it.each(UNSAFE_KEYS)("refuses the unsafe key %j for put, get and delete", async (key) => {
    await expect(storage.put("images", key, Buffer.from("x"), "image/jpeg")).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get("images", key)).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.delete("images", key)).rejects.toThrow(/Unsafe storage key/);
  });

  it("refuses an unsafe bucket name", async () => {
    await expect(storage.put("../images", "a.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow(
      /Unsafe storage key/,
    );
  });

  it("passes its readiness check", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("S3 readiness check", () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.stop());

  it("fails when the bucket does not exist", async () => {
    const storage = createS3Storage({ ...s3.config, bucket: "no-such-bucket" });
    await expect(storage.check()).rejects.toThrow();
    storage.close?.();
  });

  it("fails when the access key is wrong", async () => {
    const storage = createS3Storage({ ...s3.config, accessKeyId: "WRONG", secretAccessKey: "WRONG" });
    await expect(storage.check()).rejects.toThrow();
    storage.close?.();
  });

  it("fails when nothing answers at the endpoint", async () => {
    const other = await startLocalS3();
    const storage = createS3Storage(other.config);
    await expect(storage.check()).resolves.toBeUndefined();
    await other.stop();
    await expect(storage.check()).rejects.toThrow();
    storage.close?.();
  });

  it("names the public address of an object when S3_PUBLIC_URL is set", () => {
    const storage = createS3Storage({ ...s3.config, publicUrl: "https://cdn.example.in/files" });
    expect(storage.publicUrl?.("images", "desk.jpg")).toBe("https://cdn.example.in/files/images/desk.jpg");
    expect(createS3Storage(s3.config).publicUrl).toBeUndefined();
    expect(() => storage.publicUrl?.("images", "../desk.jpg")).toThrow(/Unsafe storage key/);
    storage.close?.();
  });
});
