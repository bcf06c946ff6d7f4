/**
 * `npm run bench`: the chat delivery benchmark of issue 4, on loopback.
 *
 * The server runs as a child process (bench/lib/server-process.ts), so its CPU and memory are
 * measured apart from this load generator (bench/lib/chat-load.ts). 2,000 students, paired into
 * 1,000 item chats, are written straight to the database (bench/lib/population.ts); each keeps
 * one WebSocket open at /api/live, as a browser tab does. Then:
 *
 *  0. warm-up: 3 s at the paced rate, not measured (the server's connections and compiled code);
 *  1. paced: 200 messages per second for 30 s, spread over the chats, each a POST of
 *     /api/chats/:id/messages with a fresh client id, as the web app sends. Delivery latency is
 *     from just before the POST to the moment the recipient's socket has the message.created frame;
 *  2. throughput: as fast as the server stores them, with a bounded number of sends in flight,
 *     until 20,000 messages or 20 s.
 *
 * Nothing may be lost: every acknowledged (201) message must reach its recipient's socket exactly
 * once, each socket's event numbers must have no gap, and the database must hold as many messages
 * as were acknowledged. On embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a scratch database, dropped at the end). Figures go to the console
 * and to bench/results/chat.json; the goals are reported, never enforced.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { count } from "drizzle-orm";
import pg from "pg";
import type WebSocket from "ws";
import { messages } from "../server/db/schema";
import {
  connectAll,
  drain,
  type PhaseCounters,
  runBurst,
  runPaced,
  type Sender,
  Tally,
} from "./lib/chat-load";
import { describeMachine, writeResults } from "./lib/machine";
import { createItemChats, createUsers, pairUp, withServerDatabase } from "./lib/population";
import { benchPostgresUrl, dropDatabase, freshDatabase } from "./lib/postgres";
import { startServer, UsageRecorder, type UsageSummary } from "./lib/server-process";
import { grouped, log, positiveInt, round, summarise, type Timing, textTable } from "./lib/stats";

const USER_COUNT = positiveInt("BENCH_CHAT_USERS", 2_000);
const RATE = positiveInt("BENCH_CHAT_RATE", 200);
const PACED_SECONDS = positiveInt("BENCH_CHAT_SECONDS", 30);
/**
 * Sends at the paced rate before anything is measured: the server opens its database connections
 * and compiles its hot code, as a server that has been up for a while already has.
 */
const WARMUP_SECONDS = positiveInt("BENCH_CHAT_WARMUP_SECONDS", 3);
const BURST_MESSAGES = positiveInt("BENCH_CHAT_BURST_MESSAGES", 20_000);
const BURST_SECONDS = positiveInt("BENCH_CHAT_BURST_SECONDS", 20);
/** Sends in flight during the throughput run: enough to keep the server's connection pool busy. */
const BURST_CONCURRENCY = positiveInt("BENCH_CHAT_CONCURRENCY", 48);
const POSTGRES_DATABASE = "campus_bazaar_bench_chat";
const ENGINES = (process.env.BENCH_ENGINES ?? "embedded,postgres").split(",").map((name) => name.trim());
/** A folder: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools). */
const PROFILE_DIR = process.env.BENCH_SERVER_PROFILE_DIR;
const GOALS = { postgresP99UnderMs: 25, postgresStoredPerSecond: 1_000 };

// ---------------------------------------------------------------------------------------------
// One engine end to end

interface PhaseResult {
  sent: number;
  acknowledged: number;
  failures: Record<string, number>;
  seconds: number;
  /** Acknowledged (stored) messages per second, first send to last acknowledgement. */
  storedPerSecond: number;
  /** From just before the POST to the recipient socket's message.created frame. */
  delivery: Timing;
  /** The POST's own response time. */
  request: Timing;
  /** Acknowledged but never delivered within the drain timeout. */
  lost: number;
  server: UsageSummary;
  /** The PostgreSQL backends serving the bench database (null on the embedded database). */
  databaseServer: UsageSummary | null;
  /** CPU time per acknowledged message, in ms: the server's, and the database backends'. */
  cpuMsPerMessage: { server: number; database: number | null };
  /** The load generator itself (this process). */
  client: UsageSummary;
  /** The load generator's event-loop delay: high values inflate the measured latencies. */
  clientLoopDelayP99Ms: number;
}

