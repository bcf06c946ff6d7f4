/**
 * `npm run bench -- load`: the API under load, the server as its own process on loopback.
 *
 * 1,000 students (500 item chats between them, bench/lib/population.ts) and 5,000 items are
 * written to a fresh database. 500 of the students keep a live socket open at /api/live and chat
 * through the API at a steady 20 messages a second in all (one message per student every 25 s),
 * from start to end (the first 10 s are warm-up, not reported). Meanwhile, in turn, autocannon drives
 * 100 connections for 40 s at (before each, the server finishes the work queued by the last):
 *
 *  - chat only: no other load, the baseline of the chat figures;
 *  - browse: GET /api/items (the first page of /buy), signed in;
 *  - item: GET /api/items/:id, over 100 items, signed in;
 *  - login: POST /api/auth/login, over the students. argon2 hashing makes this CPU bound on purpose.
 *
 * For each phase: requests per second, latency p50 and p99, errors (failed requests, timeouts of
 * 30 s and every answer that is not 2xx; for the chat also sends skipped because 200 were still
 * unanswered), the chat's sends and deliveries, the server's event-loop delay (nodejs_eventloop_lag_*
 * of GET /metrics, read at the start and the end of the phase), and the CPU and memory of the
 * server and of the PostgreSQL processes serving it. On embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a scratch database, dropped at the end). Writes bench/results/load.json.
 *
 * Knobs: BENCH_LOAD_SECONDS (40), BENCH_LOAD_CONNECTIONS (100), BENCH_LOAD_CHAT_USERS (500),
 * BENCH_LOAD_CHAT_RATE (20 messages/s), BENCH_LOAD_ITEMS (5,000), BENCH_ENGINES (embedded,postgres).
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { LiveFrame } from "@shared/live-events";
import autocannon from "autocannon";
import pg from "pg";
import WebSocket from "ws";
import { PRODUCTS } from "../scripts/demo-data";
import type { Db } from "../server/db/client";
import { items } from "../server/db/schema";
import { describeMachine, writeResults } from "./lib/machine";
import {
  BENCH_PASSWORD,
  type BenchUser,
  createItemChats,
  createUsers,
  type ItemChat,
  pairUp,
  withServerDatabase,
} from "./lib/population";
import { benchPostgresUrl, dropDatabase, freshDatabase } from "./lib/postgres";
import { startServer, UsageRecorder, type UsageSummary } from "./lib/server-process";
import { log, positiveInt, round, summarise, textTable } from "./lib/stats";

const SECONDS = positiveInt("BENCH_LOAD_SECONDS", 40);
const CONNECTIONS = positiveInt("BENCH_LOAD_CONNECTIONS", 100);
const CHAT_USERS = positiveInt("BENCH_LOAD_CHAT_USERS", 500);
const CHAT_RATE = positiveInt("BENCH_LOAD_CHAT_RATE", 20);
const ITEM_COUNT = positiveInt("BENCH_LOAD_ITEMS", 5_000);
/** Students in all: the chatting ones and as many again, so that half of every chat is online. */
const USER_COUNT = CHAT_USERS * 2;
const ITEMS_FETCHED = 100;
const CONNECT_CONCURRENCY = 100;
/**
 * Chat sends waiting for an answer, at most: when the server falls this far behind, a due send is
 * skipped and counted as an error rather than queued, so that one slow phase does not bury the next.
 */
const CHAT_MAX_IN_FLIGHT = 200;
/** autocannon's: a request unanswered this long counts as an error. */
const REQUEST_TIMEOUT_SECONDS = 30;
const DRAIN_TIMEOUT_MS = 15_000;
/** Chat alone before the first phase, so that start-up (JIT, first queries) is not measured. */
const WARMUP_MS = 10_000;
const SETTLE_MS = 2_000;
const INSERT_BATCH = 500;
const POSTGRES_DATABASE = "campus_bazaar_bench_load";
const ENGINES = (process.env.BENCH_ENGINES ?? "embedded,postgres").split(",").map((name) => name.trim());
const METRICS_TOKEN = randomBytes(24).toString("base64url");

