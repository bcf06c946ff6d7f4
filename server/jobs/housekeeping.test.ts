import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeImage } from "../../tests/factories/images";
import { insertItem } from "../../tests/factories/items";
import { callAs, uploadProfilePhoto } from "../../tests/factories/profiles";
import { buildSellForm, postItem } from "../../tests/factories/sell";
import { createStudent } from "../../tests/factories/users";
import { get } from "../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../tests/helpers/uploads";
import { rowsOf } from "../db/rows";
import { items, sessions, uploads } from "../db/schema";
import { createDiskStorage, type Storage } from "../plugins/storage";
import { runHousekeeping } from "./housekeeping";

const HOUR_MS = 60 * 60 * 1000;

let testApp: TestApp;
/** The app's own file storage: DATA_DIR/files. */
let storage: Storage;
beforeAll(async () => {
  testApp = await createTestApp({}, { startWorkers: false });
  storage = createDiskStorage(path.join(testApp.config.dataDir, "files"));
});
afterAll(() => testApp.close());

/** The planner's row count of a table, as the last VACUUM or ANALYZE left it (-1: never counted). */
async function plannerRowCount(table: string): Promise<number> {
  const result = await testApp.database.db.execute(
    sql`select reltuples::int as n from pg_class where relname = ${table}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n);
}

describe("housekeeping", () => {
  it("removes expired sessions and keeps live ones", async () => {
    const student = await createStudent(testApp);
    await testApp.database.db.insert(sessions).values({
      id: "expired-session-for-housekeeping",
      userId: student.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await runHousekeeping(testApp.database, storage);
    const left = await testApp.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, student.id));
    expect(left.map((row) => row.id)).not.toContain("expired-session-for-housekeeping");
    expect(left).toHaveLength(1);
  });

  // PGlite has no autovacuum: housekeeping is what keeps the planner's statistics current.
  it.runIf(inject("testDatabase").kind === "embedded")(
    "on the embedded database, brings the planner's row counts up to date (VACUUM ANALYZE)",
    async () => {
      const seller = await createStudent(testApp);
      for (let i = 0; i < 40; i++) await insertItem(testApp, seller.id, { productName: `Lamp ${i}` });
      await testApp.database.db.delete(items).where(sql`${items.productName} like 'Lamp 3%'`);
      const [count] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(items);
      expect(count?.n).toBe(29);
      expect(await plannerRowCount("items")).not.toBe(29);
      await runHousekeeping(testApp.database, storage);
      expect(await plannerRowCount("items")).toBe(29);
    },
  );
});

describe("housekeeping of uploads", () => {
  it("removes uploads that no item or profile took within a day, with their copies, and keeps the rest", async () => {
    const student = await createStudent(testApp);
    const photoUpload = await uploadProfilePhoto(testApp, student.cookie, await makeImage("jpeg"));
    const urls = {
      abandoned: await uploadedImageUrl(testApp, student.cookie, "left-on-the-sell-form.jpg"),
      fresh: await uploadedImageUrl(testApp, student.cookie, "being-posted.jpg"),
      posted: await uploadedImageUrl(testApp, student.cookie, "posted-long-ago.jpg"),
      abandonedPhoto: photoUpload.json().url as string,
      profilePhoto: (await uploadProfilePhoto(testApp, student.cookie, await makeImage("png"))).json()
        .url as string,
    };
    await postItem(testApp, student.cookie, buildSellForm(urls.posted));
    const saved = await callAs(testApp, "PATCH", "/api/me/profile", student.cookie, {
      name: student.name,
      bio: "",
      profilePhoto: urls.profilePhoto,
    });
    expect(saved.statusCode).toBe(200);
    for (const url of Object.values(urls)) {
      expect((await get(testApp, `${url}?variant=thumb`)).statusCode).toBe(200);
    }
    // Everything but the fresh upload was made 25 hours ago.
    for (const url of [urls.abandoned, urls.posted, urls.abandonedPhoto, urls.profilePhoto]) {
      const [, , , bucket, key] = url.split("/");
      await testApp.database.db
        .update(uploads)
        .set({ createdAt: new Date(Date.now() - 25 * HOUR_MS) })
        .where(and(eq(uploads.bucket, bucket as string), eq(uploads.key, key as string)));
    }

    await runHousekeeping(testApp.database, storage);

    for (const url of [urls.abandoned, urls.abandonedPhoto]) {
      expect((await get(testApp, url)).statusCode).toBe(404);
      expect((await get(testApp, `${url}?variant=thumb`)).statusCode).toBe(404);
      const [, , , bucket, key] = url.split("/");
      expect(await storage.get(bucket as string, key as string)).toBeNull();
      expect(await storage.get(`${bucket}-variants`, `${key}.thumb.webp`)).toBeNull();
    }
    for (const url of [urls.fresh, urls.posted, urls.profilePhoto]) {
      expect((await get(testApp, url)).statusCode).toBe(200);
      expect((await get(testApp, `${url}?variant=thumb`)).statusCode).toBe(200);
    }
  });
});