interface EngineResult {
  kind: "embedded" | "postgres";
  users: number;
  chats: number;
  populateSeconds: number;
  serverStartSeconds: number;
  connectSeconds: number;
  /** The server holding every socket, before any message. */
  idle: UsageSummary;
  paced: PhaseResult;
  throughput: PhaseResult;
  integrity: {
    acknowledged: number;
    lost: number;
    duplicates: number;
    unknownFrames: number;
    seqGaps: number;
    socketsDropped: number;
    databaseMessages: number;
    databaseMatchesAcknowledged: boolean;
  };
}

async function measurePhase(
  name: string,
  run: () => Promise<PhaseCounters>,
  context: { tally: Tally; serverPid: number; backends: (() => Promise<number[]>) | null },
): Promise<PhaseResult> {
  const server = new UsageRecorder([context.serverPid]);
  const database = context.backends ? new UsageRecorder(context.backends) : null;
  const client = new UsageRecorder([process.pid]);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const counters = await run();
  const lost = await drain(context.tally, name);
  loopDelay.disable();
  const latencies: number[] = [];
  for (const entry of context.tally.sent.values())
    if (entry.phase === name && entry.deliveredAtMs !== null)
      latencies.push(entry.deliveredAtMs - entry.sentAtMs);
  const seconds = (counters.lastAckMs - counters.firstSendMs) / 1000;
  const serverUsage = await server.summary();
  const databaseUsage = database ? await database.summary() : null;
  // CPU per stored message: what the machine's load does not change much, unlike the times.
  const cpuMsPerMessage = (usage: UsageSummary) =>
    round((usage.cpuPercent * usage.seconds * 10) / Math.max(1, counters.acked));
  return {
    sent: counters.sent,
    acknowledged: counters.acked,
    failures: counters.failures,
    seconds: round(seconds, 1),
    storedPerSecond: Math.round(counters.acked / Math.max(seconds, 0.001)),
    delivery: summarise(latencies),
    request: summarise(counters.requestMs),
    lost,
    server: serverUsage,
    databaseServer: databaseUsage,
    cpuMsPerMessage: {
      server: cpuMsPerMessage(serverUsage),
      database: databaseUsage ? cpuMsPerMessage(databaseUsage) : null,
    },
    client: await client.summary(),
    clientLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6, 1),
  };
}

async function countStoredMessages(target: { dataDir: string; databaseUrl?: string }): Promise<number> {
  return withServerDatabase(target, async (db) => {
    const [row] = await db.select({ n: count() }).from(messages);
    return row?.n ?? 0;
  });
}

