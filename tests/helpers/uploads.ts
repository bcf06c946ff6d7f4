import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { uploads } from "../../server/db/schema";
import { makeImage } from "../factories/images";
import { createTestApp, type TestApp } from "./test-app";

/** A test app whose DATA_DIR is known, so tests can look at the files it stores. */
export async function createTestAppWithDataDir(
  env: Record<string, string> = {},
): Promise<TestApp & { dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-files-"));
  const testApp = await createTestApp({ DATA_DIR: dataDir, ...env });
  return {
    ...testApp,
    dataDir,
    async close() {
      await testApp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body, serialised by the platform's own FormData. */
export async function multipartBody(
  parts: { field?: string; data: Buffer; filename: string; type?: string }[],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    const blob = new Blob([new Uint8Array(part.data)], { type: part.type ?? "application/octet-stream" });
    form.append(part.field ?? "file", blob, part.filename);
  }
  const request = new Request("http://localhost/upload", { method: "POST", body: form });
  const contentType = request.headers.get("content-type");
  if (!contentType) throw new Error("FormData gave no content type");
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": contentType } };
}

/** POST /api/uploads/images with one file in the field 'file'. */
export async function uploadFile(
  testApp: TestApp,
  cookie: string | undefined,
  data: Buffer,
  filename: string,
  type?: string,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipartBody([{ data, filename, type }]);
  return testApp.app.inject({
    method: "POST",
    url: "/api/uploads/images",
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Uploads a small real JPEG for the user and returns its URL, as the Sell form does first. */
export async function uploadedImageUrl(testApp: TestApp, cookie: string, filename = "item.jpg") {
  const response = await uploadFile(testApp, cookie, await makeImage("jpeg"), filename, "image/jpeg");
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().url as string;
}

export async function countUploads(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

/** The names of the files in DATA_DIR/files/{bucket}, none when the folder does not exist yet. */
export async function storedFiles(dataDir: string, bucket: string): Promise<string[]> {
  try {
    return await fs.readdir(path.join(dataDir, "files", bucket));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Uploads `count` small JPEGs for the user, in order ('photo-0.jpg' first), and returns their URLs. */
export function uploadedImageUrls(testApp: TestApp, cookie: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) => uploadedImageUrl(testApp, cookie, `photo-${index}.jpg`)),
  );
}
