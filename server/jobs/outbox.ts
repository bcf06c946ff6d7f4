import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Sends one outbox row; throws (or rejects) when the other side did not acknowledge it. The signal
 * aborts at the lane's deadline: a sender passes it to its request so nothing is left running.
 */
export type OutboxSender = (row: OutboxRow, signal: AbortSignal) => Promise<void>;

/**
 * One kind of work with slots of its own: a lane's slow or failing receivers (a push service that
 * never answers) hold only that lane's slots, never another lane's mail.
 */
export interface OutboxLane {
  name: string;
  /** The kinds this lane sends, each with its sender. */
  senders: Record<string, OutboxSender>;
  /** Rows of this lane in flight at once on one instance. */
  concurrency: number;
  /** An attempt not acknowledged within this is a failed attempt; its signal aborts. */
  deadlineMs: number;
  /**
   * A payload field (the recipient): rows with the same value go one at a time, so one student's
   * backlog of doomed rows holds one slot, not every slot of the lane.
   */
  oneAtATimePer?: string;
}

export interface OutboxOptions {
  db: Db;
  log: FastifyBaseLogger;
  lanes: OutboxLane[];
  maxAttempts: number;
  retryBaseMs: number;
  /** How often due rows are looked for when nothing kicks the worker. */
  pollMs?: number;
  /**
   * How long a claimed row is reserved for this worker; longer than every lane's deadline plus
   * LEASE_MARGIN_MS (by default the larger of a minute and twice the longest deadline).
   */
  leaseMs?: number;
}

const MAX_DELAY_MS = 60 * 60 * 1000;
/** Time between an attempt's deadline and the end of its lease: the failure is recorded within it. */
export const LEASE_MARGIN_MS = 1000;

/** A claimed row, the token of this claim, and when (on this worker's clock) the lease ends at the latest. */
export interface ClaimedRow {
  row: OutboxRow;
  token: string;
  leaseEndsAt: number;
}

/**
 * Delivers outbox rows at least once and at most once after a success, lane by lane. A row is
 * claimed with a lease and a fresh claim token, so two instances never send it at the same time;
 * a worker marks it sent (or failed) only while the token is still its own, so a worker whose lease
 * ran out cannot overwrite what another worker that claimed the row since has done. An attempt
 * starts only if its deadline ends well inside the lease. Due rows go first, retries by when they
 * fall due (not by id); failures are retried with doubling delays and given up after maxAttempts
 * with the error kept.
 */
