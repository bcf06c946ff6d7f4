import { createHash } from "node:crypto";
import { stdSerializers } from "pino";

/**
 * A failed query's error carries the query's parameters (drizzle writes them into its message,
 * PGlite and pg keep them on the error) and the database's own words often quote a value ("Key
 * (email)=(...) already exists", 'invalid input syntax for type uuid: "..."'). Parameters can be
 * a password hash, a token hash or an address, so a database error is logged by what it is: the
 * statement's kind and table, a fingerprint of its SQL text, the SQLSTATE code and the names of the
 * constraint, table and column involved; never a value.
 */

interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 8;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** drizzle's "Failed query" error, or a driver's error for a query (pg, PGlite). */
function isQueryError(error: Record<string, unknown>): boolean {
  const isDrizzle = typeof error.query === "string" && "params" in error;
  const isDriver = typeof error.code === "string" && SQLSTATE.test(error.code) && "severity" in error;
  return isDrizzle || isDriver;
}

/** The errors an error wraps, outermost first. */
function chainOf(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current: unknown = error;
  while (isObject(current) && chain.length < MAX_DEPTH && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** "insert into users", "update sessions", "select": what the statement does, without its values. */
export function statementKind(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, " ").trim().toLowerCase();
  const write = /^(insert into|update|delete from) "?([\w.]+)"?/.exec(text);
  if (write) return `${write[1]} ${write[2]}`;
  return /^\w+/.exec(text)?.[0] ?? "statement";
}

/** A short, stable name for a SQL text: the same statement always gets the same fingerprint. */
export function sqlFingerprint(sqlText: string): string {
  return createHash("sha256").update(sqlText.replace(/\s+/g, " ").trim()).digest("hex").slice(0, 12);
}

const identifier = (value: unknown) =>
  typeof value === "string" && /^[\w.$-]{1,128}$/.test(value) ? value : undefined;

/** The stack's frames only: its first line repeats the message, values and all. */
function framesOf(error: Record<string, unknown>): string {
  const stack = typeof error.stack === "string" ? error.stack : "";
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** What of a database error may be logged; undefined for an error that involves no query. */
export function describeQueryError(error: unknown) {
  const chain = chainOf(error);
  const failures = chain.filter(isQueryError);
  if (failures.length === 0) return undefined;
  const sqlText = failures.map((e) => e.query).find((query): query is string => typeof query === "string");
  const driver = (failures.find((e) => typeof e.code === "string" && SQLSTATE.test(e.code)) ??
    {}) as DatabaseErrorFields;
  const outer = chain[0] as Record<string, unknown>;
  const code = typeof driver.code === "string" ? driver.code : "unknown";
  const query = sqlText ? `${statementKind(sqlText)} #${sqlFingerprint(sqlText)}` : "unknown query";
  const details = {
    constraint: identifier(driver.constraint),
    table: identifier(driver.table),
    column: identifier(driver.column),
    routine: identifier(driver.routine),
  };
  return {
    type: typeof outer.name === "string" ? outer.name : "Error",
    message: `query failed: ${query}, SQLSTATE ${code}`,
    query,
    code,
    ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
    stack: `${typeof outer.name === "string" ? outer.name : "Error"}: query failed: ${query}, SQLSTATE ${code}\n${framesOf(outer)}`,
  };
}

/** pino's `err` serializer, with any database error in the chain reduced to describeQueryError. */
export function serializeError(error: unknown): unknown {
  const described = describeQueryError(error);
  if (described) return described;
  return error instanceof Error ? stdSerializers.err(error) : error;
}

/** An error for the console when the server cannot start: its stack, or the safe description. */
export function printableError(error: unknown): string {
  const described = describeQueryError(error);
  if (described) return described.stack;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
