import path from "node:path";
import type { ReportQueueResponse } from "@shared/api/reports";
import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import { MODERATION_TEXTS, REPORT_OUTCOME_TEXTS, REPORT_TEXTS } from "@shared/reports-constants";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClientId, openItemChat, sendRequest, sendText } from "../../../tests/factories/chats";
import { makeImage } from "../../../tests/factories/images";
import { insertItem } from "../../../tests/factories/items";
import { insertRecruitmentPost } from "../../../tests/factories/recruitment";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import {
  connectLive,
  type LiveClient,
  listenOnLoopback,
  refusedUpgrade,
  TEST_ORIGIN,
} from "../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { multipartBody, storedFiles } from "../../../tests/helpers/uploads";
import { auditLog, chats, messages, reportPhotoDeletions, reports, uploads, users } from "../../db/schema";
import { runHousekeeping } from "../../jobs/housekeeping";
import { createDiskStorage } from "../../plugins/storage";

let testApp: TestApp;
let baseUrl: string;
let adminCookie: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await testApp?.close();
});

type Student = Awaited<ReturnType<typeof createStudent>>;

function report(who: Student | { cookie: string }, body: object) {
  return post(testApp, "/api/reports", { reason: "Scam or fraud", ...body }, { cookie: who.cookie });
}

async function queue(): Promise<ReportQueueResponse> {
  const response = await get(testApp, "/api/admin/reports", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json();
}

function act(reportId: string, body: object, cookie = adminCookie) {
  return post(testApp, `/api/admin/reports/${reportId}/action`, body, { cookie });
}

async function notificationTexts(userId: string): Promise<string[]> {
  const rows = await testApp.database.db.execute(
    sql`select text from notifications where user_id = ${userId} order by created_at`,
  );
  return (rows as unknown as { rows: { text: string }[] }).rows.map((row) => row.text);
}

async function reportCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(reports);
  return row?.n ?? 0;
}

