/** What the browse benchmark finds on one engine, and how it is printed: two tables and a verdict. */

import { GOALS } from "./browse-settings";
import type { DesignResult, ShapeResult } from "./browse-shapes";
import { grouped, type Timing, textTable } from "./stats";

export interface EngineResult {
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

export function table(results: EngineResult[]): string {
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

export function shapeTable(results: EngineResult[]): string {
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

export function verdict(result: EngineResult): string {
  const mark = (ok: boolean) => (ok ? "met" : "MISSED");
  return [
    `${result.kind}: p95 ${result.ours.p95Ms} ms (goal < ${result.goal.p95UnderMs} ms: ${mark(result.goal.p95Met)})`,
    `${result.ratio.p95}x faster at p95 (goal >= ${GOALS.speedup}x: ${mark(result.goal.speedupMet)})`,
    `${result.ratio.bytes}x fewer bytes (goal >= ${GOALS.bytesRatio}x: ${mark(result.goal.bytesMet)})`,
    `EXPLAIN ANALYZE: page query ${result.explain.pageExecutionMs} ms${result.explain.countExecutionMs === null ? "" : `, count query ${result.explain.countExecutionMs} ms`}, ${result.explain.buffers} buffers`,
  ].join("; ");
}
