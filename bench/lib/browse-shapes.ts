/**
 * The browse pages through the real app (GET /api/items, signed in): the benchmark's page, the
 * page shapes a student opens every day, and the same browse as browseItems alone.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { browseItems } from "../../server/modules/items/browse.repository";
import { FILTERS, RUNS, WARMUP } from "./browse-settings";
import { grouped, log, round, summarise, type Timing } from "./stats";

export interface DesignResult extends Timing {
  bytes: number;
  matches: number;
}

/** One signed-in GET through the app, timed; anything but 200 stops the benchmark. */
async function timedGet(app: FastifyInstance, cookie: string, url: string) {
  const started = performance.now();
  const response = await app.inject({ method: "GET", url, headers: { cookie } });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return { elapsed, response };
}

/** The benchmark's page through the app, with the ids of its first page for the old design to match. */
export async function measureOurs(
  app: FastifyInstance,
  cookie: string,
  runs: number,
): Promise<DesignResult & { url: string; pageIds: string[] }> {
  const query = new URLSearchParams({
    search: FILTERS.search ?? "",
    category: FILTERS.category,
    college: FILTERS.college ?? "",
  });
  const url = `/api/items?${query}`;
  const once = () => timedGet(app, cookie, url);
  for (let i = 0; i < WARMUP; i++) await once();
  const samples: number[] = [];
  let last: Awaited<ReturnType<typeof once>> | undefined;
  for (let i = 0; i < runs; i++) {
    last = await once();
    samples.push(last.elapsed);
  }
  const body = last?.response.json() as { total: number; items: { id: string }[] };
  const pageIds = body.items.map((item) => item.id);
  return {
    url,
    ...summarise(samples),
    bytes: last?.response.rawPayload.length ?? 0,
    matches: body.total,
    pageIds,
  };
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

export interface ShapeResult extends Timing {
  name: string;
  url: string;
  /** The first request of the shape: nothing of it cached yet, its count included. */
  firstMs: number;
  matches: number;
  bytes: number;
  goalMs: number;
  met: boolean;
}

export async function measureShapes(
  app: FastifyInstance,
  cookie: string,
  kind: "embedded" | "postgres",
): Promise<ShapeResult[]> {
  const results: ShapeResult[] = [];
  for (const shape of SHAPES) {
    const url = `/api/items?${new URLSearchParams(shape.query)}`;
    const once = () => timedGet(app, cookie, url);
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

/** The same browse without HTTP, session and serialisation: browseItems alone (one query, two past the last page). */
export async function measureSqlOnly(db: Db): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await browseItems(db, FILTERS);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await browseItems(db, FILTERS);
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}