describe("POST /api/reports", () => {
  it("requires sign-in and stores nothing", async () => {
    const before = await reportCount();
    const response = await post(testApp, "/api/reports", {
      targetType: "user",
      targetId: crypto.randomUUID(),
      reason: "Spam",
    });
    expect(response.statusCode).toBe(401);
    expect(await reportCount()).toBe(before);
  });

  it("reports a listing once: a second open report says 'You have already reported this.'", async () => {
    const seller = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id, { productName: "Too-good iPhone" });
    const first = await report(reporter, {
      targetType: "listing",
      targetId: item.id,
      details: "Asks for advance",
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json().message).toBe("Thanks. Our team will review this.");
    const before = await reportCount();
    const second = await report(reporter, { targetType: "listing", targetId: item.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe("You have already reported this.");
    expect(await reportCount()).toBe(before);
  });

  it("refuses one's own listing, oneself and one's own message, and stores nothing", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id);
    const chat = await openItemChat(testApp, buyer, seller);
    const mine = await sendText(testApp, buyer, chat.id, "Hello, is it there?");
    const before = await reportCount();
    const own = await report(seller, { targetType: "listing", targetId: item.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(REPORT_TEXTS.ownListing);
    const self = await report(seller, { targetType: "user", targetId: seller.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(REPORT_TEXTS.self);
    const ownMessage = await report(buyer, { targetType: "message", targetId: mine.id });
    expect(ownMessage.statusCode).toBe(400);
    expect(await reportCount()).toBe(before);
  });

  it("cannot report the administrator's account: 404 as for nobody, and nothing stored", async () => {
    const reporter = await createStudent(testApp);
    const [admin] = await testApp.database.db.select().from(users).where(eq(users.role, "admin"));
    if (!admin) throw new Error("no administrator account");
    const before = await reportCount();
    const response = await report(reporter, { targetType: "user", targetId: admin.id });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(REPORT_TEXTS.notFound);
    expect(await reportCount()).toBe(before);
  });

  it("answers bad input with clear 4xx messages, never 5xx", async () => {
    const reporter = await createStudent(testApp);
    const other = await createStudent(testApp);
    const cases: [object, number, string][] = [
      [{ targetType: "user", targetId: other.id, reason: "Because" }, 400, REPORT_TEXTS.reasonRequired],
      [{ targetType: "user", targetId: "nope", reason: "Spam" }, 400, REPORT_TEXTS.notFound],
      [
        { targetType: "user", targetId: other.id, reason: "Spam", details: "x".repeat(501) },
        400,
        REPORT_TEXTS.detailsTooLong,
      ],
      [{ targetType: "user", targetId: crypto.randomUUID(), reason: "Spam" }, 404, REPORT_TEXTS.notFound],
      [{ targetType: "listing", targetId: crypto.randomUUID(), reason: "Spam" }, 404, REPORT_TEXTS.notFound],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(testApp, "/api/reports", body, { cookie: reporter.cookie });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const fine = await report(reporter, { targetType: "user", targetId: other.id, details: "x".repeat(500) });
    expect(fine.statusCode).toBe(201);
  });

  it("lets only a member of the chat report a message; others learn nothing", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const outsider = await createStudent(testApp);
    const chat = await openItemChat(testApp, buyer, seller);
    const message = await sendText(testApp, seller, chat.id, "Send advance on UPI first");
    const refused = await report(outsider, { targetType: "message", targetId: message.id });
    expect(refused.statusCode).toBe(404);
    expect((await report(buyer, { targetType: "message", targetId: message.id })).statusCode).toBe(201);
  });

  it("is rate-limited per user with the named rule's words", async () => {
    const reporter = await createStudent(testApp);
    const limited = await createTestApp();
    try {
      const cookie = (await createStudent(limited)).cookie;
      const targets = await Promise.all(Array.from({ length: 21 }, () => createStudent(limited)));
      const statuses: number[] = [];
      let refusal = "";
      for (const target of targets) {
        const response = await post(
          limited,
          "/api/reports",
          { targetType: "user", targetId: target.id, reason: "Spam" },
          { cookie },
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refusal = response.json().error.message;
      }
      expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(refusal).toBe(REPORT_TEXTS.rateLimited);
    } finally {
      await limited.close();
    }
    expect(reporter.id).toBeTruthy();
  });
});

describe("the moderation queue", () => {
  it("is the administrator's only, and refusals change nothing", async () => {
    const student = await createStudent(testApp);
    const target = await createStudent(testApp);
    const created = await report(student, { targetType: "user", targetId: target.id });
    const reportId = created.json().report.id as string;
    expect((await get(testApp, "/api/admin/reports")).statusCode).toBe(401);
    expect((await get(testApp, "/api/admin/reports", { cookie: student.cookie })).statusCode).toBe(403);
    for (const cookie of [student.cookie, target.cookie]) {
      const refused = await act(reportId, { action: "suspend", reason: "x", duration: "7d" }, cookie);
      expect(refused.statusCode).toBe(403);
      const lift = await testApp.app.inject({
        method: "DELETE",
        url: `/api/admin/users/${target.id}/suspension`,
        headers: { cookie },
      });
      expect(lift.statusCode).toBe(403);
    }
    const [row] = await testApp.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row?.status).toBe("open");
    const [person] = await testApp.database.db.select().from(users).where(eq(users.id, target.id));
    expect(person?.suspendedAt).toBeNull();
  });

  it("shows one row per target, most reports first, then oldest, with the reported user's history", async () => {
    const seller = await createStudent(testApp, { name: "Rohan Verma" });
    const item = await insertItem(testApp, seller.id, { productName: "Queue test laptop" });
    const reporters = await Promise.all([
      createStudent(testApp),
      createStudent(testApp),
      createStudent(testApp),
    ]);
    for (const reporter of reporters) {
      expect(
        (await report(reporter, { targetType: "listing", targetId: item.id, details: "fake" })).statusCode,
      ).toBe(201);
    }
    const { groups, openCount } = await queue();
    expect(openCount).toBeGreaterThanOrEqual(groups.length);
    const group = groups.find((g) => g.targetId === item.id);
    expect(group).toMatchObject({
      targetType: "listing",
      reporterCount: 3,
      isContentPresent: true,
      listing: { productName: "Queue test laptop" },
      reportedUser: { id: seller.id, name: "Rohan Verma", isSuspended: false, earlierReports: 0 },
    });
    expect(group?.reports).toHaveLength(3);
    // The most reported come first; equal counts, the oldest first.
    const counts = groups.map((g) => g.reporterCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (let index = 1; index < groups.length; index += 1) {
      const [a, b] = [groups[index - 1], groups[index]];
      if (a && b && a.reporterCount === b.reporterCount)
        expect(a.firstReportedAt <= b.firstReportedAt).toBe(true);
    }
  });

  it("keeps a reported message with the five messages around it, even after the message is gone", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const chat = await openItemChat(testApp, buyer, seller);
    const sent = [];
    for (let index = 1; index <= 8; index += 1) {
      sent.push(await sendText(testApp, index % 2 ? seller : buyer, chat.id, `Message ${index}`));
    }
    const reported = sent[4];
    if (!reported) throw new Error("no message");
    const created = await report(buyer, { targetType: "message", targetId: reported.id });
    expect(created.statusCode).toBe(201);
    await testApp.database.db.delete(messages).where(eq(messages.chatId, chat.id));
    const group = (await queue()).groups.find((g) => g.targetId === reported.id);
    expect(group?.isContentPresent).toBe(false);
    expect(group?.messages).toHaveLength(6);
    expect(group?.messages.filter((m) => m.isReported).map((m) => m.text)).toEqual(["Message 5"]);
    expect(group?.messages.map((m) => m.text)).toEqual([
      "Message 2",
      "Message 3",
      "Message 4",
      "Message 5",
      "Message 6",
      "Message 7",
    ]);
  });

  it("shows open Safety Concerns tickets", async () => {
    const student = await createStudent(testApp);
    const ticket = await post(
      testApp,
      "/api/tickets",
      { purpose: "Safety Concerns", description: "A buyer keeps asking me to scan a QR code." },
      { cookie: student.cookie },
    );
    expect(ticket.statusCode).toBe(201);
    const { safetyTickets } = await queue();
    expect(safetyTickets.map((t) => t.ticketId)).toContain(ticket.json().ticket.ticketId);
  });
});

/** The buyer's chat with a seller who sends a photo; the buyer reports it. */
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

describe("moderation actions", () => {
  it("Dismiss closes every report of the target, tells each reporter, and is audited", async () => {
    const target = await createStudent(testApp);
    const [a, b] = await Promise.all([createStudent(testApp), createStudent(testApp)]);
    const first = (await report(a, { targetType: "user", targetId: target.id })).json().report.id;
    await report(b, { targetType: "user", targetId: target.id, reason: "Fake profile" });
    const response = await act(first, { action: "dismiss", reason: "Looks like a real student." });
    expect(response.statusCode).toBe(200);
    expect(response.json().resolved).toBe(2);
    for (const reporter of [a, b]) {
      expect(await notificationTexts(reporter.id)).toContain(REPORT_OUTCOME_TEXTS.noViolation);
    }
    expect(await notificationTexts(target.id)).toEqual([]);
    expect((await queue()).groups.find((g) => g.targetId === target.id)).toBeUndefined();
    const again = await act(first, { action: "dismiss", reason: "again" });
    expect(again.statusCode).toBe(409);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'moderation.dismiss' and ${auditLog.targetId} = ${target.id}`);
    expect(entry?.details).toMatchObject({
      userId: target.id,
      reason: "Looks like a real student.",
      reports: 2,
    });
    // A closed report no longer blocks a new one.
    expect((await report(a, { targetType: "user", targetId: target.id })).statusCode).toBe(201);
  });

  it("Remove Content deletes the listing, tells the seller why and the reporter the outcome", async () => {
    const seller = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id, { productName: "Counterfeit watch" });
    const id = (await report(reporter, { targetType: "listing", targetId: item.id })).json().report.id;
    const response = await act(id, { action: "remove", reason: "Counterfeit goods are not allowed." });
    expect(response.statusCode).toBe(200);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: reporter.cookie })).statusCode).toBe(404);
    expect(await notificationTexts(seller.id)).toContain(
      'Your listing "Counterfeit watch" was removed: Counterfeit goods are not allowed.',
    );
    expect(await notificationTexts(reporter.id)).toContain("We removed the listing you reported.");
  });

  it("Remove Content takes a message out of the chat, live, and keeps the evidence", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const chat = await openItemChat(testApp, buyer, seller);
    const bad = await sendText(testApp, seller, chat.id, "Scan this QR to receive money");
    const id = (await report(buyer, { targetType: "message", targetId: bad.id })).json().report.id;
    const socket = await connectLive(baseUrl, buyer.cookie);
    sockets.push(socket);
    const response = await act(id, { action: "remove", reason: "Payment scam." });
    expect(response.statusCode).toBe(200);
    await socket.waitFor(
      (frame) => frame.type === "message.removed" && frame.data.messageId === bad.id,
      "message.removed",
    );
    const thread = await get(testApp, `/api/chats/${chat.id}`, { cookie: buyer.cookie });
    expect(thread.json().messages.map((m: { id: string }) => m.id)).not.toContain(bad.id);
    expect(await notificationTexts(seller.id)).toContain("A message you sent was removed: Payment scam.");
    expect(await notificationTexts(buyer.id)).toContain("We took action on the account you reported.");
    const [kept] = await testApp.database.db.select().from(reports).where(eq(reports.id, id));
    expect(kept?.evidence.messages?.find((m) => m.isReported)?.text).toBe("Scan this QR to receive money");
  });

  it("Warn User sends the reason to the user; a user report cannot have its content removed", async () => {
    const target = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const id = (
      await report(reporter, { targetType: "user", targetId: target.id, reason: "Harassment or hate" })
    ).json().report.id;
    const remove = await act(id, { action: "remove", reason: "x" });
    expect(remove.statusCode).toBe(400);
    const missingReason = await act(id, { action: "warn", reason: "  " });
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().error.message).toBe("Please give a reason.");
    const response = await act(id, { action: "warn", reason: "Be respectful in chats." });
    expect(response.statusCode).toBe(200);
    expect(await notificationTexts(target.id)).toContain(
      "Warning from the Campus Bazaar team: Be respectful in chats.",
    );
    expect(await notificationTexts(reporter.id)).toContain("We took action on the account you reported.");
    // The history shows the warning next time.
    const again = await createStudent(testApp);
    await report(again, { targetType: "user", targetId: target.id });
    const group = (await queue()).groups.find((g) => g.targetId === target.id);
    expect(group?.reportedUser?.earlierReports).toBe(1);
    expect(group?.reportedUser?.earlierActions.map((a) => a.action)).toEqual(["warn"]);
  });
});

describe("suspension", () => {
  it("refuses sign-in with the date and support address, ends sessions and sockets, hides listings and posts", async () => {
    const bad = await createStudent(testApp, { name: "Suspended Seller" });
    const viewer = await createStudent(testApp);
    const secondSession = await signIn(testApp, bad.email, STRONG_PASSWORD);
    const item = await insertItem(testApp, bad.id, { productName: "Suspendable unique tabla" });
    const post_ = await insertRecruitmentPost(testApp, bad.id, { purpose: "Suspendable hackathon team" });
    const browse = async () =>
      (await get(testApp, "/api/items?search=suspendable%20unique", { cookie: viewer.cookie })).json().total;
    expect(await browse()).toBe(1);
    const socket = await connectLive(baseUrl, bad.cookie);
    sockets.push(socket);
    const id = (await report(viewer, { targetType: "user", targetId: bad.id })).json().report.id;

    const missing = await act(id, { action: "suspend", reason: "Scamming buyers." });
    expect(missing.statusCode).toBe(400);
    const response = await act(id, { action: "suspend", reason: "Scamming buyers.", duration: "7d" });
    expect(response.statusCode).toBe(200);

    expect(await socket.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    const login = await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe("user_suspended");
    expect(login.json().error.message).toMatch(
      new RegExp(
        `^Your account is suspended until \\d{1,2} \\w{3} \\d{4}\\. Contact ${testApp.config.SUPPORT_EMAIL.replace(".", "\\.")}\\.$`,
      ),
    );
    for (const cookie of [bad.cookie, secondSession]) {
      expect((await get(testApp, "/api/auth/me", { cookie })).json()).toEqual({ user: null });
      expect((await get(testApp, "/api/dashboard", { cookie })).statusCode).toBe(401);
      expect(
        (
          await post(
            testApp,
            "/api/reports",
            { targetType: "user", targetId: viewer.id, reason: "Spam" },
            { cookie },
          )
        ).statusCode,
      ).toBe(401);
    }
    expect(await refusedUpgrade(baseUrl, { cookie: bad.cookie, origin: TEST_ORIGIN })).toBe(401);
    expect(await browse()).toBe(0);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(404);
    const profile = await get(testApp, `/api/users/${bad.id}`, { cookie: viewer.cookie });
    expect(JSON.stringify(profile.json())).not.toContain("Suspendable unique tabla");
    const posts = await get(testApp, "/api/recruitment-posts", { cookie: viewer.cookie });
    expect(JSON.stringify(posts.json())).not.toContain("Suspendable hackathon team");
    expect(await notificationTexts(viewer.id)).toContain("We took action on the account you reported.");

    // Users Management shows it, and 'Lift Suspension' brings everything back.
    const listed = await get(testApp, `/api/admin/users?search=${encodeURIComponent(bad.email)}`, {
      cookie: adminCookie,
    });
    expect(listed.json().users[0]).toMatchObject({ isSuspended: true });
    const lift = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(lift.statusCode).toBe(204);
    expect(await browse()).toBe(1);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(200);
    expect(
      (await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const liftAgain = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(liftAgain.statusCode).toBe(409);
    expect(post_.id).toBeTruthy();
  });

  it("a permanent suspension says so; an ended one no longer refuses", async () => {
    const bad = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const id = (await report(reporter, { targetType: "user", targetId: bad.id })).json().report.id;
    expect(
      (await act(id, { action: "suspend", reason: "Repeated fraud.", duration: "permanent" })).statusCode,
    ).toBe(200);
    const login = await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD });
    expect(login.json().error.message).toBe(
      `Your account is permanently suspended. Contact ${testApp.config.SUPPORT_EMAIL}.`,
    );
    // Once the end has passed the account works again without anyone lifting it.
    await testApp.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, bad.id));
    expect(
      (await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("the administrator's account cannot be suspended, even by a report written before that was refused", async () => {
    const reporter = await createStudent(testApp);
    const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    if (!admin) throw new Error("no administrator account");
    const [stored] = await testApp.database.db
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetType: "user",
        targetId: admin.id,
        targetUserId: admin.id,
        reason: "Spam",
      })
      .returning();
    if (!stored) throw new Error("report not stored");
    const refused = await act(stored.id, { action: "suspend", reason: "x", duration: "7d" });
    expect(refused.statusCode).toBe(400);
    expect((await get(testApp, "/api/auth/me", { cookie: adminCookie })).json().user).not.toBeNull();
  });
});