export function createOutboxWorker(options: OutboxOptions) {
  const pollMs = options.pollMs ?? 5000;
  const longestDeadline = Math.max(...options.lanes.map((lane) => lane.deadlineMs));
  const leaseMs = options.leaseMs ?? Math.max(60_000, 2 * longestDeadline);
  if (longestDeadline + LEASE_MARGIN_MS >= leaseMs) {
    throw new Error(
      `outbox lease ${leaseMs} ms is not longer than a deadline (${longestDeadline} ms) and its margin`,
    );
  }
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;

  const pendingOf = (kinds: string[]) =>
    and(inArray(outbox.kind, kinds), isNull(outbox.sentAt), isNull(outbox.failedAt));

  /** Due rows of the lane, oldest due first, leased to this worker under a new token. */
  async function claim(lane: OutboxLane, limit: number): Promise<ClaimedRow[]> {
    const kinds = Object.keys(lane.senders);
    const startedAt = Date.now();
    const key = lane.oneAtATimePer;
    // Another row of the same recipient in flight (leased, not yet marked) keeps this one waiting.
    const isRecipientBusy = key
      ? sql`exists (select 1 from ${outbox} busy where busy.kind in ${kinds}
          and busy.sent_at is null and busy.failed_at is null and busy.locked_until > now()
          and busy.payload ->> ${key} = ${outbox.payload} ->> ${key})`
      : sql`false`;
    const rows = await options.db
      .update(outbox)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        claimToken: sql`gen_random_uuid()`,
      })
      .where(
        sql`${outbox.id} in (select ${outbox.id} from ${outbox} where ${and(
          pendingOf(kinds),
          lte(outbox.nextAttemptAt, sql`now()`),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, sql`now()`)),
          sql`not ${isRecipientBusy}`,
        )} order by ${outbox.nextAttemptAt}, ${outbox.id} limit ${limit} for update skip locked)`,
      )
      .returning();
    // The database set the lease from its clock after startedAt: the lease ends no earlier than this.
    return rows.map((row) => ({ row, token: row.claimToken ?? "", leaseEndsAt: startedAt + leaseMs }));
  }

  /** Changes a row only while this worker's claim on it holds; whether it still did. */
  async function updateClaimed(claimed: ClaimedRow, values: Partial<OutboxRow>): Promise<boolean> {
    const updated = await options.db
      .update(outbox)
      .set({ ...values, lockedUntil: null, claimToken: null })
      .where(and(eq(outbox.id, claimed.row.id), eq(outbox.claimToken, claimed.token)))
      .returning({ id: outbox.id });
    return updated.length > 0;
  }

  async function deliver(lane: OutboxLane, claimed: ClaimedRow): Promise<void> {
    const { row } = claimed;
    if (Date.now() + lane.deadlineMs + LEASE_MARGIN_MS > claimed.leaseEndsAt) {
      // Too little of the lease is left for a whole attempt (this process stalled after claiming):
      // the row goes back untouched rather than being sent while another worker may take it.
      await updateClaimed(claimed, {});
      options.log.warn({ outboxId: row.id, kind: row.kind }, "outbox lease too short to send; released");
      return;
    }
    const controller = new AbortController();
    const deadline = setTimeout(
      () => controller.abort(new Error(`timeout: no answer within ${lane.deadlineMs} ms`)),
      lane.deadlineMs,
    );
    try {
      const sender = lane.senders[row.kind];
      if (!sender) throw new Error(`no sender for ${row.kind}`);
      await Promise.race([sender(row, controller.signal), rejectOnAbort(controller.signal)]);
      clearTimeout(deadline);
      if (!(await updateClaimed(claimed, { sentAt: new Date(), lastError: null }))) {
        options.log.warn({ outboxId: row.id, kind: row.kind }, "outbox lease lost before marking sent");
      }
    } catch (error) {
      clearTimeout(deadline);
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const isGivingUp = attempts >= options.maxAttempts;
      const delay = Math.min(options.retryBaseMs * 2 ** (attempts - 1), MAX_DELAY_MS);
      const isOurs = await updateClaimed(claimed, {
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + delay),
        failedAt: isGivingUp ? new Date() : null,
      });
      if (!isOurs) {
        options.log.warn({ outboxId: row.id, kind: row.kind }, "outbox lease lost before marking failed");
        return;
      }
      const log = isGivingUp ? options.log.error.bind(options.log) : options.log.warn.bind(options.log);
      log(
        { outboxId: row.id, kind: row.kind, lane: lane.name, attempts, error: message },
        isGivingUp ? "outbox gave up" : "outbox retry",
      );
    }
  }

  /** A lane's slots: fills free ones with due rows, and refills each as its attempt ends. */
  function runLane(lane: OutboxLane) {
    const active = new Set<Promise<void>>();
    let pumping: Promise<void> | undefined;
    let isAgain = false;

    async function fill(): Promise<void> {
      while (!isStopped && active.size < lane.concurrency) {
        const free = lane.concurrency - active.size;
        // One at a time per recipient: a claim of several could take two rows of one recipient.
        const rows = await claim(lane, lane.oneAtATimePer ? 1 : free);
        if (rows.length === 0) return;
        for (const claimed of rows) {
          const attempt: Promise<void> = deliver(lane, claimed)
            .catch((error) => options.log.error({ err: error, lane: lane.name }, "outbox attempt failed"))
            .finally(() => {
              active.delete(attempt);
              void pump();
            });
          active.add(attempt);
        }
      }
    }

    function pump(): Promise<void> {
      if (pumping) {
        isAgain = true;
        return pumping;
      }
      pumping = (async () => {
        do {
          isAgain = false;
          await fill();
        } while (isAgain && !isStopped);
      })()
        .catch((error) => options.log.error({ err: error, lane: lane.name }, "outbox pass failed"))
        .finally(() => {
          pumping = undefined;
          if (isAgain) void pump();
        });
      return pumping;
    }

    /** Until nothing of the lane is due or in flight. */
    async function drain(): Promise<void> {
      for (;;) {
        await pump();
        if (active.size === 0) return;
        await Promise.all(active);
      }
    }

    async function settle(): Promise<void> {
      await pumping;
      await Promise.all(active);
    }

    return { pump, drain, settle };
  }

  const lanes = options.lanes.map(runLane);

  function schedule(delay: number) {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void kick();
      schedule(pollMs);
    }, delay);
    timer.unref();
  }

  /** Fills every lane's free slots with what is due now (a pass of each lane), without waiting for the sends. */
  async function kick(): Promise<void> {
    if (isStopped) return;
    await Promise.all(lanes.map((lane) => lane.pump()));
  }

  return {
    kick,
    /** Sends everything that is due now, every lane, and waits for it. */
    async runOnce(): Promise<void> {
      await Promise.all(lanes.map((lane) => lane.drain()));
    },
    /** Claims due rows of one lane without sending them (how a worker that stalls after claiming behaves). */
    claim(laneName: string, limit: number): Promise<ClaimedRow[]> {
      return claim(laneOf(laneName), limit);
    },
    /** One attempt at a claimed row, as the lane makes it. */
    deliver(laneName: string, claimed: ClaimedRow): Promise<void> {
      return deliver(laneOf(laneName), claimed);
    },
    start: () => schedule(0),
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await Promise.all(lanes.map((lane) => lane.settle()));
    },
  };

  function laneOf(name: string): OutboxLane {
    const lane = options.lanes.find((candidate) => candidate.name === name);
    if (!lane) throw new Error(`no outbox lane ${name}`);
    return lane;
  }
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** Queues a row for the outbox worker, in the caller's transaction (mail, a reset request, a push). */
export async function insertOutboxRow(db: Db, row: Pick<typeof outbox.$inferInsert, "kind" | "payload">) {
  await db.insert(outbox).values(row);
}

/** A promise that rejects with the signal's reason once it aborts. */
function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

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