// ---------------------------------------------------------------------------------------------
// Data

/** Items from the demo templates, spread over the sellers and the last 90 days. */
async function createItems(db: Db, sellers: BenchUser[], count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, n) => {
    const template = PRODUCTS[n % PRODUCTS.length] ?? PRODUCTS[0];
    if (!template) throw new Error("No product templates");
    const [low, high] = template.price;
    return {
      id: randomUUID(),
      sellerId: (sellers[n % sellers.length] as BenchUser).id,
      productName: template.names[n % template.names.length] ?? template.type,
      productImage: `https://images.example.in/${encodeURIComponent(template.image)}.jpg`,
      type: template.type,
      price: Math.round(low + ((high - low) * ((n * 37) % 100)) / 100),
      category: template.category,
      condition: (["new", "like new", "used"] as const)[n % 3] ?? "used",
      description: `${template.type} in good shape, pick-up on campus.`,
      createdAt: new Date(Date.now() - ((n * 7919) % (90 * 24 * 3600)) * 1000),
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db.insert(items).values(rows.slice(i, i + INSERT_BATCH));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Chat: live sockets that count what they receive, and steady sends through the API

interface Sent {
  phase: string;
  sentAtMs: number;
  recipientId: string;
  deliveredAtMs: number | null;
}

interface ChatCounters {
  sent: number;
  /** Due while CHAT_MAX_IN_FLIGHT sends were still unanswered: not sent. */
  skipped: number;
  acked: number;
  /** Answers other than 201, by status (0: the request failed). */
  failures: Record<string, number>;
  requestMs: number[];
}

class Chat {
  readonly sent = new Map<string, Sent>();
  readonly byPhase = new Map<string, ChatCounters>();
  phase = "connect";
  socketsClosed = 0;
  private counter = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: CHAT_MAX_IN_FLIGHT });

  constructor(
    private readonly baseUrl: string,
    private readonly chats: ItemChat[],
  ) {}

  counters(phase: string): ChatCounters {
    let counters = this.byPhase.get(phase);
    if (!counters) {
      counters = { sent: 0, skipped: 0, acked: 0, failures: {}, requestMs: [] };
      this.byPhase.set(phase, counters);
    }
    return counters;
  }

  onDelivered(recipientId: string, clientId: string, atMs: number): void {
    const entry = this.sent.get(clientId);
    if (entry && entry.recipientId === recipientId && entry.deliveredAtMs === null)
      entry.deliveredAtMs = atMs;
  }

  /** One send; the chats take turns and in each the two members alternate. */
  async sendOne(): Promise<void> {
    const k = this.counter++;
    const chat = this.chats[k % this.chats.length] as ItemChat;
    const isBuyerTurn = Math.floor(k / this.chats.length) % 2 === 0;
    const [from, to] = isBuyerTurn ? [chat.buyer, chat.seller] : [chat.seller, chat.buyer];
    const clientId = `load-${randomUUID()}`;
    const body = JSON.stringify({ type: "text", clientId, text: `Is it still available? (${k})` });
    const counters = this.counters(this.phase);
    const entry: Sent = {
      phase: this.phase,
      sentAtMs: performance.now(),
      recipientId: to.id,
      deliveredAtMs: null,
    };
    this.sent.set(clientId, entry);
    counters.sent += 1;
    const status = await this.post(`/api/chats/${chat.chatId}/messages`, from.cookie, body);
    counters.requestMs.push(performance.now() - entry.sentAtMs);
    if (status === 201) counters.acked += 1;
    else {
      counters.failures[status] = (counters.failures[status] ?? 0) + 1;
      this.sent.delete(clientId);
    }
  }

  private post(pathname: string, cookie: string, body: string): Promise<number> {
    const url = new URL(pathname, this.baseUrl);
    return new Promise((resolve) => {
      const request = http.request(
        url,
        {
          method: "POST",
          agent: this.agent,
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

  /** Sends at CHAT_RATE per second until stopped, catching up when the loop was late. */
  start(): () => Promise<void> {
    const startedMs = performance.now();
    let issued = 0;
    const inFlight = new Set<Promise<void>>();
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - startedMs) / 1000) * CHAT_RATE);
      for (; issued < due; issued += 1) {
        if (inFlight.size >= CHAT_MAX_IN_FLIGHT) {
          this.counters(this.phase).skipped += 1;
          continue;
        }
        const sending = this.sendOne();
        inFlight.add(sending);
        void sending.finally(() => inFlight.delete(sending));
      }
    }, 10);
    return async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
    };
  }

  undelivered(): number {
    let missing = 0;
    for (const entry of this.sent.values()) if (entry.deliveredAtMs === null) missing += 1;
    return missing;
  }

  summary(phase: string) {
    const counters = this.counters(phase);
    const delivery: number[] = [];
    let lost = 0;
    for (const entry of this.sent.values()) {
      if (entry.phase !== phase) continue;
      if (entry.deliveredAtMs === null) lost += 1;
      else delivery.push(entry.deliveredAtMs - entry.sentAtMs);
    }
    const failed = Object.values(counters.failures).reduce((sum, n) => sum + n, 0);
    return {
      sent: counters.sent,
      skipped: counters.skipped,
      acknowledged: counters.acked,
      failures: counters.failures,
      /** Acknowledged but not on the recipient's socket within the drain timeout. */
      lost,
      errors: failed + lost + counters.skipped,
      send: summarise(counters.requestMs),
      /** From just before the POST to the recipient socket's message.created frame. */
      delivery: summarise(delivery),
    };
  }
}

