import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config/env";
import type { Storage } from "./storage";
import { assertSafeKey } from "./storage-keys";

/** A readiness probe must answer before a load balancer gives up on it. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Files in one S3-compatible bucket, as objects `{bucket}/{key}` carrying their content type, so
 * the bucket can also be served directly. Path-style addresses (`endpoint/bucket/object`) work on
 * every S3-compatible server, a local one included, where bucket subdomains often do not.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
  });
  const objectKey = (bucket: string, key: string) => {
    assertSafeKey(bucket);
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };
  return {
    async put(bucket, key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(bucket, key),
          Body: data,
          ContentType: contentType,
        }),
      );
    },
    async get(bucket, key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }),
        );
        if (!object.Body) return null;
        return {
          data: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(bucket, key) {
      // Deleting a missing object succeeds on S3, as it does on disk.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(bucket, key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: config.bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    },
    close() {
      client.destroy();
    },
    publicUrl: config.publicUrl
      ? (bucket, key) => `${config.publicUrl}/${objectKey(bucket, key)}`
      : undefined,
  };
}
