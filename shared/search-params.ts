/**
 * Typed readers and writers for the address's query string. Readers never throw: a hand-edited
 * or outdated link falls back to the default, so it still shows something. Writers leave a value
 * equal to its default out, to keep links short.
 */

type Params = Pick<URLSearchParams, "get" | "has">;

/**
 * A string (trimmed unless `trim: false`), cut to `maxLength`; `fallback` when the key is absent
 * or when `accept` refuses the value.
 */
export function readString(
  params: Params,
  key: string,
  options: {
    maxLength?: number;
    fallback?: string;
    trim?: boolean;
    accept?: (value: string) => boolean;
  } = {},
): string {
  const { maxLength, fallback = "", trim = true, accept } = options;
  const raw = params.get(key);
  if (raw === null) return fallback;
  const value = (trim ? raw.trim() : raw).slice(0, maxLength);
  return accept && !accept(value) ? fallback : value;
}

/**
 * A value whose absence means something: without the key, `whenAbsent` (e.g. the student's own
 * college); with it, even empty, what it holds (e.g. '' for every college, a choice they made).
 */
export function readKept(
  params: Params,
  key: string,
  whenAbsent: string,
  options: { trim?: boolean } = {},
): string {
  const raw = params.get(key);
  if (raw === null) return whenAbsent;
  return options.trim === false ? raw : raw.trim();
}

/** One of `values`, or `fallback` for anything else. */
export function readEnum<T extends string, F extends string = T>(
  params: Params,
  key: string,
  values: readonly T[],
  fallback: F,
): T | F {
  const value = params.get(key);
  return values.includes(value as T) ? (value as T) : fallback;
}

/** A whole number from `min` to `max` (both included), or `fallback`. */
export function readInt(
  params: Params,
  key: string,
  options: { min?: number; max?: number; fallback: number },
): number {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, fallback } = options;
  const raw = params.get(key);
  const value = raw === null || raw.trim() === "" ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** 'true' or 'false'; anything else is `fallback`. */
export function readBoolean(params: Params, key: string, fallback: boolean): boolean {
  const value = params.get(key);
  if (value === "true") return true;
  if (value === "false") return false;
  return fallback;
}

export type ParamValue = string | number | boolean;

/**
 * Writes `value` under `key`, or removes the key when the value equals `defaultValue` (omit it
 * to keep every value, even an empty one). `undefined` leaves the key as it is, so a partial
 * change can be passed field by field.
 */
export function writeParam(
  params: URLSearchParams,
  key: string,
  value: ParamValue | undefined,
  defaultValue?: ParamValue,
): void {
  if (value === undefined) return;
  if (defaultValue !== undefined && value === defaultValue) params.delete(key);
  else params.set(key, String(value));
}

/** A copy of `current` with `changes` written (see writeParam), defaults taken from `defaults`. */
export function withParams(
  current: URLSearchParams,
  changes: Record<string, ParamValue | undefined>,
  defaults: Record<string, ParamValue> = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) writeParam(next, key, value, defaults[key]);
  return next;
}
