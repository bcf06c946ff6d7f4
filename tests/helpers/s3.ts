import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "../../server/config/env";

export interface LocalS3 {
  /** The S3 settings of the app, as the S3_ variables give them. */
  config: S3Config;
  /** The same, as environment variables for loadConfig or a server process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free loopback port, storing under a temporary folder,
 * with one bucket already created. stop() closes it and removes the folder.
 */
export async function startLocalS3(options: { bucket?: string; publicUrl?: boolean } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "campus-bazaar-test";
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    // s3rver accepts these fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    region: "us-east-1",
    // Path-style, as a bucket served directly from this server is addressed.
    ...(options.publicUrl ? { publicUrl: `${endpoint}/${bucket}` } : {}),
  };
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: config.bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_REGION: config.region,
      ...(config.publicUrl ? { S3_PUBLIC_URL: config.publicUrl } : {}),
    },
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
