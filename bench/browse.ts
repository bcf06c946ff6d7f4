/**
 * `npm run bench -- browse`: the browse benchmark of issues 3 and 23. On a fresh database with
 * BENCH_ITEMS active items (50,000 by default, up to 1,000,000) it measures, through the real app
 * (buildApp + inject, signed in):
 *
 *  - the benchmark's page (search + category + college), against the old design: every active
 *    item selected and serialised as JSON (what the old app downloaded, a chunk at a time), then
 *    parsed, filtered, sorted and sliced in JavaScript;
 *  - eight page shapes a student opens every day (SHAPES, a typo search among them), each with its first request (nothing
 *    kept yet) and its p50 and p95;
 *  - posting an item, with browse's indexes and with those before issue 23.
 *
 * It runs on embedded PGlite in a temporary folder, and also on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (in a database of its own, dropped at the end unless kept). Figures go to
 * the console and to bench/results/browse.json.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CAMPUS_TIME_ZONE, PAGE_SIZE } from "@shared/constants";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config/env";
import { type Database, type Db, fromPostgres, openDatabase } from "../server/db/client";
import { items, users } from "../server/db/schema";
import { seedCollegesIfEmpty } from "../server/modules/colleges/colleges.seed";
import { type BrowseFilters, browseItems } from "../server/modules/items/browse.repository";
import { toItemDto } from "../server/modules/items/items.mapper";
import { itemWithSeller } from "../server/modules/items/items.repository";
import { execute, insertData, sellerCountFor } from "./lib/browse-data";
import { describeMachine, writeResults } from "./lib/machine";
import { benchPostgresUrl, dropDatabase, freshDatabase, withDatabase } from "./lib/postgres";
import { grouped, log, positiveInt, round, summarise, type Timing, textTable } from "./lib/stats";

const ITEM_COUNT = positiveInt("BENCH_ITEMS", 50_000);
const SELLER_COUNT = sellerCountFor(ITEM_COUNT);
const RUNS = positiveInt("BENCH_RUNS", 300);
const WARMUP = 30;
// The old design reads every item each time: a few runs are enough at the larger sizes.
const OLD_RUNS = positiveInt("BENCH_OLD_RUNS", ITEM_COUNT > 200_000 ? 3 : 20);
const OLD_WARMUP = ITEM_COUNT > 200_000 ? 1 : 2;
const POSTGRES_DATABASE = "campus_bazaar_bench";
/** Which engines run: "embedded", "postgres" (when a URL is set) or both, comma-separated. */
const ENGINES = (process.env.BENCH_ENGINES ?? "embedded,postgres").split(",").map((name) => name.trim());
/** Leaves the PostgreSQL database in place afterwards, to look at plans by hand. */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === "1";
/** Measures again on the kept PostgreSQL database (migrated to this code) instead of building it anew. */
const REUSE_DATABASE = process.env.BENCH_REUSE_DATABASE === "1";

/** The browse the benchmark asks for: a search, a category and a college, first page, newest first. */
const FILTERS: BrowseFilters = {
  search: "calculator",
  category: "gadgets",
  college: "IIT Bombay",
  sort: "newest",
  page: 1,
  viewerId: "00000000-0000-4000-8000-000000000000",
};

const GOALS = {
  embeddedP95Ms: 60,
  postgresP95Ms: 20,
  speedup: 200,
  bytesRatio: 1000,
};

// ---------------------------------------------------------------------------------------------
// Data: sellers over many colleges, 50,000 active items, generated in SQL

// ---------------------------------------------------------------------------------------------
// The two designs

/** The ids of our first page, to check that the old design shows the same items. */
let lastPageIds: string[] = [];

interface DesignResult extends Timing {
  bytes: number;
  matches: number;
}

