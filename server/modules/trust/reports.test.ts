// Reporting a listing, user or message, the moderation queue and its actions. The kept photos of
// reported chat photos: report-photos.test.ts; suspension: suspension.test.ts.
import { REPORT_OUTCOME_TEXTS, REPORT_TEXTS } from "@shared/reports-constants";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openItemChat, sendText } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive } from "../../../tests/helpers/live";
import { createTestApp } from "../../../tests/helpers/test-app";
import { auditLog, messages, reports, users } from "../../db/schema";
import {
  act,
  baseUrl,
  notificationTexts,
  queue,
  report,
  reportCount,
  setUpReportsApp,
  sockets,
  testApp,
} from "./testing/reports-app";

setUpReportsApp();

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

  it("refuses a line the app wrote about the deal: it is not the seller's message", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const chat = await openItemChat(testApp, buyer, seller);
    const [line] = await testApp.database.db
      .insert(messages)
      .values({
        chatId: chat.id,
        senderId: seller.id,
        clientId: "deal-1",
        type: "system",
        text: "This item is now reserved.",
      })
      .returning();
    const before = await reportCount();
    const refused = await report(buyer, { targetType: "message", targetId: line?.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(REPORT_TEXTS.automaticLine);
    expect(await reportCount()).toBe(before);
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
