// A reported chat photo: the copy the report keeps, served to the administrator only, and when
// that copy goes.
import path from "node:path";
import { MODERATION_TEXTS } from "@shared/reports-constants";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newClientId, openItemChat, sendRequest, sendText } from "../../../tests/factories/chats";
import { makeImage } from "../../../tests/factories/images";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { multipartBody, storedFiles } from "../../../tests/helpers/uploads";
import { chats, reportPhotoDeletions, reports, uploads, users } from "../../db/schema";
import { runHousekeeping } from "../../jobs/housekeeping";
import { createDiskStorage } from "../../plugins/storage";
import {
  act,
  adminCookie,
  queue,
  report,
  reportCount,
  setUpReportsApp,
  testApp,
} from "./testing/reports-app";

setUpReportsApp();

async function reportedPhoto() {
  const seller = await createStudent(testApp);
  const buyer = await createStudent(testApp);
  const chat = await openItemChat(testApp, buyer, seller);
  await sendText(testApp, buyer, chat.id, "Can I see it working?");
  const { payload, headers } = await multipartBody([
    { data: await makeImage("jpeg"), filename: "IMG_2041.jpg", type: "image/jpeg" },
  ]);
  const upload = await testApp.app.inject({
    method: "POST",
    url: "/api/uploads/chat-photo",
    payload,
    headers: { ...headers, cookie: seller.cookie },
  });
  expect(upload.statusCode).toBe(201);
  const photoId = String(upload.json().url).split("/").at(-1) ?? "";
  const sent = await sendRequest(testApp, seller.cookie, chat.id, {
    type: "photo",
    clientId: newClientId(),
    photoId,
  });
  expect(sent.statusCode).toBe(201);
  const messageId: string = sent.json().message.id;
  const original = await get(testApp, `/api/chats/${chat.id}/photos/${photoId}`, { cookie: buyer.cookie });
  expect(original.statusCode).toBe(200);
  const created = await report(buyer, {
    targetType: "message",
    targetId: messageId,
    reason: "Harassment or hate",
  });
  expect(created.statusCode).toBe(201);
  return { seller, buyer, chat, photoId, messageId, original, reportId: created.json().report.id as string };
}

function reportPhoto(reportId: string, cookie?: string) {
  return get(testApp, `/api/admin/reports/${reportId}/photo`, cookie ? { cookie } : {});
}