async function measureOurs(
  app: FastifyInstance,
  cookie: string,
  runs: number,
): Promise<DesignResult & { url: string }> {
  const query = new URLSearchParams({
    search: FILTERS.search ?? "",
    category: FILTERS.category,
    college: FILTERS.college ?? "",
  });
  const url = `/api/items?${query}`;
  const once = async () => {
    const started = performance.now();
    const response = await app.inject({ method: "GET", url, headers: { cookie } });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    return { elapsed, response };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let last: Awaited<ReturnType<typeof once>> | undefined;
  for (let i = 0; i < runs; i++) {
    last = await once();
    samples.push(last.elapsed);
  }
  const body = last?.response.json() as { total: number; items: { id: string }[] };
  lastPageIds = body.items.map((item) => item.id);
  return { url, ...summarise(samples), bytes: last?.response.rawPayload.length ?? 0, matches: body.total };
}

/** The pages a student opens every day (issue 23), each with its p95 goal through the app. */
const SHAPES: {
  name: string;
  query: Record<string, string>;
  goalMs: { postgres: number; embedded: number };
}[] = [
  {
    name: "search + category + college",
    query: { search: FILTERS.search ?? "", category: FILTERS.category, college: FILTERS.college ?? "" },
    goalMs: { postgres: 15, embedded: 60 },
  },
  { name: "no filter, newest first", query: {}, goalMs: { postgres: 15, embedded: 60 } },
  {
    name: "one category, price low to high",
    query: { category: "books", sort: "price-low" },
    goalMs: { postgres: 15, embedded: 60 },
  },
  { name: "college only", query: { college: FILTERS.college ?? "" }, goalMs: { postgres: 15, embedded: 60 } },
  {
    name: "page 50 of a college",
    query: { college: FILTERS.college ?? "", page: "50" },
    goalMs: { postgres: 15, embedded: 60 },
  },
  { name: "one-letter search ('a')", query: { search: "a" }, goalMs: { postgres: 15, embedded: 60 } },
  { name: "a common word ('book')", query: { search: "book" }, goalMs: { postgres: 30, embedded: 60 } },
  // Issue 37: a typo forgiven ('calculater' to 'calculator'), best match first, across India.
  { name: "a typo ('Calculater')", query: { search: "Calculater" }, goalMs: { postgres: 40, embedded: 60 } },
];

interface ShapeResult extends Timing {
  name: string;
  url: string;
  /** The first request of the shape: nothing of it cached yet, its count included. */
  firstMs: number;
  matches: number;
  bytes: number;
  goalMs: number;
  met: boolean;
}

async function measureShapes(
  app: FastifyInstance,
  cookie: string,
  kind: "embedded" | "postgres",
): Promise<ShapeResult[]> {
  const results: ShapeResult[] = [];
  for (const shape of SHAPES) {
    const url = `/api/items?${new URLSearchParams(shape.query)}`;
    const once = async () => {
      const started = performance.now();
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
      return { elapsed, response };
    };
    const first = await once();
    for (let i = 0; i < WARMUP; i++) await once();
    const samples: number[] = [];
    let last = first;
    for (let i = 0; i < RUNS; i++) {
      last = await once();
      samples.push(last.elapsed);
    }
    const body = last.response.json() as { total: number; items: unknown[] };
    if (body.items.length === 0) throw new Error(`GET ${url}: an empty page, the shape measures nothing`);
    const timing = summarise(samples);
    const goalMs = shape.goalMs[kind];
    results.push({
      name: shape.name,
      url,
      firstMs: round(first.elapsed, 1),
      ...timing,
      matches: body.total,
      bytes: last.response.rawPayload.length,
      goalMs,
      met: timing.p95Ms <= goalMs,
    });
    log(
      `[${kind}]   ${shape.name}: first ${round(first.elapsed, 1)} ms, p50 ${timing.p50Ms} ms, p95 ${timing.p95Ms} ms (goal ${goalMs}), ${grouped(body.total)} matches`,
    );
  }
  return results;
}

const POSTS = positiveInt("BENCH_POSTS", 60);
/**
 * Browse's indexes as migration 0021 leaves them, and as they were before it: posting is timed with
 * each set in place.
 */
const BROWSE_INDEXES = {
  after: [
    "drop index if exists items_active_college_category_created_idx",
    `CREATE INDEX "items_active_college_created_idx" ON "items" USING btree ("seller_college", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("seller_id", "product_name", "type") WHERE "items"."is_active"`,
    `CREATE INDEX "items_active_college_category_created_idx" ON "items" USING btree ("seller_college", "category", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("seller_id", "product_name", "type") WHERE "items"."is_active"`,
    `CREATE INDEX "items_active_category_price_idx" ON "items" USING btree ("category", "price", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "items"."is_active"`,
  ],
  before: [
    "drop index items_active_college_created_idx",
    "drop index items_active_college_category_created_idx",
    "drop index items_active_category_price_idx",
    `CREATE INDEX "items_active_college_category_created_idx" ON "items" USING btree ("seller_college", "category", "created_at" DESC NULLS LAST) WHERE "items"."is_active"`,
  ],
};

/** A small real JPEG, uploaded before each post as the Sell form does. */
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

async function uploadPhoto(app: FastifyInstance, cookie: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "item.jpg");
  const request = new Request("http://localhost/upload", { method: "POST", body: form });
  const response = await app.inject({
    method: "POST",
    url: "/api/uploads/images",
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "", cookie },
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return (response.json() as { url: string }).url;
}

/**
 * Posting an item (POST /api/items, the photo uploaded first and not timed) by new students of the
 * benchmark's college, `POSTS` times: what a larger marketplace and browse's indexes cost a seller.
 */
async function measurePosting(app: FastifyInstance, signUp: () => Promise<string>): Promise<Timing> {
  const data = await photo();
  const samples: number[] = [];
  let cookie = "";
  for (let i = 0; i < POSTS + 5; i++) {
    if (i % 20 === 0) cookie = await signUp();
    const productImage = await uploadPhoto(app, cookie, data);
    const started = performance.now();
    const response = await app.inject({
      method: "POST",
      url: "/api/items",
      headers: { cookie },
      payload: {
        // Not in the benchmark's filter, so the old design's first page is still ours.
        productName: `Study lamp ${i}`,
        type: "Lamp",
        price: 350,
        category: "other",
        condition: "like new",
        description: "Bright LED lamp, used for one semester.",
        showMobileNumber: false,
        productImage,
      },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(`post: ${response.statusCode} ${response.body}`);
    if (i >= 5) samples.push(elapsed);
  }
  return summarise(samples);
}

/** The same browse without HTTP, session and serialisation: browseItems alone (one query, two past the last page). */
async function measureSqlOnly(db: Db): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await browseItems(db, FILTERS);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await browseItems(db, FILTERS);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

/** The old design's download is read in chunks this size: at a million items one JSON string of all cannot be built. */
const OLD_CHUNK = 50_000;

/**
 * The old app: every active item downloaded as JSON, then filtered, sorted and sliced in the browser.
 * The download is serialised and parsed a chunk at a time (by id), which is what a streamed
 * download would cost; past about 400,000 items a single string of it exceeds what V8 can hold.
 */
async function oldDesignOnce(db: Db): Promise<{ bytes: number; matches: number; pageIds: string[] }> {
  // Someone who sells none of them, as the browse page answers every other student.
  const viewer = { id: "00000000-0000-0000-0000-000000000000" };
  const needle = (FILTERS.search ?? "").toLowerCase();
  const matches: ReturnType<typeof toItemDto>[] = [];
  let bytes = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select(itemWithSeller)
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(
        and(
          eq(items.isActive, true),
          isNull(users.deletedAt),
          sql`${items.id} > ${after}`,
          // Holiday hiding stays on the server, so both designs show the same items.
          sql`not coalesce(${users.holidayActive} and (now() at time zone ${CAMPUS_TIME_ZONE})::date between ${users.holidayFrom} and ${users.holidayTo}, false)`,
        ),
      )
      .orderBy(items.id)
      .limit(OLD_CHUNK);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.item.id ?? after;
    const json = JSON.stringify(rows.map((row) => toItemDto(row, viewer)));
    bytes += Buffer.byteLength(json);
    // What the browser then does with the download.
    for (const item of JSON.parse(json) as ReturnType<typeof toItemDto>[]) {
      if (
        (FILTERS.category === "all" || item.category === FILTERS.category) &&
        (!FILTERS.college || item.sellerCollege === FILTERS.college) &&
        (item.productName.toLowerCase().includes(needle) || item.type.toLowerCase().includes(needle))
      )
        matches.push(item);
    }
  }
  matches.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const page = matches.slice(0, PAGE_SIZE);
  return { bytes, matches: matches.length, pageIds: page.map((item) => item.id) };
}

async function measureOld(db: Db): Promise<DesignResult & { samePage: boolean }> {
  for (let i = 0; i < OLD_WARMUP; i++) await oldDesignOnce(db);
  const samples: number[] = [];
  let last: Awaited<ReturnType<typeof oldDesignOnce>> | undefined;
  for (let i = 0; i < OLD_RUNS; i++) {
    const started = performance.now();
    last = await oldDesignOnce(db);
    samples.push(performance.now() - started);
  }
  const samePage = JSON.stringify(last?.pageIds) === JSON.stringify(lastPageIds);
  return { ...summarise(samples), bytes: last?.bytes ?? 0, matches: last?.matches ?? 0, samePage };
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE of the queries browseItems sends

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Runs browseItems once with drizzle's query log switched on, then explains what it sent. */
async function explainBrowse(db: Db): Promise<{ page: string[]; count: string[] }> {
  const session = (db as unknown as { session: { logger: unknown; client: RawClient } }).session;
  const captured: { query: string; params: unknown[] }[] = [];
  const previous = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  try {
    await browseItems(db, FILTERS);
  } finally {
    session.logger = previous;
  }
  const explain = async (query: string | undefined, params: unknown[] = []) => {
    if (!query) return [];
    const result = await session.client.query(`explain (analyze, buffers) ${query}`, params);
    return result.rows.map((row) => String(row["QUERY PLAN"]));
  };
  // The page query is the one with a limit; the count (when it is a query of its own) has none.
  const pageQuery = captured.find((entry) => / limit /i.test(entry.query));
  const countQuery = captured.find((entry) => !/ limit /i.test(entry.query));
  return {
    page: await explain(pageQuery?.query, pageQuery?.params),
    count: await explain(countQuery?.query, countQuery?.params),
  };
}

/** Pages the query touched (the top node's "shared hit"): its work, whatever else the machine does. */
const buffersHit = (plan: string[]) => {
  const line = plan.find((entry) => entry.trim().startsWith("Buffers: shared hit="));
  return line ? Number(/shared hit=(\d+)/.exec(line)?.[1] ?? "0") : null;
};

const executionMs = (plan: string[]) => {
  const line = plan.find((entry) => entry.startsWith("Execution Time"));
  return line ? Number(line.replace(/[^\d.]/g, "")) : null;
};

// ---------------------------------------------------------------------------------------------
// One engine, start to finish

interface EngineResult {
  kind: "embedded" | "postgres";
  setupSeconds: { open: number; migrate: number; insert: number; vacuum: number };
  query: { url: string; matches: number };
  /** Ours right after the bulk insert and ANALYZE, before any VACUUM. */
  oursBeforeVacuum: DesignResult & {
    pageExecutionMs: number | null;
    countExecutionMs: number | null;
    buffers: number;
    explain: { page: string[]; count: string[] };
  };
  ours: DesignResult;
  /** browseItems called directly: how much of ours is the database. */
  oursQueriesOnly: Timing;
  /** Every page shape of SHAPES through the app. */
  shapes: ShapeResult[];
  /** POST /api/items, with the indexes migration 0021 adds and with them dropped (then made again). */
  posting: { withBrowseIndexes: Timing; withoutBrowseIndexes: Timing };
  old: DesignResult & { samePage: boolean };
  ratio: { p95: number; p50: number; bytes: number };
  goal: { p95UnderMs: number; p95Met: boolean; speedupMet: boolean; bytesMet: boolean };
  explain: {
    page: string[];
    count: string[];
    pageExecutionMs: number | null;
    countExecutionMs: number | null;
    /** Buffers the page and count queries touched: their work, whatever else the machine does. */
    buffers: number;
  };
}

async function runEngine(
  kind: "embedded" | "postgres",
  open: () => Promise<Database>,
  dataDir: string,
): Promise<EngineResult> {
  log(`\n[${kind}] opening a fresh database...`);
  let mark = performance.now();
  const lap = () => {
    const seconds = (performance.now() - mark) / 1000;
    mark = performance.now();
    return round(seconds, 1);
  };
  const database = await open();
  const setupSeconds = { open: lap(), migrate: 0, insert: 0, vacuum: 0 };
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    await seedCollegesIfEmpty(database.db);
    setupSeconds.migrate = lap();
    const [existing] = await execute(database.db, "select count(*)::int as n from items");
    if (REUSE_DATABASE && Number(existing?.n) > 0) {
      log(`[${kind}] reusing the ${grouped(Number(existing?.n))} items there`);
    } else {
      log(
        `[${kind}] inserting ${SELLER_COUNT.toLocaleString("en-IN")} sellers and ${ITEM_COUNT.toLocaleString("en-IN")} active items...`,
      );
      await insertData(database.db, ITEM_COUNT, FILTERS.college ?? "");
    }
    setupSeconds.insert = lap();
    log(`[${kind}] data ready in ${setupSeconds.insert} s (ANALYZE done)`);

    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT: "100000",
      WRITE_RATE_LIMIT_SCALE: "10000",
    });
    app = await buildApp({
      config,
      database,
      logger: false,
      webRoot: path.join(dataDir, "no-web"),
      mailer: { send: async () => {} },
    });
    let students = 0;
    const builtApp = app;
    const signUp = async () => {
      const signup = await builtApp.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: {
          name: "Bench Student",
          // New students each run, so that a reused database takes more.
          email: `bench.student.${Date.now()}.${++students}@bench.campusbazaar.in`,
          city: "Mumbai",
          college: FILTERS.college,
          mobile: "9876543210",
          password: "Bench#Pass2025",
          acceptTerms: true,
        },
      });
      const session = signup.cookies.find((cookie) => cookie.name === "cb_session");
      if (signup.statusCode !== 201 || !session)
        throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
      return `cb_session=${session.value}`;
    };
    const cookie = await signUp();

    // Right after a bulk insert, before any VACUUM: a trigram (GIN) index with a pending list would
    // still hold most new rows there, slow and unattractive to the planner. Ours has none
    // (fastupdate off), so this should match the figure after VACUUM. PGlite has no autovacuum; the
    // server's housekeeping runs VACUUM ANALYZE on it hourly.
    const runsBeforeVacuum = Math.min(RUNS, 200);
    log(`[${kind}] ours right after the insert (ANALYZE only): ${runsBeforeVacuum} requests...`);
    const { url: _url, ...beforeVacuum } = await measureOurs(app, cookie, runsBeforeVacuum);
    const plansBeforeVacuum = await explainBrowse(database.db);
    log(`[${kind}]   p50 ${beforeVacuum.p50Ms} ms, p95 ${beforeVacuum.p95Ms} ms`);
    lap();
    await execute(database.db, "vacuum analyze");
    setupSeconds.vacuum = lap();
    log(
      `[${kind}] vacuum analyze done in ${setupSeconds.vacuum} s; ours: ${WARMUP} warm-up + ${RUNS} requests through the app...`,
    );
    const { url, ...ours } = await measureOurs(app, cookie, RUNS);
    log(
      `[${kind}]   p50 ${ours.p50Ms} ms, p95 ${ours.p95Ms} ms, ${ours.bytes} bytes, ${ours.matches} matches`,
    );
    const oursQueriesOnly = await measureSqlOnly(database.db);
    log(
      `[${kind}]   browseItems alone (no count kept): p50 ${oursQueriesOnly.p50Ms} ms, p95 ${oursQueriesOnly.p95Ms} ms`,
    );
    log(`[${kind}] page shapes: the first request, then ${WARMUP} warm-up + ${RUNS} requests each...`);
    const shapes = await measureShapes(app, cookie, kind);
    log(
      `[${kind}] posting: ${POSTS} items through the app, with browse's indexes of migration 0021 and with those before it...`,
    );
    const posting = await measurePosting(app, signUp);
    for (const statement of BROWSE_INDEXES.before) await execute(database.db, statement);
    const postingWithoutIndex = await measurePosting(app, signUp);
    for (const statement of BROWSE_INDEXES.after) await execute(database.db, statement);
    await execute(database.db, "vacuum analyze items");
    log(
      `[${kind}]   p50 ${posting.p50Ms} ms, p95 ${posting.p95Ms} ms (with the indexes before 0021: p50 ${postingWithoutIndex.p50Ms} ms, p95 ${postingWithoutIndex.p95Ms} ms)`,
    );
    log(`[${kind}] old design: ${OLD_WARMUP} warm-up + ${OLD_RUNS} downloads of every active item...`);
    const old = await measureOld(database.db);
    log(
      `[${kind}]   p50 ${old.p50Ms} ms, p95 ${old.p95Ms} ms, ${old.bytes} bytes, same first page: ${old.samePage}`,
    );
    if (old.matches !== ours.matches || !old.samePage) {
      log(`[${kind}]   WARNING: the designs disagree (ours ${ours.matches} matches, old ${old.matches})`);
    }
    const plans = await explainBrowse(database.db);

    const ratio = {
      p95: round(old.p95Ms / ours.p95Ms, 1),
      p50: round(old.p50Ms / ours.p50Ms, 1),
      bytes: round(old.bytes / ours.bytes, 1),
    };
    const p95UnderMs = kind === "postgres" ? GOALS.postgresP95Ms : GOALS.embeddedP95Ms;
    return {
      kind,
      setupSeconds,
      query: { url, matches: ours.matches },
      oursBeforeVacuum: {
        ...beforeVacuum,
        pageExecutionMs: executionMs(plansBeforeVacuum.page),
        countExecutionMs: executionMs(plansBeforeVacuum.count),
        buffers: (buffersHit(plansBeforeVacuum.page) ?? 0) + (buffersHit(plansBeforeVacuum.count) ?? 0),
        explain: plansBeforeVacuum,
      },
      ours,
      oursQueriesOnly,
      shapes,
      posting: { withBrowseIndexes: posting, withoutBrowseIndexes: postingWithoutIndex },
      old,
      ratio,
      goal: {
        p95UnderMs,
        p95Met: ours.p95Ms < p95UnderMs,
        speedupMet: ratio.p95 >= GOALS.speedup,
        bytesMet: ratio.bytes >= GOALS.bytesRatio,
      },
      explain: {
        ...plans,
        pageExecutionMs: executionMs(plans.page),
        countExecutionMs: executionMs(plans.count),
        buffers: (buffersHit(plans.page) ?? 0) + (buffersHit(plans.count) ?? 0),
      },
    };
  } finally {
    await app?.close();
    await database.close();
  }
}

