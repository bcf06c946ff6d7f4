import { ADMIN_MESSAGES, type AdminTicket } from "@shared/api/admin";
import type { Ticket } from "@shared/api/tickets";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { startFormReceiver } from "../../../tests/helpers/form-receiver";
import { connectLive, type LiveClient, listenOnLoopback, settle } from "../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { supportTickets } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;
let testApp: TestApp;
let baseUrl: string;
let adminCookie: string;
let owner: Student;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
  owner = await createStudent(testApp, {
    name: "Kavya Reddy",
    city: "Hyderabad",
    college: "IIIT Hyderabad",
    mobile: "9988776655",
  });
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await testApp?.close();
});

async function raiseTicket(student: Student, description = "The chat page does not load."): Promise<Ticket> {
  const response = await post(
    testApp,
    "/api/tickets",
    { purpose: "Technical Bug", description },
    { cookie: student.cookie },
  );
  if (response.statusCode !== 201) throw new Error(`ticket refused: ${response.statusCode} ${response.body}`);
  return response.json().ticket;
}
const findTicket = (ticketId: string) =>
  get(testApp, `/api/admin/tickets/${ticketId}`, { cookie: adminCookie });
const setStatus = (ticketId: string, status: string) =>
  post(testApp, `/api/admin/tickets/${ticketId}/status`, { status }, { cookie: adminCookie });
