import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config/env";
import { assertSafeKey } from "./storage-keys";

/** The buckets anyone signed in may read at /api/files/{bucket}/{key}. */
export type PublicBucket = "images" | "profiles";
export const BUCKETS: readonly PublicBucket[] = ["images", "profiles"];
/**
 * 'chats' holds photos sent in conversations, served only to the chat's members; 'ids' holds
 * student ID photos waiting for review, served only to the administrator and deleted at the decision.
 */
export type Bucket = PublicBucket | "chats" | "ids";
/** Copies of reported chat photos, kept as evidence and served only to the administrator. */
export const EVIDENCE_BUCKET = "reports";

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** Where files live. Local disk by default; an S3-compatible backend implements the same. */
export interface Storage {
  put(bucket: string, key: string, data: Buffer, contentType: string): Promise<void>;
  get(bucket: string, key: string): Promise<StoredFile | null>;
  delete(bucket: string, key: string): Promise<void>;
  /** Reachable and writable, for readiness checks. */
  check(): Promise<void>;
  /** Where the stored file is served directly, when it is (a public bucket or a CDN). */
  publicUrl?(bucket: string, key: string): string;
  /** Releases connections, when the backend holds any. */
  close?(): void;
}

/**
 * The S3 backend when the S3_ variables are set, else local disk under DATA_DIR/files. The S3
 * client is loaded only when used: it is large, and most sites never need it.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, "files"));
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage(config.s3);
}

/** Beside each file on disk, its content type. */
export const CONTENT_TYPE_SUFFIX = ".content-type";

/** Files under DATA_DIR/files/{bucket}/{key}, each with its content type beside it. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (bucket: string, key: string) => {
    assertSafeKey(bucket);
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  return {
    async put(bucket, key, data, contentType) {
      const file = fileOf(bucket, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.writeFile(`${file}${CONTENT_TYPE_SUFFIX}`, contentType);
      await fs.rename(temporary, file);
    },
    async get(bucket, key) {
      const file = fileOf(bucket, key);
      try {
        const [data, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}${CONTENT_TYPE_SUFFIX}`, "utf8"),
        ]);
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      const file = fileOf(bucket, key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}${CONTENT_TYPE_SUFFIX}`, { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}