async function runEmbedded(): Promise<EngineResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-bench-"));
  try {
    return await runEngine("embedded", () => openDatabase({ dataDir }), dataDir);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(url: string): Promise<EngineResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-bench-"));
  try {
    return await runEngine(
      "postgres",
      async () =>
        fromPostgres(
          REUSE_DATABASE ? withDatabase(url, POSTGRES_DATABASE) : await freshDatabase(url, POSTGRES_DATABASE),
        ),
      dataDir,
    );
  } finally {
    if (KEEP_DATABASE || REUSE_DATABASE)
      log(`[postgres] kept the database ${POSTGRES_DATABASE} (BENCH_KEEP_DATABASE=1)`);
    else
      await dropDatabase(url, POSTGRES_DATABASE).catch((error) =>
        log(`could not drop ${POSTGRES_DATABASE}: ${error instanceof Error ? error.message : String(error)}`),
      );
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function table(results: EngineResult[]): string {
  const header = ["engine", "design", "runs", "p50 ms", "p95 ms", "bytes"];
  const rows: string[][] = [];
  for (const result of results) {
    const timing = (design: string, t: Timing, bytes: string) => [
      result.kind,
      design,
      String(t.runs),
      String(t.p50Ms),
      String(t.p95Ms),
      bytes,
    ];
    rows.push(timing("ours, before VACUUM", result.oursBeforeVacuum, grouped(result.oursBeforeVacuum.bytes)));
    rows.push(timing("ours (server-side page)", result.ours, grouped(result.ours.bytes)));
    rows.push(timing("  browseItems alone, no count kept", result.oursQueriesOnly, ""));
    rows.push(timing("old (download all, JS)", result.old, grouped(result.old.bytes)));
    rows.push([
      result.kind,
      "old / ours",
      "",
      `${result.ratio.p50}x`,
      `${result.ratio.p95}x`,
      `${result.ratio.bytes}x`,
    ]);
  }
  return textTable(header, rows);
}

function shapeTable(results: EngineResult[]): string {
  const header = ["engine", "page", "matches", "first ms", "p50 ms", "p95 ms", "goal ms", ""];
  const rows = results.flatMap((result) =>
    result.shapes.map((shape) => [
      result.kind,
      shape.name,
      grouped(shape.matches),
      String(shape.firstMs),
      String(shape.p50Ms),
      String(shape.p95Ms),
      String(shape.goalMs),
      shape.met ? "met" : "MISSED",
    ]),
  );
  return textTable(header, rows);
}

function verdict(result: EngineResult): string {
  const mark = (ok: boolean) => (ok ? "met" : "MISSED");
  return [
    `${result.kind}: p95 ${result.ours.p95Ms} ms (goal < ${result.goal.p95UnderMs} ms: ${mark(result.goal.p95Met)})`,
    `${result.ratio.p95}x faster at p95 (goal >= ${GOALS.speedup}x: ${mark(result.goal.speedupMet)})`,
    `${result.ratio.bytes}x fewer bytes (goal >= ${GOALS.bytesRatio}x: ${mark(result.goal.bytesMet)})`,
    `EXPLAIN ANALYZE: page query ${result.explain.pageExecutionMs} ms${result.explain.countExecutionMs === null ? "" : `, count query ${result.explain.countExecutionMs} ms`}, ${result.explain.buffers} buffers`,
  ].join("; ");
}

async function main(): Promise<void> {
  const postgresUrl = benchPostgresUrl();
  log(
    `Browse benchmark: ${grouped(ITEM_COUNT)} active items; search "${FILTERS.search}", category ${FILTERS.category}, college "${FILTERS.college}".`,
  );
  if (!postgresUrl) log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it).");

  const loadAtStart = os.loadavg()[0] ?? 0;
  if (loadAtStart > os.cpus().length / 2) {
    log(
      `Note: load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} CPUs; other work inflates the figures.`,
    );
  }
  const embedded = ENGINES.includes("embedded") ? await runEmbedded() : null;
  const postgres = postgresUrl && ENGINES.includes("postgres") ? await runPostgres(postgresUrl) : null;
  const results = [embedded, postgres].filter((result): result is EngineResult => result !== null);

  log(`\n${table(results)}\n`);
  log(`${shapeTable(results)}\n`);
  for (const result of results) log(verdict(result));
  for (const result of results) {
    const missed = !result.goal.p95Met || !result.goal.speedupMet;
    if (missed)
      log(`\n[${result.kind}] EXPLAIN ANALYZE of the browse page query:\n${result.explain.page.join("\n")}`);
  }

  const report = {
    machine: describeMachine(loadAtStart),
    items: ITEM_COUNT,
    sellers: SELLER_COUNT,
    filters: FILTERS,
    goals: GOALS,
    embedded,
    postgres,
    measuredAt: new Date().toISOString(),
  };
  log(`\nWritten to ${await writeResults("browse", report)}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