/** Opens one student's live socket, as a tab does (cookie + Origin), and waits for its hello. */
function connect(baseUrl: string, user: BenchUser, chat: Chat): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, {
      headers: { cookie: user.cookie, origin: baseUrl },
      perMessageDeflate: false,
    });
    socket.on("message", (data) => {
      const atMs = performance.now();
      const frame = JSON.parse(String(data)) as LiveFrame;
      if (frame.type === "hello" || frame.type === "resync") resolve(socket);
      else if (frame.type === "message.created" && frame.data.message.senderId !== user.id)
        chat.onDelivered(user.id, frame.data.message.clientId, atMs);
    });
    socket.once("error", reject);
    socket.once("close", () => {
      chat.socketsClosed += 1;
      reject(new Error("closed before hello"));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Server figures

/** The server's event-loop delay from GET /metrics; reading it also starts a new window. */
async function readEventLoopDelay(baseUrl: string) {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  const text = await response.text();
  const seconds = (name: string) => {
    const match = new RegExp(
      `^nodejs_eventloop_lag_${name}_seconds(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`,
      "m",
    ).exec(text);
    if (!match) throw new Error(`GET /metrics has no nodejs_eventloop_lag_${name}_seconds`);
    return round(Number(match[1]) * 1000, 1);
  };
  return { p50Ms: seconds("p50"), p99Ms: seconds("p99"), maxMs: seconds("max") };
}

// ---------------------------------------------------------------------------------------------
// Phases

interface HttpFigures {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Failed requests + timeouts + answers that are not 2xx: must be 0. */
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

interface Target {
  name: string;
  request: autocannon.Request;
  headers: Record<string, string>;
}

/**
 * Waits for the work queued by the last phase: GET /api/ready asks the database, so on the embedded
 * database (one connection) it answers only after the queries still waiting.
 */
async function settle(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(120_000) });
  await response.body?.cancel();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

async function hammer(baseUrl: string, target: Target): Promise<HttpFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: REQUEST_TIMEOUT_SECONDS,
    headers: target.headers,
    requests: [target.request],
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
      code,
      (stats as { count: number }).count,
    ]),
  );
  return {
    requestsPerSecond: round(result.requests.average, 1),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    // autocannon's errors include its timeouts.
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCodes,
  };
}

