import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openTwoDatabases } from "../../tests/helpers/test-database";
import type { Database } from "../db/client";
import { outbox } from "../db/schema";
import { createOutboxWorker, type OutboxLane, type OutboxRow, type OutboxWorker } from "./outbox";

/**
 * The outbox worker on a real database with senders of the tests' own: lanes that do not wait on
 * each other, a deadline per attempt, retries by when they fall due, one recipient at a time, and
 * each row sent once by two instances, also when a lease runs out. On PostgreSQL the two instances
 * have their own pools; on the embedded database they share its one connection.
 */

let databases: Awaited<ReturnType<typeof openTwoDatabases>>;
let a: Database;
let b: Database;
beforeAll(async () => {
  databases = await openTwoDatabases(inject("testDatabase"));
  a = databases.a;
  b = databases.b;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await databases?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let kindCount = 0;
/** A kind of its own per test, so tests sharing the database never claim each other's rows. */
const newKind = (name: string) => `${name}-${++kindCount}`;

/** The warnings a worker logged (lease lost, lease too short), the rest dropped. */
function quietLog(warnings: string[] = []): FastifyBaseLogger {
  const log = {
    warn: (_object: unknown, message?: string) => void warnings.push(message ?? ""),
    error: () => {},
    info: () => {},
    debug: () => {},
    trace: () => {},
    fatal: () => {},
    child: () => log,
    level: "warn",
  };
  return log as unknown as FastifyBaseLogger;
}

const workers: OutboxWorker[] = [];
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
});

function worker(db: Database, lanes: OutboxLane[], extra: { leaseMs?: number; warnings?: string[] } = {}) {
  const created = createOutboxWorker({
    db: db.db,
    log: quietLog(extra.warnings),
    lanes,
    maxAttempts: 5,
    retryBaseMs: 60_000,
    pollMs: 50,
    ...(extra.leaseMs ? { leaseMs: extra.leaseMs } : {}),
  });
  workers.push(created);
  return created;
}

async function insertRows(kind: string, count: number, extra: { userId?: string; dueAgoMs?: number } = {}) {
  const rows = await a.db
    .insert(outbox)
    .values(
      Array.from({ length: count }, (_, index) => ({
        kind,
        payload: { n: String(index), ...(extra.userId ? { userId: extra.userId } : {}) },
        ...(extra.dueAgoMs ? { nextAttemptAt: new Date(Date.now() - extra.dueAgoMs) } : {}),
      })),
    )
    .returning();
  return rows;
}

