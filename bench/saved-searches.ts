/**
 * `npm run bench -- saved-searches`: the saved-search matcher of issue 20. On a fresh embedded
 * database it saves 10,000 searches (search text, category, college, like students' own) and posts
 * 1,000 new items, then times one run of the background matcher and of the notices it sends. The
 * goal: under a minute on 2 cores. Figures go to the console and to bench/results/saved-searches.json.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../server/db/client";
import { jobState } from "../server/db/schema";
import { seedCollegesIfEmpty } from "../server/modules/colleges/colleges.seed";
import { matchSavedSearches, notifySavedSearches } from "../server/modules/items/listings-work";
import { describeMachine, writeResults } from "./lib/machine";
import { log, positiveInt, round } from "./lib/stats";

const SEARCHES = positiveInt("BENCH_SAVED_SEARCHES", 10_000);
const NEW_ITEMS = positiveInt("BENCH_NEW_ITEMS", 1_000);
const GOAL_SECONDS = 60;
const WORDS = [
  "fx-991",
  "calculator",
  "drafter",
  "kettle",
  "cycle",
  "mattress",
  "lamp",
  "textbook",
  "laptop",
  "chair",
];

async function main() {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-bench-"));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedCollegesIfEmpty(database.db);
    const db = database.db;
    const words = `array[${WORDS.map((word) => `'${word}'`).join(",")}]`;
    await db.execute(
      sql.raw(`
      insert into users (name, email, city, college, mobile, password_hash, email_verified)
      select 'Student ' || g, 'bench.saver.' || g || '@bench.campusbazaar.in', c.city, c.name, '9876543210', 'x', true
      from generate_series(1, 2000) as g
      join lateral (select city, name from colleges order by name offset mod(g, 20) limit 1) c on true`),
    );
    await db.execute(
      sql.raw(`
      insert into saved_searches (user_id, name, search, category, college)
      select u.id, w, case when mod(g, 5) = 0 then '' else w end,
             (array['all', 'gadgets', 'books', 'other'])[1 + mod(g, 4)],
             case when mod(g, 3) = 0 then '' else u.college end
      from generate_series(1, ${SEARCHES}) as g
      join lateral (select id, college from users where email like 'bench.saver.%'
                    order by email offset mod(g, 2000) limit 1) u on true
      cross join lateral (select (${words})[1 + mod(g, ${WORDS.length})] as w) x`),
    );
    await db.update(jobState).set({ cursorAt: new Date(Date.now() - 60_000), cursorId: null });
    await db.execute(
      sql.raw(`
      insert into items (seller_id, product_name, product_image, type, price, category, condition, created_at)
      select u.id, 'Used ' || (${words})[1 + mod(g, ${WORDS.length})] || ' ' || g, '/api/files/images/x.jpg', 'Thing',
             100 + g, (array['gadgets', 'books', 'other'])[1 + mod(g, 3)], 'used', now() - interval '30 seconds'
      from generate_series(1, ${NEW_ITEMS}) as g
      join lateral (select id from users where email like 'bench.saver.%' order by email offset mod(g * 7, 2000) limit 1) u on true`),
    );
    await db.execute(sql`analyze`);
    log(`${SEARCHES.toLocaleString("en-IN")} saved searches, ${NEW_ITEMS.toLocaleString("en-IN")} new items`);

    const ctx = { db, bus: { publish: async () => {} } as never, log: pino({ level: "silent" }) };
    const started = performance.now();
    const matched = await matchSavedSearches(ctx, new Date());
    const matchSeconds = round((performance.now() - started) / 1000);
    const noticesStarted = performance.now();
    const notices = await notifySavedSearches(ctx, new Date());
    const noticeSeconds = round((performance.now() - noticesStarted) / 1000);
    const total = round(matchSeconds + noticeSeconds);
    log(
      `matched ${matched} items in ${matchSeconds} s; ${notices} notices in ${noticeSeconds} s; ${total} s in all`,
    );
    log(total < GOAL_SECONDS ? `within the ${GOAL_SECONDS} s goal` : `OVER the ${GOAL_SECONDS} s goal`);
    await writeResults("saved-searches", {
      machine: describeMachine(loadAtStart),
      searches: SEARCHES,
      newItems: NEW_ITEMS,
      matchSeconds,
      notices,
      noticeSeconds,
      totalSeconds: total,
      goalSeconds: GOAL_SECONDS,
    });
    if (total >= GOAL_SECONDS) process.exitCode = 1;
  } finally {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
