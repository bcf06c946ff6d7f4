import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";

export type OutboxRow = typeof outbox.$inferSelect;

/** Sends one outbox row; throws (or rejects) when the other side did not acknowledge it. */
export type OutboxSender = (row: OutboxRow) => Promise<void>;

export interface OutboxOptions {
  db: Db;
  log: FastifyBaseLogger;
  senders: Record<string, OutboxSender>;
  maxAttempts: number;
  retryBaseMs: number;
  /** How often due rows are looked for when nothing kicks the worker. */
  pollMs?: number;
  /** How long a claimed row is reserved for this worker. */
  leaseMs?: number;
}

const MAX_DELAY_MS = 60 * 60 * 1000;

/**
 * Delivers outbox rows at least once and at most once after a success: a row is claimed with a
 * lease (so two instances never send it at the same time), marked sent only after the other side
 * acknowledged it, retried with doubling delays, and given up after maxAttempts with the error kept.
 */
export function createOutboxWorker(options: OutboxOptions) {
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopped = false;

  async function claim(limit: number): Promise<OutboxRow[]> {
    return options.db
      .update(outbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(
        sql`${outbox.id} in (select ${outbox.id} from ${outbox} where ${and(
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.nextAttemptAt, sql`now()`),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`now()`)),
        )} order by ${asc(outbox.id)} limit ${limit} for update skip locked)`,
      )
      .returning();
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const sender = options.senders[row.kind];
    try {
      if (!sender) throw new Error(`no sender for ${row.kind}`);
      await sender(row);
      await options.db
        .update(outbox)
        .set({ sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const isGivingUp = attempts >= options.maxAttempts;
      const delay = Math.min(options.retryBaseMs * 2 ** (attempts - 1), MAX_DELAY_MS);
      await options.db
        .update(outbox)
        .set({
          attempts,
          lastError: message.slice(0, 500),
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + delay),
          failedAt: isGivingUp ? new Date() : null,
        })
        .where(eq(outbox.id, row.id));
      const log = isGivingUp ? options.log.error.bind(options.log) : options.log.warn.bind(options.log);
      log(
        { outboxId: row.id, kind: row.kind, attempts, error: message },
        isGivingUp ? "outbox gave up" : "outbox retry",
      );
    }
  }

  /** One pass: sends everything that is due now. */
  async function runOnce(): Promise<void> {
    for (;;) {
      const rows = await claim(10);
      if (rows.length === 0) return;
      for (const row of rows) await deliver(row);
    }
  }

  function schedule(delay: number) {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void kick(), delay);
    timer.unref();
  }

  /** Runs a pass now (or right after the current one), then keeps polling. */
  function kick(): Promise<void> {
    if (isStopped) return Promise.resolve();
    running = (running ?? Promise.resolve())
      .then(runOnce)
      .catch((error) => options.log.error({ err: error }, "outbox pass failed"))
      .finally(() => schedule(pollMs));
    return running;
  }

  return {
    kick,
    runOnce,
    start: () => schedule(0),
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** Rows still to send, or given up, for the metrics. */
export async function countOutbox(db: Db, state: "pending" | "failed"): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      state === "pending"
        ? and(isNull(outbox.sentAt), isNull(outbox.failedAt))
        : sql`${outbox.failedAt} is not null`,
    );
  return row?.count ?? 0;
}
