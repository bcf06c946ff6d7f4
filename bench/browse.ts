/**
 * `npm run bench -- browse`: the browse benchmark of issues 3 and 23. On a fresh database with
 * BENCH_ITEMS active items (50,000 by default, up to 1,000,000) it measures, through the real app
 * (buildApp + inject, signed in):
 *
 *  - the benchmark's page (search + category + college), against the old design: every active
 *    item selected and serialised as JSON (what the old app downloaded, a chunk at a time), then
 *    parsed, filtered, sorted and sliced in JavaScript (bench/lib/browse-old-design.ts);
 *  - eight page shapes a student opens every day (bench/lib/browse-shapes.ts, a typo search among
 *    them), each with its first request (nothing kept yet) and its p50 and p95;
 *  - posting an item, with browse's indexes and with those before issue 23 (bench/lib/browse-posting.ts).
 *
 * It runs on embedded PGlite in a temporary folder, and also on PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (in a database of its own, dropped at the end unless kept). Figures go to
 * the console and to bench/results/browse.json.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config/env";
import { type Database, fromPostgres, openDatabase } from "../server/db/client";
import { seedCollegesIfEmpty } from "../server/modules/colleges/colleges.seed";
import { execute, insertData } from "./lib/browse-data";
import { explainBrowse, planFigures } from "./lib/browse-explain";
import { measureOld } from "./lib/browse-old-design";
import { BROWSE_INDEXES, measurePosting } from "./lib/browse-posting";
import { type EngineResult, shapeTable, table, verdict } from "./lib/browse-report";
import {
  FILTERS,
  GOALS,
  ITEM_COUNT,
  OLD_RUNS,
  OLD_WARMUP,
  POSTS,
  RUNS,
  SELLER_COUNT,
  WARMUP,
} from "./lib/browse-settings";
import { measureOurs, measureShapes, measureSqlOnly } from "./lib/browse-shapes";
import { describeMachine, writeResults } from "./lib/machine";
import { benchPostgresUrl, dropDatabase, freshDatabase, withDatabase } from "./lib/postgres";
import { grouped, log, round } from "./lib/stats";

const POSTGRES_DATABASE = "campus_bazaar_bench";
/** Which engines run: "embedded", "postgres" (when a URL is set) or both, comma-separated. */
const ENGINES = (process.env.BENCH_ENGINES ?? "embedded,postgres").split(",").map((name) => name.trim());
/** Leaves the PostgreSQL database in place afterwards, to look at plans by hand. */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === "1";
/** Measures again on the kept PostgreSQL database (migrated to this code) instead of building it anew. */
const REUSE_DATABASE = process.env.BENCH_REUSE_DATABASE === "1";

// ---------------------------------------------------------------------------------------------
// One engine, start to finish

/** The real app on the benchmark's database, and a way to sign up a new student of its college. */
async function openApp(
  database: Database,
  dataDir: string,
): Promise<{ app: FastifyInstance; signUp: () => Promise<string> }> {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "100000",
    WRITE_RATE_LIMIT_SCALE: "10000",
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    webRoot: path.join(dataDir, "no-web"),
    mailer: { send: async () => {} },
  });
  let students = 0;
  const signUp = async () => {
    const signup = await app.inject({
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
  return { app, signUp };
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

    const opened = await openApp(database, dataDir);
    app = opened.app;
    const { signUp } = opened;
    const cookie = await signUp();

    // Right after a bulk insert, before any VACUUM: a trigram (GIN) index with a pending list would
    // still hold most new rows there, slow and unattractive to the planner. Ours has none
    // (fastupdate off), so this should match the figure after VACUUM. PGlite has no autovacuum; the
    // server's housekeeping runs VACUUM ANALYZE on it hourly.
    const runsBeforeVacuum = Math.min(RUNS, 200);
    log(`[${kind}] ours right after the insert (ANALYZE only): ${runsBeforeVacuum} requests...`);
    const {
      url: _url,
      pageIds: _pageIds,
      ...beforeVacuum
    } = await measureOurs(app, cookie, runsBeforeVacuum);
    const plansBeforeVacuum = await explainBrowse(database.db);
    log(`[${kind}]   p50 ${beforeVacuum.p50Ms} ms, p95 ${beforeVacuum.p95Ms} ms`);
    lap();
    await execute(database.db, "vacuum analyze");
    setupSeconds.vacuum = lap();
    log(
      `[${kind}] vacuum analyze done in ${setupSeconds.vacuum} s; ours: ${WARMUP} warm-up + ${RUNS} requests through the app...`,
    );
    const { url, pageIds, ...ours } = await measureOurs(app, cookie, RUNS);
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
    const old = await measureOld(database.db, pageIds);
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
      oursBeforeVacuum: { ...beforeVacuum, ...planFigures(plansBeforeVacuum), explain: plansBeforeVacuum },
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
      explain: { ...plans, ...planFigures(plans) },
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
