// A suspension the student can read: the refused sign-in names the reason and offers an appeal
// (a ticket of purpose 'Appeal' raised without a session, one per suspension, shown beside the
// suspension in the Reports tab); the same words by e-mail; lifting tells the student; the tab
// learns why its session ended; the audit log names people, listings, reasons and reports.
import { SESSION_END_REASONS } from "@shared/live-constants";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { connectLive } from "../../../tests/helpers/live";
import { outbox, supportTickets } from "../../db/schema";
import { APPEAL_TOKEN_TTL_MS, appealOfferFor } from "./appeals.service";
import { findCurrentSuspension } from "./suspensions.repository";
import {
  act,
  adminCookie,
  baseUrl,
  notificationTexts,
  queue,
  report,
  setUpReportsApp,
  sockets,
  testApp,
} from "./testing/reports-app";

setUpReportsApp();

const REFUSAL =
  /^Your account is suspended until \d{1,2} \w{3} \d{4}: Selling fake concert tickets\. You can appeal\.$/;

async function suspendStudent(reason = "Selling fake concert tickets.") {
  const bad = await createStudent(testApp, { name: "Appealing Student" });
  const reporter = await createStudent(testApp);
  const reportId = (await report(reporter, { targetType: "user", targetId: bad.id })).json().report.id;
  expect((await act(reportId, { action: "suspend", reason, duration: "7d" })).statusCode).toBe(200);
  return { bad, reporter, reportId };
}

function refusedSignIn(email: string) {
  return post(testApp, "/api/auth/login", { email, password: STRONG_PASSWORD });
}

function appeal(body: object) {
  return post(testApp, "/api/appeals", body);
}

async function mailsTo(email: string) {
  const rows = await testApp.database.db.select().from(outbox).where(eq(outbox.kind, "mail"));
  return rows.filter((row) => row.payload.to === email).map((row) => row.payload);
}