const rowsOf = (kind: string) => a.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(outbox.id);

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A sender that never answers: it waits until its attempt's signal aborts. */
const neverAnswers =
  (started: OutboxRow[] = []) =>
  (row: OutboxRow, signal: AbortSignal) => {
    started.push(row);
    return new Promise<void>((_resolve, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
  };

describe("lanes", () => {
  it("a lane whose receiver never answers does not hold up another lane's rows", async () => {
    const doomed = newKind("push");
    const mail = newKind("mail");
    const sentMail: number[] = [];
    const stuck: OutboxRow[] = [];
    const running = worker(a, [
      { name: "push", concurrency: 2, deadlineMs: 3000, senders: { [doomed]: neverAnswers(stuck) } },
      {
        name: "mail",
        concurrency: 1,
        deadlineMs: 3000,
        senders: { [mail]: async () => void sentMail.push(Date.now()) },
      },
    ]);
    await insertRows(doomed, 30);
    running.start();
    await waitUntil(() => stuck.length === 2, "both push slots taken");
    const queuedAt = Date.now();
    await insertRows(mail, 1);
    await running.kick();
    await waitUntil(() => sentMail.length === 1, "the mail");
    expect((sentMail[0] ?? Infinity) - queuedAt).toBeLessThan(1000);
    // The push lane is still busy with its first two rows: the mail did not wait for them.
    expect(stuck).toHaveLength(2);
  });

  it("an attempt past its deadline is a failed attempt: its signal aborts and the row waits for its retry", async () => {
    const kind = newKind("slow");
    const signals: AbortSignal[] = [];
    const running = worker(a, [
      {
        name: "slow",
        concurrency: 1,
        deadlineMs: 300,
        senders: {
          [kind]: (row, signal) => {
            signals.push(signal);
            return neverAnswers()(row, signal);
          },
        },
      },
    ]);
    const [row] = await insertRows(kind, 1);
    const startedAt = Date.now();
    await running.runOnce();
    const elapsed = Date.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(3000);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    const [after] = await rowsOf(kind);
    expect(after).toMatchObject({
      id: row?.id,
      attempts: 1,
      sentAt: null,
      lockedUntil: null,
      claimToken: null,
    });
    expect(after?.lastError).toBe("timeout: no answer within 300 ms");
    expect(after?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("retries go by when they fall due, not by id", async () => {
    const kind = newKind("order");
    const order: string[] = [];
    const running = worker(a, [
      {
        name: "order",
        concurrency: 1,
        deadlineMs: 1000,
        senders: { [kind]: async (row) => void order.push(row.payload.label ?? "") },
      },
    ]);
    // Older rows (lower ids) that fall due later than newer ones.
    for (const [label, dueAgoMs] of [
      ["old, due 1 s ago", 1000],
      ["old, due 3 s ago", 3000],
      ["new, due 60 s ago", 60_000],
      ["new, due 2 s ago", 2000],
    ] as const) {
      await a.db
        .insert(outbox)
        .values({ kind, payload: { label }, nextAttemptAt: new Date(Date.now() - dueAgoMs) });
    }
    await running.runOnce();
    expect(order).toEqual(["new, due 60 s ago", "old, due 3 s ago", "new, due 2 s ago", "old, due 1 s ago"]);
  });

  it("one recipient's rows go one at a time: another recipient's row takes a free slot at once", async () => {
    const kind = newKind("per-user");
    const inFlight = new Map<string, number>();
    let mostForAttacker = 0;
    const sentToVictim: number[] = [];
    const running = worker(a, [
      {
        name: "push",
        concurrency: 4,
        deadlineMs: 2000,
        oneAtATimePer: "userId",
        senders: {
          [kind]: async (row, signal) => {
            const user = row.payload.userId ?? "";
            if (user === "victim") return void sentToVictim.push(Date.now());
            inFlight.set(user, (inFlight.get(user) ?? 0) + 1);
            mostForAttacker = Math.max(mostForAttacker, inFlight.get(user) ?? 0);
            try {
              await neverAnswers()(row, signal);
            } finally {
              inFlight.set(user, (inFlight.get(user) ?? 1) - 1);
            }
          },
        },
      },
    ]);
    await insertRows(kind, 12, { userId: "attacker" });
    running.start();
    await waitUntil(() => mostForAttacker === 1, "the attacker's first row in flight");
    const queuedAt = Date.now();
    await insertRows(kind, 1, { userId: "victim" });
    await running.kick();
    await waitUntil(() => sentToVictim.length === 1, "the victim's push");
    expect((sentToVictim[0] ?? Infinity) - queuedAt).toBeLessThan(1000);
    await sleep(300);
    expect(mostForAttacker).toBe(1);
  });
});

describe("two instances", () => {
  it("send each row once, passing at the same time", async () => {
    const kind = newKind("twice");
    const sends: string[] = [];
    const lane = (): OutboxLane => ({
      name: "mail",
      concurrency: 4,
      deadlineMs: 2000,
      senders: {
        [kind]: async (row) => {
          sends.push(String(row.id));
          await sleep(Math.random() * 20);
        },
      },
    });
    const rows = await insertRows(kind, 60);
    const first = worker(a, [lane()]);
    const second = worker(b, [lane()]);
    await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
    expect(sends.sort()).toEqual(rows.map((row) => String(row.id)).sort());
    const after = await rowsOf(kind);
    expect(after.filter((row) => row.sentAt === null)).toEqual([]);
    expect(after.every((row) => row.attempts === 0 && row.claimToken === null)).toBe(true);
  });

  it("a worker that stalls after claiming sends nothing once its lease ran out; the other sends the row once", async () => {
    const kind = newKind("stalled");
    const sentBy: string[] = [];
    const lane = (name: string): OutboxLane => ({
      name: "mail",
      concurrency: 1,
      deadlineMs: 200,
      senders: { [kind]: async () => void sentBy.push(name) },
    });
    const warnings: string[] = [];
    const stalled = worker(a, [lane("stalled")], { leaseMs: 1500, warnings });
    const other = worker(b, [lane("other")]);
    const [row] = await insertRows(kind, 1);
    const [claimed] = await stalled.claim("mail", 1);
    expect(claimed?.row.id).toBe(row?.id);
    // While the lease holds, the other instance skips the row.
    await other.runOnce();
    expect(sentBy).toEqual([]);
    await sleep(1600);
    await other.runOnce();
    expect(sentBy).toEqual(["other"]);
    // The stalled worker wakes up: it neither sends nor touches the row.
    if (!claimed) throw new Error("nothing claimed");
    await stalled.deliver("mail", claimed);
    expect(sentBy).toEqual(["other"]);
    expect(warnings).toContain("outbox lease too short to send; released");
    const [after] = await rowsOf(kind);
    expect(after?.sentAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({ attempts: 0, lastError: null, claimToken: null });
  });

  it("a worker whose lease ran out mid-attempt does not mark the row another worker has claimed since", async () => {
    const kind = newKind("overtaken");
    let release: (outcome: "ok" | "fail") => void = () => {};
    let slowOutcome = Promise.resolve<"ok" | "fail">("ok");
    const warnings: string[] = [];
    const slow = worker(
      a,
      [
        {
          name: "mail",
          concurrency: 1,
          deadlineMs: 5000,
          senders: {
            [kind]: async () => {
              if ((await slowOutcome) === "fail") throw new Error("the slow worker failed");
            },
          },
        },
      ],
      { warnings },
    );
    const overtaking = (outcome: "ok" | "fail") =>
      worker(b, [
        {
          name: "mail",
          concurrency: 1,
          deadlineMs: 2000,
          senders: {
            [kind]: async () => {
              if (outcome === "fail") throw new Error("the other worker failed");
            },
          },
        },
      ]);
    for (const [slowEnds, otherEnds] of [
      ["fail", "ok"],
      ["ok", "fail"],
    ] as const) {
      slowOutcome = new Promise((resolve) => {
        release = resolve;
      });
      const [row] = await insertRows(kind, 1);
      if (!row) throw new Error("no row");
      const [claimed] = await slow.claim("mail", 1);
      if (!claimed) throw new Error("nothing claimed");
      const attempt = slow.deliver("mail", claimed);
      // The lease runs out while the slow worker still waits for its answer (as after a long pause).
      await a.db
        .update(outbox)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, row.id));
      await overtaking(otherEnds).runOnce();
      const [byOther] = await a.db.select().from(outbox).where(eq(outbox.id, row.id));
      release(slowEnds);
      await attempt;
      const [after] = await a.db.select().from(outbox).where(eq(outbox.id, row.id));
      // What the other worker recorded stands.
      expect(after).toEqual(byOther);
      if (otherEnds === "ok") expect(after?.sentAt).toBeInstanceOf(Date);
      else expect(after).toMatchObject({ sentAt: null, attempts: 1, lastError: "the other worker failed" });
      await a.db.delete(outbox).where(inArray(outbox.id, [row.id]));
    }
    expect(warnings).toEqual([
      "outbox lease lost before marking failed",
      "outbox lease lost before marking sent",
    ]);
  });

  it("refuses a lease that is not longer than a lane's deadline and its margin", () => {
    expect(() =>
      createOutboxWorker({
        db: a.db,
        log: quietLog(),
        lanes: [{ name: "push", concurrency: 1, deadlineMs: 5000, senders: {} }],
        maxAttempts: 1,
        retryBaseMs: 10,
        leaseMs: 5500,
      }),
    ).toThrow(/lease/);
  });
});
