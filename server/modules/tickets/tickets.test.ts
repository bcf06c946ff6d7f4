import {
  TICKET_DESCRIPTION_MAX_LENGTH,
  TICKET_MESSAGES,
  TICKET_PURPOSES,
  type Ticket,
} from "@shared/api/tickets";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { outbox, supportTickets } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;

const invalidInput = (message: string) => ({ error: { code: "invalid_input", message } });
const SIX_DIGITS = /^\d{6}$/;

function isInTicketRange(ticketId: string): boolean {
  return SIX_DIGITS.test(ticketId) && Number(ticketId) >= 100_000 && Number(ticketId) <= 999_999;
}

async function countTickets(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(supportTickets);
  return row?.n ?? 0;
}

async function raiseTicket(
  testApp: TestApp,
  student: Student,
  body: Record<string, unknown> = {},
): Promise<Ticket> {
  const response = await post(
    testApp,
    "/api/tickets",
    { purpose: "Technical Bug", description: "The chat page does not load.", ...body },
    { cookie: student.cookie },
  );
  if (response.statusCode !== 201) throw new Error(`ticket refused: ${response.statusCode} ${response.body}`);
  return response.json().ticket;
}

describe("support tickets", () => {
  let testApp: TestApp;
  let student: Student;
  beforeAll(async () => {
    testApp = await createTestApp();
    student = await createStudent(testApp, {
      name: "Kavya Reddy",
      city: "Hyderabad",
      college: "IIIT Hyderabad",
    });
  });
  afterAll(() => testApp.close());

  /** Posts a ticket that must be refused with 400, and shows that nothing was stored. */
  async function expectRefused(payload: object) {
    const before = await countTickets(testApp);
    const response = await post(testApp, "/api/tickets", payload, { cookie: student.cookie });
    expect(response.statusCode).toBe(400);
    expect(await countTickets(testApp)).toBe(before);
    return response.json();
  }

  describe("POST /api/tickets", () => {
    it("requires sign-in and stores nothing without it", async () => {
      const before = await countTickets(testApp);
      const response = await post(testApp, "/api/tickets", {
        purpose: "Other",
        description: "Anonymous complaint",
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthenticated");
      expect(await countTickets(testApp)).toBe(before);
    });

    const tooLong = "a".repeat(TICKET_DESCRIPTION_MAX_LENGTH + 1);
    it.each([
      ["no purpose", { description: "Help" }, TICKET_MESSAGES.purposeRequired],
      ["an empty purpose", { purpose: "", description: "Help" }, TICKET_MESSAGES.purposeRequired],
      ["an unknown purpose", { purpose: "Refund", description: "Help" }, TICKET_MESSAGES.purposeRequired],
      [
        "a purpose in other letters",
        { purpose: "technical bug", description: "Help" },
        TICKET_MESSAGES.purposeRequired,
      ],
      ["no description", { purpose: "Other" }, TICKET_MESSAGES.descriptionRequired],
      ["an empty description", { purpose: "Other", description: "" }, TICKET_MESSAGES.descriptionRequired],
      [
        "a blank description",
        { purpose: "Other", description: " \n\t " },
        TICKET_MESSAGES.descriptionRequired,
      ],
      [
        "a description that is a number",
        { purpose: "Other", description: 42 },
        TICKET_MESSAGES.descriptionRequired,
      ],
      [
        `a description over ${TICKET_DESCRIPTION_MAX_LENGTH} characters`,
        { purpose: "Other", description: tooLong },
        `At most ${TICKET_DESCRIPTION_MAX_LENGTH} characters.`,
      ],
    ])("refuses %s with 400 and the message, storing nothing", async (_rule, payload, message) => {
      expect(await expectRefused(payload)).toEqual(invalidInput(message));
    });

    it("accepts a description of exactly the maximum length", async () => {
      const ticket = await raiseTicket(testApp, student, {
        description: "b".repeat(TICKET_DESCRIPTION_MAX_LENGTH),
      });
      expect(ticket.description).toHaveLength(TICKET_DESCRIPTION_MAX_LENGTH);
    });

    it.each(TICKET_PURPOSES)("accepts the purpose %s", async (purpose) => {
      const ticket = await raiseTicket(testApp, student, { purpose });
      expect(ticket.purpose).toBe(purpose);
    });

    it("creates the ticket open, with a six-digit ID and the user's name, e-mail and college", async () => {
      const response = await post(
        testApp,
        "/api/tickets",
        { purpose: "Payment Problems", description: "  The buyer paid twice.  " },
        { cookie: student.cookie },
      );
      expect(response.statusCode).toBe(201);
      const { ticket } = response.json() as { ticket: Ticket };
      expect(ticket).toMatchObject({
        userId: student.id,
        userName: "Kavya Reddy",
        userEmail: student.email,
        userCollege: "IIIT Hyderabad",
        purpose: "Payment Problems",
        description: "The buyer paid twice.",
        status: "open",
        resolvedAt: null,
        resolvedBy: null,
      });
      expect(ticket.ticketId).toMatch(SIX_DIGITS);
      expect(isInTicketRange(ticket.ticketId)).toBe(true);
      expect(new Date(ticket.createdAt).toISOString()).toBe(ticket.createdAt);

      const [row] = await testApp.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.ticketId, ticket.ticketId));
      expect(row).toMatchObject({
        id: ticket.id,
        userId: student.id,
        userName: "Kavya Reddy",
        userEmail: student.email,
        userCollege: "IIIT Hyderabad",
        status: "open",
      });
    });

    it("ignores a status or ticket ID the user sends", async () => {
      const ticket = await raiseTicket(testApp, student, {
        status: "resolved",
        ticketId: "123456",
        userName: "Someone Else",
      });
      expect(ticket.status).toBe("open");
      expect(ticket.userName).toBe("Kavya Reddy");
    });

    it("queues no copy for the form service when FORM_MIRROR_URL is not set", async () => {
      await raiseTicket(testApp, student);
      const [row] = await testApp.database.db.select({ n: count() }).from(outbox);
      expect(row?.n).toBe(0);
    });

    it("allows 20 tickets an hour per user, then answers 429 and stores nothing", async () => {
      const busy = await createStudent(testApp);
      for (let i = 0; i < 20; i++) await raiseTicket(testApp, busy, { description: `Ticket ${i + 1}` });
      const before = await countTickets(testApp);
      const response = await post(
        testApp,
        "/api/tickets",
        { purpose: "Other", description: "One too many" },
        { cookie: busy.cookie },
      );
      expect(response.statusCode).toBe(429);
      expect(response.headers["retry-after"]).toBeDefined();
      expect(await countTickets(testApp)).toBe(before);
      // Another user is not held back by it.
      const other = await createStudent(testApp);
      await raiseTicket(testApp, other);
    });
  });

  describe("GET /api/tickets", () => {
    it("requires sign-in", async () => {
      expect((await get(testApp, "/api/tickets")).statusCode).toBe(401);
    });

    it("lists only the user's own tickets, newest first", async () => {
      const me = await createStudent(testApp);
      const stranger = await createStudent(testApp);
      const first = await raiseTicket(testApp, me, { purpose: "Account Issues", description: "First" });
      await raiseTicket(testApp, stranger, { description: "Not yours" });
      const second = await raiseTicket(testApp, me, { purpose: "Safety Concerns", description: "Second" });
      const third = await raiseTicket(testApp, me, { purpose: "Feature Request", description: "Third" });

      const response = await get(testApp, "/api/tickets", { cookie: me.cookie });
      expect(response.statusCode).toBe(200);
      const { tickets } = response.json() as { tickets: Ticket[] };
      expect(tickets.map((t) => t.ticketId)).toEqual([third.ticketId, second.ticketId, first.ticketId]);
      expect(tickets.every((t) => t.userId === me.id)).toBe(true);
    });

    it("gives an empty list to a user without tickets", async () => {
      const newcomer = await createStudent(testApp);
      const response = await get(testApp, "/api/tickets", { cookie: newcomer.cookie });
      expect(response.json()).toEqual({ tickets: [] });
    });
  });

  describe("GET /api/tickets/:ticketId", () => {
    it("requires sign-in", async () => {
      const ticket = await raiseTicket(testApp, student);
      expect((await get(testApp, `/api/tickets/${ticket.ticketId}`)).statusCode).toBe(401);
    });

    it("answers the user's own ticket", async () => {
      const ticket = await raiseTicket(testApp, student, { description: "Look me up" });
      const response = await get(testApp, `/api/tickets/${ticket.ticketId}`, { cookie: student.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ticket });
    });

    it("refuses another user's ticket exactly as a missing one: 404", async () => {
      const ticket = await raiseTicket(testApp, student, { description: "Private" });
      const stranger = await createStudent(testApp);
      const theirs = await get(testApp, `/api/tickets/${ticket.ticketId}`, { cookie: stranger.cookie });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: { code: "not_found", message: TICKET_MESSAGES.notFound } });
      expect(theirs.body).not.toContain("Private");

      const taken = new Set(
        (await testApp.database.db.select({ id: supportTickets.ticketId }).from(supportTickets)).map(
          (r) => r.id,
        ),
      );
      let missing = 100_000;
      while (taken.has(String(missing))) missing++;
      const absent = await get(testApp, `/api/tickets/${missing}`, { cookie: stranger.cookie });
      expect(absent.statusCode).toBe(404);
      expect(absent.json()).toEqual(theirs.json());
    });
  });
});