describe("GET /api/admin/reports/{id}/photo", () => {
  it("requires sign-in and refuses a student, the reporter and the reported user alike", async () => {
    const { seller, buyer, reportId } = await reportedPhoto();
    expect((await reportPhoto(reportId)).statusCode).toBe(401);
    const other = await createStudent(testApp);
    for (const student of [other, buyer, seller]) {
      const refused = await reportPhoto(reportId, student.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("forbidden");
    }
  });

  it("keeps a reported photo after the chat is deleted, served to the administrator as it was sent", async () => {
    const { chat, messageId, original, reportId } = await reportedPhoto();
    await testApp.database.db.delete(chats).where(eq(chats.id, chat.id));
    const group = (await queue()).groups.find((g) => g.targetId === messageId);
    expect(group?.isContentPresent).toBe(false);
    expect(group?.photoUrl).toBe(`/api/admin/reports/${reportId}/photo`);
    expect(group?.messages.find((m) => m.isReported)).toMatchObject({ type: "photo", text: "Photo" });
    const photo = await reportPhoto(reportId, adminCookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe(original.headers["content-type"]);
    expect(photo.headers["cache-control"]).toBe("no-store, private");
    expect(photo.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it("keeps it after Remove Content takes the photo out of the chat and its file away", async () => {
    const { buyer, chat, photoId, original, reportId } = await reportedPhoto();
    const removed = await act(reportId, { action: "remove", reason: "Abusive photo." });
    expect(removed.statusCode).toBe(200);
    // The original is gone from the chat and from storage ...
    const [upload] = await testApp.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, "chats"), eq(uploads.key, photoId)));
    expect(upload).toBeUndefined();
    const gone = await get(testApp, `/api/chats/${chat.id}/photos/${photoId}`, { cookie: buyer.cookie });
    expect(gone.statusCode).toBeGreaterThanOrEqual(400);
    expect(gone.statusCode).toBeLessThan(500);
    // ... and the report's copy stays, the administrator's only.
    const photo = await reportPhoto(reportId, adminCookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await reportPhoto(reportId, buyer.cookie)).statusCode).toBe(403);
  });

  it("answers 404 for a report without a photo, a report that does not exist, and a malformed id", async () => {
    const seller = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id, { productName: "Photo-less lamp" });
    const created = await report(reporter, { targetType: "listing", targetId: item.id });
    expect(created.statusCode).toBe(201);
    const group = (await queue()).groups.find((g) => g.targetId === item.id);
    expect(group?.photoUrl).toBeNull();
    for (const id of [created.json().report.id, crypto.randomUUID()]) {
      const missing = await reportPhoto(id, adminCookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(MODERATION_TEXTS.photoNotFound);
    }
    const malformed = await reportPhoto("not-a-report", adminCookie);
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it("a second report of the same photo is refused and keeps no second copy", async () => {
    const { buyer, messageId } = await reportedPhoto();
    const [before, copies] = [await reportCount(), await storedFiles(testApp.config.dataDir, "reports")];
    expect(copies.length).toBeGreaterThan(0);
    const again = await report(buyer, { targetType: "message", targetId: messageId });
    expect(again.statusCode).toBe(409);
    expect(await reportCount()).toBe(before);
    expect(await storedFiles(testApp.config.dataDir, "reports")).toEqual(copies);
  });
});

describe("a report's photo copy goes with the report", () => {
  const storage = () => createDiskStorage(path.join(testApp.config.dataDir, "files"));
  const reportRow = async (id: string) =>
    (await testApp.database.db.select().from(reports).where(eq(reports.id, id)))[0];

  it("goes at housekeeping once its reporter's account and reports are gone; a copy a report names stays", async () => {
    const gone = await reportedPhoto();
    const kept = await reportedPhoto();
    const goneKey = (await reportRow(gone.reportId))?.photoKey;
    const keptKey = (await reportRow(kept.reportId))?.photoKey;
    if (!goneKey || !keptKey) throw new Error("the reports kept no photo copies");
    expect(await storedFiles(testApp.config.dataDir, "reports")).toEqual(
      expect.arrayContaining([goneKey, keptKey]),
    );

    // The administrator deletes the reporter's account: the account row stays, marked deleted, and
    // so do its reports and their copies, still evidence for the moderator.
    const deleted = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${gone.buyer.id}`,
      headers: { cookie: adminCookie },
    });
    expect(deleted.statusCode).toBe(204);
    await runHousekeeping(testApp.database, storage());
    expect((await reportPhoto(gone.reportId, adminCookie)).statusCode).toBe(200);

    // Once the account row itself is removed, its reports go with it (cascade), and housekeeping
    // deletes their copies; the other report's copy stays.
    await testApp.database.db.delete(users).where(eq(users.id, gone.buyer.id));
    expect(await reportRow(gone.reportId)).toBeUndefined();
    await runHousekeeping(testApp.database, storage());
    const files = await storedFiles(testApp.config.dataDir, "reports");
    expect(files.filter((file) => file.startsWith(goneKey))).toEqual([]);
    expect(files).toContain(keptKey);
    const photo = await reportPhoto(kept.reportId, adminCookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(kept.original.rawPayload)).toBe(true);
  });

  it("goes when its report is deleted by any other path, and a rolled-back delete keeps it", async () => {
    const { reportId } = await reportedPhoto();
    const key = (await reportRow(reportId))?.photoKey;
    if (!key) throw new Error("the report kept no photo copy");
    await testApp.database.db
      .transaction(async (tx) => {
        await tx.delete(reports).where(eq(reports.id, reportId));
        throw new Error("rolled back");
      })
      .catch(() => {});
    await runHousekeeping(testApp.database, storage());
    expect(await storedFiles(testApp.config.dataDir, "reports")).toContain(key);

    await testApp.database.db.delete(reports).where(eq(reports.id, reportId));
    await runHousekeeping(testApp.database, storage());
    expect(await storedFiles(testApp.config.dataDir, "reports")).not.toContain(key);
    const [queued] = await testApp.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportPhotoDeletions);
    expect(queued?.n).toBe(0);
  });
});