interface PhaseResult {
  name: string;
  http: HttpFigures | null;
  chat: ReturnType<Chat["summary"]>;
  serverEventLoop: Awaited<ReturnType<typeof readEventLoopDelay>>;
  server: UsageSummary;
  /** The PostgreSQL server's processes serving the bench database (same machine), when on PostgreSQL. */
  database: UsageSummary | null;
  /** This load generator's own event-loop delay: high values colour the chat figures. */
  generatorEventLoopP99Ms: number;
}

function targets(baseUrl: string, users: BenchUser[], itemIds: string[]): Target[] {
  const [reader] = users;
  if (!reader) throw new Error("No users");
  const signedIn = { cookie: reader.cookie };
  let nextItem = 0;
  let nextUser = 0;
  return [
    {
      name: "browse",
      headers: signedIn,
      request: { method: "GET", path: "/api/items?category=all&sort=newest&page=1" },
    },
    {
      name: "item",
      headers: signedIn,
      request: {
        method: "GET",
        setupRequest: (request) => ({
          ...request,
          path: `/api/items/${itemIds[nextItem++ % Math.min(ITEMS_FETCHED, itemIds.length)]}`,
        }),
      },
    },
    {
      name: "login",
      headers: { "content-type": "application/json", origin: baseUrl },
      request: {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          path: "/api/auth/login",
          body: JSON.stringify({
            email: (users[nextUser++ % users.length] as BenchUser).email,
            password: BENCH_PASSWORD,
          }),
        }),
      },
    },
  ];
}