describe("ticket IDs", () => {
  it("1,000 quick submissions by 50 students get 1,000 distinct six-digit IDs and 1,000 rows", async () => {
    const testApp = await createTestApp();
    try {
      // 20 each: the per-user limit is 20 tickets an hour.
      const students = await Promise.all(Array.from({ length: 50 }, () => createStudent(testApp)));
      const responses = await Promise.all(
        students.flatMap((student, s) =>
          Array.from({ length: 20 }, (_, i) =>
            post(
              testApp,
              "/api/tickets",
              {
                purpose: TICKET_PURPOSES[i % TICKET_PURPOSES.length],
                description: `Student ${s}, ticket ${i}`,
              },
              { cookie: student.cookie },
            ),
          ),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(1000).fill(201));
      const ids = responses.map((r) => (r.json() as { ticket: Ticket }).ticket.ticketId);
      expect(ids.filter((id) => !isInTicketRange(id))).toEqual([]);
      expect(new Set(ids).size).toBe(1000);
      expect(await countTickets(testApp)).toBe(1000);
      const stored = await testApp.database.db.select({ id: supportTickets.ticketId }).from(supportTickets);
      expect(new Set(stored.map((r) => r.id))).toEqual(new Set(ids));
    } finally {
      await testApp.close();
    }
  }, 120_000);

  describe("collisions", () => {
    let testApp: TestApp;
    let owner: Student;
    beforeAll(async () => {
      testApp = await createTestApp();
      owner = await createStudent(testApp, { name: "Earlier Tickets" });
    });
    afterAll(() => testApp.close());

    it("the database refuses a second ticket with an ID that is taken", async () => {
      const ticket = await raiseTicket(testApp, owner);
      const insertDuplicate = testApp.database.db.insert(supportTickets).values({
        ticketId: ticket.ticketId,
        userId: owner.id,
        userName: "Copy",
        userEmail: owner.email,
        userCollege: owner.college,
        purpose: "Other",
        description: "Same number",
      });
      await expect(insertDuplicate).rejects.toThrow();
      const rows = await testApp.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.ticketId, ticket.ticketId));
      expect(rows).toHaveLength(1);
    });

    it("draws another number when the drawn ID is taken: with every fifth ID taken, no ticket gets one", async () => {
      // A fifth of 100000-999999 taken: each draw collides with probability 1/5, so 60 tickets
      // without a single retry happen about once in a million runs, and a ticket that needed more
      // than the service's 30 draws, never. Without the retry a collision would fail a ticket.
      await testApp.database.db.execute(sql`
        insert into support_tickets (ticket_id, user_id, user_name, user_email, user_college, purpose, description)
        select g::text, ${owner.id}, 'Earlier Tickets', ${owner.email}, ${owner.college}, 'Other', 'filler'
        from generate_series(100000, 999995, 5) as g
        on conflict (ticket_id) do nothing`);
      const before = await countTickets(testApp);
      expect(before).toBeGreaterThanOrEqual(180_000);

      const students = await Promise.all(Array.from({ length: 3 }, () => createStudent(testApp)));
      const tickets: Ticket[] = [];
      for (const student of students) {
        for (let i = 0; i < 20; i++) tickets.push(await raiseTicket(testApp, student));
      }
      const ids = tickets.map((t) => Number(t.ticketId));
      expect(ids.filter((id) => id % 5 === 0)).toEqual([]);
      expect(new Set(ids).size).toBe(60);
      expect(await countTickets(testApp)).toBe(before + 60);
    }, 120_000);
  });
});