async function adminList() {
  const response = await get(testApp, "/api/admin/tickets", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { pending: AdminTicket[]; history: AdminTicket[]; total: number };
}
const ownTickets = async (student: Student): Promise<Ticket[]> =>
  (await get(testApp, "/api/tickets", { cookie: student.cookie })).json().tickets;
const ownerDetails = () => ({
  name: "Kavya Reddy",
  email: owner.email,
  mobile: "9988776655",
  college: "IIIT Hyderabad",
});

describe("GET /api/admin/tickets/:ticketId", () => {
  it("shows the ticket with the user's details and the mirror 'off' without FORM_MIRROR_URL", async () => {
    const ticket = await raiseTicket(owner, "I cannot upload a photo.");
    const response = await findTicket(ticket.ticketId);
    expect(response.statusCode).toBe(200);
    expect(response.json().ticket).toEqual({
      ...ticket,
      mirror: { state: "off", attempts: 0, lastError: null },
      user: ownerDetails(),
    });
  });

  it("answers 404 'Ticket not found' for an unknown six-digit id, 400 with the same words for a malformed one", async () => {
    // Ticket ids are drawn from 100000-999999: 099999 can never exist.
    const unknown = await findTicket("099999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: "not_found", message: ADMIN_MESSAGES.ticketNotFound } });
    for (const malformed of ["12345", "1234567", "abcdef"]) {
      const response = await findTicket(malformed);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(ADMIN_MESSAGES.ticketNotFound);
    }
  });

  it("shows the copy's delivery state when FORM_MIRROR_URL is set: failed with its error, or sent", async () => {
    const receiver = await startFormReceiver((n) => (n === 1 ? "fail" : "ok"));
    const mirrored = await createTestApp({ FORM_MIRROR_URL: receiver.url, OUTBOX_MAX_ATTEMPTS: "1" });
    try {
      const student = await createStudent(mirrored);
      const cookie = await signIn(mirrored, ADMIN_EMAIL, ADMIN_PASSWORD);
      const mirrorOf = async (description: string) => {
        const raised = await post(
          mirrored,
          "/api/tickets",
          { purpose: "Other", description },
          { cookie: student.cookie },
        );
        const url = `/api/admin/tickets/${raised.json().ticket.ticketId}`;
        for (let wait = 0; wait < 50; wait++) {
          const mirror = (await get(mirrored, url, { cookie })).json().ticket.mirror;
          if (mirror.state !== "pending") return mirror;
          await settle(100);
        }
        throw new Error(`the copy of "${description}" was still pending after 5 s`);
      };
      expect(await mirrorOf("Refused copy.")).toEqual({
        state: "failed",
        attempts: 1,
        lastError: "form service answered 500",
      });
      expect(await mirrorOf("Accepted copy.")).toMatchObject({ state: "sent", lastError: null });
    } finally {
      await mirrored.close();
      await receiver.close();
    }
  });
});

describe("GET /api/admin/tickets", () => {
  it("lists open tickets as pending and closed ones as history, with the user's details", async () => {
    const open = await raiseTicket(owner, "Open one.");
    const closed = await raiseTicket(owner, "Closed one.");
    expect((await setStatus(closed.ticketId, "rejected")).statusCode).toBe(200);
    const { pending, history, total } = await adminList();
    const pendingIds = pending.map((ticket) => ticket.ticketId);
    const historyIds = history.map((ticket) => ticket.ticketId);
    expect(pendingIds).toContain(open.ticketId);
    expect(pendingIds).not.toContain(closed.ticketId);
    expect(historyIds).toContain(closed.ticketId);
    expect(historyIds).not.toContain(open.ticketId);
    expect(pending.every((ticket) => ticket.status === "open")).toBe(true);
    expect(history.every((ticket) => ticket.status !== "open")).toBe(true);
    expect(total).toBe(pending.length + history.length);
    expect(pending.find((ticket) => ticket.ticketId === open.ticketId)?.user).toEqual(ownerDetails());
  });
});

describe("POST /api/admin/tickets/:ticketId/status", () => {
  it("resolves: status, resolvedAt, resolvedBy 'admin'; the owner sees it live and in their list; audited", async () => {
    const bystander = await createStudent(testApp);
    const ticket = await raiseTicket(owner, "Please restore my listing.");
    const [ownerSocket, bystanderSocket] = await Promise.all([
      connectLive(baseUrl, owner.cookie),
      connectLive(baseUrl, bystander.cookie),
    ]);
    sockets.push(ownerSocket, bystanderSocket);
    const startedAt = Date.now();

    const response = await setStatus(ticket.ticketId, "resolved");
    expect(response.statusCode).toBe(200);
    const resolved = response.json().ticket as AdminTicket;
    expect(resolved).toMatchObject({ ticketId: ticket.ticketId, status: "resolved", resolvedBy: "admin" });
    const resolvedAt = Date.parse(resolved.resolvedAt ?? "");
    expect(resolvedAt).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(resolvedAt).toBeLessThanOrEqual(Date.now() + 1000);

    const frame = await ownerSocket.waitFor((f) => f.type === "ticket.updated", "the owner's ticket.updated");
    expect(frame).toMatchObject({ data: { ticketId: ticket.ticketId, status: "resolved" } });
    await settle();
    expect(bystanderSocket.frames.some((f) => f.type === "ticket.updated")).toBe(false);

    expect((await ownTickets(owner)).find((t) => t.ticketId === ticket.ticketId)).toMatchObject({
      status: "resolved",
      resolvedBy: "admin",
      resolvedAt: resolved.resolvedAt,
    });
    const [row] = await testApp.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketId, ticket.ticketId));
    expect(row).toMatchObject({ status: "resolved", resolvedBy: "admin" });
    const audit = (await get(testApp, "/api/admin/audit", { cookie: adminCookie })).json().entries;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: "ticket.resolved",
        targetType: "ticket",
        targetId: ticket.ticketId,
        actorName: "Administrator",
      }),
    );
  });

  it("is final: a second change of a resolved or rejected ticket -> 409, nothing changes", async () => {
    for (const [first, second] of [
      ["resolved", "rejected"],
      ["rejected", "resolved"],
      ["resolved", "resolved"],
    ]) {
      const ticket = await raiseTicket(owner, `Final after ${first}.`);
      const closed = (await setStatus(ticket.ticketId, first as string)).json().ticket as AdminTicket;
      const again = await setStatus(ticket.ticketId, second as string);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: "conflict", message: ADMIN_MESSAGES.ticketFinal } });
      expect((await findTicket(ticket.ticketId)).json().ticket).toEqual(closed);
    }
  });

  it("refuses other statuses with 400 and an unknown ticket with 404", async () => {
    const ticket = await raiseTicket(owner, "Status test.");
    for (const status of ["open", "closed", "in-progress", ""]) {
      expect((await setStatus(ticket.ticketId, status)).statusCode).toBe(400);
    }
    expect((await findTicket(ticket.ticketId)).json().ticket.status).toBe("open");
    const unknown = await setStatus("099999", "resolved");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(ADMIN_MESSAGES.ticketNotFound);
  });
});
