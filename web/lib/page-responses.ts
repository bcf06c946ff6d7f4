/**
 * Answers to the page's first API requests, written by the server into the page it sent
 * (shared/page-requests.ts) and handed over by startSession (web/lib/session.tsx). A query takes its
 * answer as initial data, so the page's first render already holds it: no loading state, no second
 * render when the answer would have arrived, and the pictures it names are asked for at once. Each
 * answer is taken once; later queries of the same path fetch as usual.
 */
const written = new Map<string, unknown>();
let writtenAt = 0;

export function keepPageResponses(responses: Record<string, unknown> | undefined, at: number): void {
  written.clear();
  writtenAt = at;
  for (const [path, body] of Object.entries(responses ?? {})) written.set(path, body);
}

/** The page's answer to `path`, once; undefined when the page carried none (or it was taken). */
export function takePageResponse<T>(path: string): T | undefined {
  if (!written.has(path)) return undefined;
  const body = written.get(path) as T;
  written.delete(path);
  return body;
}

/** When the page's answers were made, for the queries' freshness. */
export function pageResponsesTime(): number {
  return writtenAt;
}