describe("a suspension the student can read", () => {
  it("sign-in names the reason and carries an appeal token; the same words go by e-mail", async () => {
    const { bad } = await suspendStudent();
    const login = await refusedSignIn(bad.email);
    expect(login.statusCode).toBe(403);
    expect(login.headers["cache-control"]).toBe("no-store");
    const { error } = login.json();
    expect(error.code).toBe("user_suspended");
    expect(error.message).toMatch(REFUSAL);
    expect(error.appeal.token).toMatch(/^[0-9a-f-]{36}\.\d+\.[\w-]+$/);
    expect(Date.parse(error.appeal.expiresAt)).toBeGreaterThan(Date.now());

    const [mail] = await mailsTo(bad.email);
    expect(mail?.subject).toBe("Your Campus Bazaar account is suspended");
    expect(mail?.text).toContain(error.message);
    expect(mail?.text).toContain("/login");
    // The mail carries no token: the form's token comes with a sign-in that knew the password.
    expect(mail?.text).not.toContain(error.appeal.token);

    // A wrong password learns nothing about the suspension.
    const wrong = await post(testApp, "/api/auth/login", { email: bad.email, password: "Wrong-password-1!" });
    expect(wrong.statusCode).toBe(401);
    expect(JSON.stringify(wrong.json())).not.toContain("appeal");
  });

  it("the appeal raises one 'Appeal' ticket linked to the suspension, shown beside it in the Reports tab", async () => {
    const { bad } = await suspendStudent();
    const { token } = (await refusedSignIn(bad.email)).json().error.appeal;

    expect((await appeal({ token, description: "   " })).statusCode).toBe(400);
    const sent = await appeal({ token, description: "The tickets were real; here is the receipt." });
    expect(sent.statusCode).toBe(201);
    expect(sent.headers["cache-control"]).toBe("no-store");
    const { ticketId, message } = sent.json();
    expect(message).toBe(`Your appeal was sent. Your ticket ID is ${ticketId}. We will answer by e-mail.`);

    const suspension = await findCurrentSuspension(testApp.database.db, bad.id);
    const [ticket] = await testApp.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketId, ticketId));
    expect(ticket).toMatchObject({ purpose: "Appeal", userId: bad.id, suspensionId: suspension?.id });

    // One appeal per suspension, even with a fresh token from another sign-in.
    const again = (await refusedSignIn(bad.email)).json().error.appeal.token;
    const second = await appeal({ token: again, description: "Please look again." });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe("You have already appealed this suspension.");

    const entry = (await queue()).suspensions.find((row) => row.user.id === bad.id);
    expect(entry).toMatchObject({
      id: suspension?.id,
      reason: "Selling fake concert tickets.",
      user: { name: "Appealing Student", email: bad.email },
      appeal: {
        ticketId,
        purpose: "Appeal",
        status: "open",
        description: "The tickets were real; here is the receipt.",
      },
    });
  });

  it("refuses a token that is forged, altered, expired, of another suspension or of a lifted one", async () => {
    const { bad } = await suspendStudent();
    const { token } = (await refusedSignIn(bad.email)).json().error.appeal;
    const [id, expiry, signature] = token.split(".");
    const suspension = await findCurrentSuspension(testApp.database.db, bad.id);
    if (!suspension) throw new Error("no suspension stored");
    const expired = await appealOfferFor(
      testApp.database.db,
      suspension,
      Date.now() - APPEAL_TOKEN_TTL_MS - 1000,
    );
    const other = await suspendStudent();
    const otherToken: string = (await refusedSignIn(other.bad.email)).json().error.appeal.token;
    const bad_ = [
      "nonsense",
      `${id}.${Number(expiry) + 1000}.${signature}`,
      `${id}.${expiry}.${signature?.slice(0, -2)}aa`,
      expired.token,
      `${otherToken.split(".")[0]}.${expiry}.${signature}`,
    ];
    for (const forged of bad_) {
      const answer = await appeal({ token: forged, description: "Let me back in." });
      expect(answer.statusCode, forged).toBe(400);
      expect(answer.json().error.message).toBe("This appeal form has expired. Sign in again to appeal.");
    }
    const lifted = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(lifted.statusCode).toBe(204);
    expect((await appeal({ token, description: "Let me back in." })).statusCode).toBe(400);
    const tickets = await testApp.database.db
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.userId, bad.id), eq(supportTickets.purpose, "Appeal")));
    expect(tickets).toHaveLength(0);
  });

  it("lifting tells the student by notification and e-mail, and leaves the Reports tab", async () => {
    const { bad } = await suspendStudent();
    const lifted = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(lifted.statusCode).toBe(204);
    expect(await notificationTexts(bad.id)).toContain("Your suspension was lifted.");
    const mails = await mailsTo(bad.email);
    expect(mails.map((mail) => mail.subject)).toContain("Your Campus Bazaar suspension was lifted");
    expect(mails.find((mail) => mail.subject.includes("lifted"))?.text).toContain(
      "Your suspension was lifted.",
    );
    expect((await queue()).suspensions.some((row) => row.user.id === bad.id)).toBe(false);
    expect(await findCurrentSuspension(testApp.database.db, bad.id)).toBeUndefined();
  });

  it("an open tab learns why its session ended: suspended, or signed out from another device", async () => {
    expect(SESSION_END_REASONS).toEqual(["suspended", "ended-elsewhere"]);
    const bad = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const socket = await connectLive(baseUrl, bad.cookie);
    sockets.push(socket);
    const reportId = (await report(reporter, { targetType: "user", targetId: bad.id })).json().report.id;
    await act(reportId, { action: "suspend", reason: "Spam.", duration: "7d" });
    await socket.waitForClose();
    expect(socket.closeReason).toBe("suspended");

    const student = await createStudent(testApp);
    const phone = await signIn(testApp, student.email, STRONG_PASSWORD);
    const phoneSocket = await connectLive(baseUrl, phone);
    sockets.push(phoneSocket);
    const ended = await testApp.app.inject({
      method: "DELETE",
      url: "/api/me/sessions",
      headers: { cookie: student.cookie, origin: testApp.config.publicUrl },
    });
    expect(ended.statusCode).toBeLessThan(300);
    await phoneSocket.waitForClose();
    expect(phoneSocket.closeReason).toBe("ended-elsewhere");
    // A tab whose socket was away asks who is signed in, and is told why, once; the dead cookie goes.
    const me = await get(testApp, "/api/auth/me", { cookie: phone });
    expect(me.json()).toEqual({ user: null, signedOut: "ended-elsewhere" });
    expect(String(me.headers["set-cookie"])).toMatch(/cb_session=;/);
    expect((await get(testApp, "/api/auth/me", { cookie: phone })).json()).toEqual({ user: null });
    // A cookie that never was a session is told nothing.
    expect((await get(testApp, "/api/auth/me", { cookie: "cb_session=made-up" })).json()).toEqual({
      user: null,
    });
  });

  it("the audit log names the person and listing, gives the reason and links the reports closed", async () => {
    const seller = await createStudent(testApp, { name: "Audited Seller" });
    const reporter = await createStudent(testApp, { name: "Careful Reporter" });
    const item = await insertItem(testApp, seller.id, { productName: "Audited fake earphones" });
    const reportId = (
      await report(reporter, { targetType: "listing", targetId: item.id, details: "Box is empty." })
    ).json().report.id;
    expect((await act(reportId, { action: "remove", reason: "Counterfeit goods." })).statusCode).toBe(200);
    const { bad } = await suspendStudent("Threatened a buyer.");

    const log = await get(testApp, "/api/admin/audit", { cookie: adminCookie });
    expect(log.statusCode).toBe(200);
    expect(log.headers["cache-control"]).toBe("no-store");
    const entries: { action: string; [key: string]: unknown }[] = log.json().entries;
    const removal = entries.find(
      (entry) => entry.action === "moderation.remove" && entry.targetId === item.id,
    );
    expect(removal).toMatchObject({
      listingName: "Audited fake earphones",
      person: { name: "Audited Seller", email: seller.email },
      reason: "Counterfeit goods.",
      reports: [
        { id: reportId, reason: "Scam or fraud", details: "Box is empty.", reporterName: "Careful Reporter" },
      ],
    });
    const suspension = entries.find(
      (entry) => entry.action === "moderation.suspend" && entry.targetId === bad.id,
    );
    expect(suspension).toMatchObject({
      person: { name: "Appealing Student", email: bad.email },
      reason: "Threatened a buyer.",
    });
    expect(suspension?.reports).toHaveLength(1);
    // The administrator's sign-in (with its second step) is in the log too.
    expect(entries.some((entry) => entry.action === "admin.sign_in")).toBe(true);
  });

  it("limits appeals per address", async () => {
    const fromOneAddress = () =>
      testApp.app.inject({
        method: "POST",
        url: "/api/appeals",
        remoteAddress: "203.0.113.9",
        headers: { origin: testApp.config.publicUrl },
        payload: { token: "a.b.c", description: "Try." },
      });
    for (let attempt = 0; attempt < 10; attempt++) expect((await fromOneAddress()).statusCode).toBe(400);
    const refused = await fromOneAddress();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Too many appeals from here. Please try again later.");
    // Another address is not held back by it.
    expect((await appeal({ token: "a.b.c", description: "Try." })).statusCode).toBe(400);
  });
});
