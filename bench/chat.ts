/**
 * `npm run bench`: the chat delivery benchmark of issue 4, on loopback.
 *
 * The server runs as a child process (bench/lib/server-process.ts), so its CPU and memory are
 * measured apart from this load generator. 2,000 students, paired into 1,000 item chats, are
 * written straight to the database (bench/lib/population.ts); each keeps one WebSocket open at
 * /api/live, as a browser tab does. Then:
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
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { SocketFrame } from "@shared/api/chats";
import { count } from "drizzle-orm";
import pg from "pg";
import WebSocket from "ws";
import { messages } from "../server/db/schema";
import { describeMachine, writeResults } from "./lib/machine";
import {
  type BenchUser,
  createItemChats,
  createUsers,
  type ItemChat,
  pairUp,
  withServerDatabase,
} from "./lib/population";
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
const CONNECT_CONCURRENCY = 100;
/** How long, after the last acknowledgement, deliveries may still arrive before they count as lost. */
const DRAIN_TIMEOUT_MS = 15_000;
const POSTGRES_DATABASE = "campus_bazaar_bench_chat";
const ENGINES = (process.env.BENCH_ENGINES ?? "embedded,postgres").split(",").map((name) => name.trim());
/** A folder: the server writes a V8 CPU profile there when it stops (open it in Chrome DevTools). */
const PROFILE_DIR = process.env.BENCH_SERVER_PROFILE_DIR;
const GOALS = { postgresP99UnderMs: 25, postgresStoredPerSecond: 1_000 };

// ---------------------------------------------------------------------------------------------
// The load generator: sockets that count what they receive, and sends over keep-alive HTTP

interface Sent {
  phase: string;
  sentAtMs: number;
  recipientId: string;
  isAcked: boolean;
  deliveredAtMs: number | null;
}

class Tally {
  readonly sent = new Map<string, Sent>();
  duplicates = 0;
  unknown = 0;
  seqGaps = 0;
  socketsClosed = 0;

  onMessage(recipientId: string, clientId: string, atMs: number): void {
    const entry = this.sent.get(clientId);
    if (!entry || entry.recipientId !== recipientId) {
      this.unknown += 1;
      return;
    }
    if (entry.deliveredAtMs !== null) this.duplicates += 1;
    else entry.deliveredAtMs = atMs;
  }

  undelivered(phase: string): number {
    let missing = 0;
    for (const entry of this.sent.values())
      if (entry.phase === phase && entry.isAcked && entry.deliveredAtMs === null) missing += 1;
    return missing;
  }
}

/** Opens one user's live socket, as a tab does (cookie + Origin), and waits for its hello. */
function connect(baseUrl: string, user: BenchUser, tally: Tally): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, {
      headers: { cookie: user.cookie, origin: baseUrl },
      perMessageDeflate: false,
    });
    let lastSeq = -1;
    socket.on("message", (data) => {
      const atMs = performance.now();
      const frame = JSON.parse(String(data)) as SocketFrame;
      // Broadcasts (events, recruitment posts changed) are not numbered.
      if (!("seq" in frame)) return;
      if (frame.type === "hello" || frame.type === "resync") {
        lastSeq = frame.seq;
        resolve(socket);
        return;
      }
      if (frame.seq !== lastSeq + 1) tally.seqGaps += 1;
      lastSeq = frame.seq;
      if (frame.type === "message.created" && frame.data.message.senderId !== user.id)
        tally.onMessage(user.id, frame.data.message.clientId, atMs);
    });
    socket.on("error", reject);
    socket.once("close", () => {
      tally.socketsClosed += 1;
      reject(new Error("closed before hello"));
    });
  });
}

async function connectAll(baseUrl: string, list: BenchUser[], tally: Tally): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < list.length; i += CONNECT_CONCURRENCY) {
    const batch = list.slice(i, i + CONNECT_CONCURRENCY);
    sockets.push(...(await Promise.all(batch.map((user) => connect(baseUrl, user, tally)))));
  }
  return sockets;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POST with a JSON body; resolves with the status once the response has been read. */
function postJson(url: URL, cookie: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          cookie,
          origin: url.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

interface Sender {
  baseUrl: string;
  chats: ItemChat[];
  tally: Tally;
  /** Messages sent so far, over all phases: picks the chat and which member speaks. */
  counter: number;
}

interface PhaseCounters {
  sent: number;
  acked: number;
  /** Non-201 answers by status (0: the request failed). */
  failures: Record<string, number>;
  requestMs: number[];
  firstSendMs: number;
  lastAckMs: number;
}

/** One send through the real API; the chats take turns, and in each the two members alternate. */
async function sendOne(sender: Sender, phase: string, counters: PhaseCounters): Promise<void> {
  const k = sender.counter++;
  const chat = sender.chats[k % sender.chats.length] as ItemChat;
  const isBuyerTurn = Math.floor(k / sender.chats.length) % 2 === 0;
  const [from, to] = isBuyerTurn ? [chat.buyer, chat.seller] : [chat.seller, chat.buyer];
  const clientId = `bench-${randomUUID()}`;
  const body = JSON.stringify({ type: "text", clientId, text: `Is it still available? (${k})` });
  const entry: Sent = {
    phase,
    sentAtMs: performance.now(),
    recipientId: to.id,
    isAcked: false,
    deliveredAtMs: null,
  };
  sender.tally.sent.set(clientId, entry);
  counters.sent += 1;
  const url = new URL(`/api/chats/${chat.chatId}/messages`, sender.baseUrl);
  const status = await postJson(url, from.cookie, body);
  const now = performance.now();
  counters.requestMs.push(now - entry.sentAtMs);
  if (status === 201) {
    entry.isAcked = true;
    counters.acked += 1;
    counters.lastAckMs = now;
  } else {
    counters.failures[status] = (counters.failures[status] ?? 0) + 1;
  }
}

/** Waits until every acknowledged message of the phase has been delivered, or the drain timeout. */
async function drain(tally: Tally, phase: string): Promise<number> {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (tally.undelivered(phase) > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return tally.undelivered(phase);
}

const newCounters = (): PhaseCounters => ({
  sent: 0,
  acked: 0,
  failures: {},
  requestMs: [],
  firstSendMs: performance.now(),
  lastAckMs: performance.now(),
});

/** `rate` sends per second for `seconds`, on schedule whatever the answers take. */
async function runPaced(
  sender: Sender,
  rate: number,
  seconds: number,
  phase = "paced",
): Promise<PhaseCounters> {
  const counters = newCounters();
  const total = rate * seconds;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  while (counters.sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (counters.sent < due) {
      const send = sendOne(sender, phase, counters);
      inFlight.add(send);
      void send.finally(() => inFlight.delete(send));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  return counters;
}

/** As fast as it goes: `concurrency` sends in flight until `total` messages or `seconds` passed. */
async function runBurst(
  sender: Sender,
  total: number,
  seconds: number,
  concurrency: number,
): Promise<PhaseCounters> {
  const counters = newCounters();
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (counters.sent < total && performance.now() < deadline) await sendOne(sender, "burst", counters);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counters;
}

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