async function runEngine(kind: "embedded" | "postgres", postgresUrl?: string): Promise<EngineResult> {
  log(`\n[${kind}] ${grouped(USER_COUNT)} users, ${grouped(USER_COUNT / 2)} chats`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bench-chat-"));
  const databaseUrl =
    kind === "postgres" && postgresUrl ? await freshDatabase(postgresUrl, POSTGRES_DATABASE) : undefined;
  const target = { dataDir, databaseUrl };
  const observer = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  const sockets: WebSocket[] = [];
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    let mark = performance.now();
    const elapsed = () => {
      const seconds = (performance.now() - mark) / 1000;
      mark = performance.now();
      return round(seconds, 1);
    };
    const { list, chats } = await withServerDatabase(target, async (db) => {
      const list = await createUsers(db, USER_COUNT);
      return { list, chats: await createItemChats(db, pairUp(list)) };
    });
    const populateSeconds = elapsed();
    log(`[${kind}] populated in ${populateSeconds} s`);

    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
      },
      nodeArgs: PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    });
    const serverStartSeconds = elapsed();
    log(`[${kind}] server pid ${server.pid} ready in ${serverStartSeconds} s`);

    const tally = new Tally();
    sockets.push(...(await connectAll(server.baseUrl, list, tally)));
    const connectSeconds = elapsed();
    log(`[${kind}] ${grouped(sockets.length)} sockets connected in ${connectSeconds} s`);

    await observer?.connect();
    const backends = observer
      ? async () =>
          (
            await observer.query<{ pid: number }>(
              "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
            )
          ).rows.map((row) => row.pid)
      : null;
    const idleRecorder = new UsageRecorder([server.pid]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const idle = await idleRecorder.summary();

    const sender: Sender = { baseUrl: server.baseUrl, chats, tally, counter: 0 };
    const context = { tally, serverPid: server.pid, backends };
    log(`[${kind}] warm-up: ${RATE} messages/s for ${WARMUP_SECONDS} s, not measured`);
    const warmup = await runPaced(sender, RATE, WARMUP_SECONDS, "warmup");
    const warmupLost = await drain(tally, "warmup");
    log(`[${kind}] paced: ${RATE} messages/s for ${PACED_SECONDS} s`);
    const paced = await measurePhase("paced", () => runPaced(sender, RATE, PACED_SECONDS), context);
    log(`[${kind}] throughput: up to ${grouped(BURST_MESSAGES)} messages or ${BURST_SECONDS} s`);
    const throughput = await measurePhase(
      "burst",
      () => runBurst(sender, BURST_MESSAGES, BURST_SECONDS, BURST_CONCURRENCY),
      context,
    );

    // Counted before the bench closes the sockets itself: any close so far is a dropped client.
    const socketsDropped = tally.socketsClosed;
    for (const socket of sockets) socket.terminate();
    await server.stop();
    const databaseMessages = await countStoredMessages(target);
    const acknowledged = warmup.acked + paced.acknowledged + throughput.acknowledged;
    return {
      kind,
      users: list.length,
      chats: chats.length,
      populateSeconds,
      serverStartSeconds,
      connectSeconds,
      idle,
      paced,
      throughput,
      integrity: {
        acknowledged,
        lost: warmupLost + paced.lost + throughput.lost,
        duplicates: tally.duplicates,
        unknownFrames: tally.unknown,
        seqGaps: tally.seqGaps,
        socketsDropped,
        databaseMessages,
        databaseMatchesAcknowledged: databaseMessages === acknowledged,
      },
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await server?.stop();
    await observer?.end().catch(() => {});
    await fs.rm(dataDir, { recursive: true, force: true });
    if (databaseUrl && postgresUrl) await dropDatabase(postgresUrl, POSTGRES_DATABASE);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function table(results: EngineResult[]): string {
  const header = [
    "engine",
    "run",
    "msgs",
    "stored/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "lost",
    "CPU %",
    "waited %",
    "RSS MB",
  ];
  const rows: string[][] = [];
  for (const result of results) {
    rows.push([
      result.kind,
      "idle, sockets open",
      "",
      "",
      "",
      "",
      "",
      "",
      `${result.idle.cpuPercent}`,
      `${result.idle.cpuWaitPercent}`,
      `${result.idle.endRssMb}`,
    ]);
    for (const [name, phase] of [
      [`${RATE}/s for ${PACED_SECONDS} s`, result.paced],
      ["as fast as it goes", result.throughput],
    ] as const) {
      rows.push([
        result.kind,
        name,
        grouped(phase.acknowledged),
        grouped(phase.storedPerSecond),
        String(phase.delivery.p50Ms),
        String(phase.delivery.p95Ms),
        String(phase.delivery.p99Ms),
        String(phase.lost),
        `${phase.server.cpuPercent}${phase.databaseServer ? ` + db ${phase.databaseServer.cpuPercent}` : ""}`,
        `${phase.server.cpuWaitPercent}`,
        `${phase.server.peakRssMb}`,
      ]);
    }
  }
  return textTable(header, rows);
}

function integrityLine(result: EngineResult): string {
  const i = result.integrity;
  const isClean =
    i.lost === 0 &&
    i.duplicates === 0 &&
    i.seqGaps === 0 &&
    i.unknownFrames === 0 &&
    i.databaseMatchesAcknowledged;
  return (
    `${result.kind}: ${grouped(i.acknowledged)} acknowledged, ${i.lost} lost, ${i.duplicates} doubled, ` +
    `${i.seqGaps} gaps in event numbers, ${i.socketsDropped} sockets dropped; database holds ` +
    `${grouped(i.databaseMessages)} messages${isClean ? " (all accounted for)" : " (MISMATCH)"}. ` +
    `CPU per message (throughput run): server ${result.throughput.cpuMsPerMessage.server} ms` +
    (result.throughput.cpuMsPerMessage.database === null
      ? ""
      : `, database ${result.throughput.cpuMsPerMessage.database} ms`)
  );
}

async function main(): Promise<void> {
  const postgresUrl = benchPostgresUrl();
  log(
    `Chat delivery benchmark: ${grouped(USER_COUNT)} sockets, ${grouped(USER_COUNT / 2)} chats, ` +
      `${RATE} messages/s for ${PACED_SECONDS} s (after ${WARMUP_SECONDS} s of warm-up), then up to ${grouped(BURST_MESSAGES)} messages ` +
      `(${BURST_CONCURRENCY} in flight) or ${BURST_SECONDS} s.`,
  );
  if (!postgresUrl) log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it).");
  if (USER_COUNT < 2 || USER_COUNT % 2 !== 0) throw new Error("BENCH_CHAT_USERS must be an even number");
  const loadAtStart = os.loadavg()[0] ?? 0;
  log(`Load average at start: ${loadAtStart.toFixed(1)} on ${os.cpus().length} CPUs.`);

  const results: EngineResult[] = [];
  if (ENGINES.includes("embedded")) results.push(await runEngine("embedded"));
  if (postgresUrl && ENGINES.includes("postgres")) results.push(await runEngine("postgres", postgresUrl));

  log(`\n${table(results)}\n`);
  log(
    `CPU: the server's, in % of one core (the machine has ${os.cpus().length}); "+ db": the PostgreSQL ` +
      "backends of the bench database. Waited: time the server was ready to run but had no CPU " +
      "(other work on the machine).",
  );
  for (const result of results) log(integrityLine(result));

  const postgres = results.find((result) => result.kind === "postgres");
  const goals = postgres
    ? {
        ...GOALS,
        p99Met: postgres.paced.delivery.p99Ms < GOALS.postgresP99UnderMs,
        storedPerSecondMet: postgres.throughput.storedPerSecond >= GOALS.postgresStoredPerSecond,
      }
    : { ...GOALS, p99Met: null, storedPerSecondMet: null };
  if (postgres) {
    const mark = (ok: boolean | null) => (ok ? "met" : "MISSED");
    log(
      `Goals on PostgreSQL: delivery p99 ${postgres.paced.delivery.p99Ms} ms at ${RATE}/s ` +
        `(goal < ${GOALS.postgresP99UnderMs} ms: ${mark(goals.p99Met)}); ` +
        `${grouped(postgres.throughput.storedPerSecond)} stored messages/s ` +
        `(goal >= ${grouped(GOALS.postgresStoredPerSecond)}: ${mark(goals.storedPerSecondMet)}).`,
    );
  }

  const file = await writeResults("chat", {
    benchmark: "chat delivery",
    measuredAt: new Date().toISOString(),
    machine: describeMachine(loadAtStart),
    settings: {
      users: USER_COUNT,
      chats: USER_COUNT / 2,
      ratePerSecond: RATE,
      warmupSeconds: WARMUP_SECONDS,
      pacedSeconds: PACED_SECONDS,
      burstMessages: BURST_MESSAGES,
      burstSeconds: BURST_SECONDS,
      burstConcurrency: BURST_CONCURRENCY,
    },
    goals,
    results,
  });
  log(`\nWritten to ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
