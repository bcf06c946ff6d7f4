/** EXPLAIN ANALYZE of the queries browseItems sends, and the figures the benchmark reads from a plan. */
import type { Db } from "../../server/db/client";
import { browseItems } from "../../server/modules/items/browse.repository";
import { FILTERS } from "./browse-settings";

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Runs browseItems once with drizzle's query log switched on, then explains what it sent. */
export async function explainBrowse(db: Db): Promise<{ page: string[]; count: string[] }> {
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

/** What the report keeps of the page and count plans: their execution times and the buffers they touched. */
export function planFigures(plans: { page: string[]; count: string[] }) {
  return {
    pageExecutionMs: executionMs(plans.page),
    countExecutionMs: executionMs(plans.count),
    buffers: (buffersHit(plans.page) ?? 0) + (buffersHit(plans.count) ?? 0),
  };
}