async function runEngine(engine: "embedded" | "postgres", postgresUrl: string | undefined) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-load-"));
  const databaseUrl = postgresUrl ? await freshDatabase(postgresUrl, POSTGRES_DATABASE) : undefined;
  try {
    log(`\n[${engine}] ${USER_COUNT} students, ${CHAT_USERS / 2} chats, ${ITEM_COUNT} items...`);
    const { users, chats, itemIds } = await withServerDatabase({ dataDir, databaseUrl }, async (db) => {
      const users = await createUsers(db, USER_COUNT, { label: "load" });
      const chats = await createItemChats(db, pairUp(users.slice(0, CHAT_USERS)));
      const itemIds = await createItems(db, users, ITEM_COUNT);
      return { users, chats, itemIds };
    });
    const server = await startServer({
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", METRICS_TOKEN },
    });
    const chat = new Chat(server.baseUrl, chats);
    const sockets: WebSocket[] = [];
    const observer = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    try {
      await observer?.connect();
      const backends = async () =>
        observer
          ? (
              await observer.query<{ pid: number }>(
                "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
              )
            ).rows.map((row) => row.pid)
          : [];
      const online = users.slice(0, CHAT_USERS);
      for (let i = 0; i < online.length; i += CONNECT_CONCURRENCY) {
        const batch = online.slice(i, i + CONNECT_CONCURRENCY);
        sockets.push(...(await Promise.all(batch.map((user) => connect(server.baseUrl, user, chat)))));
      }
      log(`[${engine}] ${sockets.length} live sockets open; chatting at ${CHAT_RATE} messages/s`);
      const generatorDelay = monitorEventLoopDelay({ resolution: 10 });
      generatorDelay.enable();
      const stopChat = chat.start();
      chat.phase = "warm-up";
      await new Promise((resolve) => setTimeout(resolve, WARMUP_MS));
      const phases: Omit<PhaseResult, "chat">[] = [];
      const byName = new Map(targets(server.baseUrl, users, itemIds).map((target) => [target.name, target]));
      const phaseNames = ["chat only", ...byName.keys()];
      for (const name of phaseNames) {
        await settle(server.baseUrl);
        chat.phase = name;
        generatorDelay.reset();
        await readEventLoopDelay(server.baseUrl);
        const usage = new UsageRecorder([server.pid]);
        const databaseUsage = observer ? new UsageRecorder(backends) : null;
        const target = byName.get(name);
        let figures: HttpFigures | null = null;
        if (target) figures = await hammer(server.baseUrl, target);
        else await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
        const serverEventLoop = await readEventLoopDelay(server.baseUrl);
        phases.push({
          name,
          http: figures,
          serverEventLoop,
          server: await usage.summary(),
          database: (await databaseUsage?.summary()) ?? null,
          generatorEventLoopP99Ms: round(generatorDelay.percentile(99) / 1e6, 1),
        });
        const httpText = figures
          ? `${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, errors ${figures.errors}; `
          : "";
        log(
          `[${engine}] ${name.padEnd(9)} ${httpText}event loop p99 ${serverEventLoop.p99Ms} ms, max ${serverEventLoop.maxMs} ms`,
        );
      }
      chat.phase = "stopping";
      await stopChat();
      const deadline = performance.now() + DRAIN_TIMEOUT_MS;
      while (chat.undelivered() > 0 && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      generatorDelay.disable();
      const results: PhaseResult[] = phases.map((phase) => ({ ...phase, chat: chat.summary(phase.name) }));
      for (const phase of results) {
        const { chat: c } = phase;
        log(
          `[${engine}] ${phase.name.padEnd(9)} chat: ${c.acknowledged}/${c.sent} sent (${c.skipped} skipped), send p50 ${c.send.p50Ms} ms p99 ${c.send.p99Ms} ms, ` +
            `delivery p50 ${c.delivery.p50Ms} ms p99 ${c.delivery.p99Ms} ms, errors ${c.errors}`,
        );
      }
      return {
        engine,
        population: {
          students: USER_COUNT,
          chats: chats.length,
          items: ITEM_COUNT,
          liveSockets: sockets.length,
        },
        socketsClosedEarly: chat.socketsClosed,
        phases: results,
      };
    } finally {
      for (const socket of sockets) socket.terminate();
      await observer?.end();
      await server.stop();
    }
  } finally {
    if (postgresUrl) await dropDatabase(postgresUrl, POSTGRES_DATABASE);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

function printTable(engines: Awaited<ReturnType<typeof runEngine>>[]): void {
  const header = [
    "engine",
    "phase",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "chat p99 ms",
    "loop p99 ms",
    "server CPU %",
    "database CPU %",
  ];
  const rows: string[][] = [];
  for (const engine of engines)
    for (const phase of engine.phases)
      rows.push([
        engine.engine,
        phase.name,
        phase.http ? String(phase.http.requestsPerSecond) : "",
        phase.http ? String(phase.http.p50Ms) : "",
        phase.http ? String(phase.http.p99Ms) : "",
        String((phase.http?.errors ?? 0) + phase.chat.errors),
        String(phase.chat.delivery.p99Ms),
        String(phase.serverEventLoop.p99Ms),
        String(phase.server.cpuPercent),
        phase.database ? String(phase.database.cpuPercent) : "",
      ]);
  log(`\n${textTable(header, rows)}`);
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const postgresUrl = benchPostgresUrl();
  const engines: Awaited<ReturnType<typeof runEngine>>[] = [];
  if (ENGINES.includes("embedded")) engines.push(await runEngine("embedded", undefined));
  if (ENGINES.includes("postgres")) {
    if (postgresUrl) engines.push(await runEngine("postgres", postgresUrl));
    else log("\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.");
  }
  printTable(engines);
  const machine = describeMachine(loadAtStart);
  log(`Load average ${machine.loadAverage.start} at start, ${machine.loadAverage.end} at end.`);
  const file = await writeResults("load", {
    measuredAt: new Date().toISOString(),
    machine,
    settings: {
      secondsPerPhase: SECONDS,
      connections: CONNECTIONS,
      chatUsers: CHAT_USERS,
      chatMessagesPerSecond: CHAT_RATE,
      items: ITEM_COUNT,
    },
    engines,
  });
  log(`Wrote ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
