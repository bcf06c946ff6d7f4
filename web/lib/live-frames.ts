import {
  type BroadcastFrame,
  BroadcastFrameSchema,
  type LiveEventFrame,
  type LiveFrame,
  LiveFrameSchema,
} from "@shared/live-events";

function readJson(raw: unknown): unknown {
  if (typeof raw !== "string") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** An unnumbered frame saying a list everyone sees changed (events, recruitment posts), or null. */
export function parseBroadcastFrame(raw: unknown): BroadcastFrame | null {
  // Numbered frames are the common case: they are not parsed twice.
  if (typeof raw !== "string" || !raw.includes(".changed")) return null;
  const value = readJson(raw);
  if (typeof value === "object" && value !== null && "seq" in value) return null;
  const result = BroadcastFrameSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * Reads one numbered frame (or the greeting) against the live events' schema; anything malformed
 * or unknown, e.g. an event type newer than this page, is dropped (null) rather than trusted.
 */
export function parseLiveFrame(raw: unknown): LiveFrame | null {
  const result = LiveFrameSchema.safeParse(readJson(raw));
  return result.success ? result.data : null;
}

export type FrameDecision =
  /** Already seen (a replay overlapping what arrived before): drop it, so nothing is applied twice. */
  | { action: "ignore" }
  /** Apply the event; isGap says numbers were skipped, so caches must be refetched as well. */
  | { action: "apply"; event: LiveEventFrame; lastSeq: number; isGap: boolean }
  /** What we hold may be missing events: refetch everything, then continue from lastSeq. */
  | { action: "refetch"; lastSeq: number }
  /** Connected and caught up, or the missed events follow as a replay. */
  | { action: "resume"; lastSeq: number };

/**
 * The ordering rule of the live socket. Events are numbered per user without gaps; the client
 * remembers the last number it applied and resumes from it after a reconnect.
 */
export function decideFrame(lastSeq: number | null, frame: LiveFrame): FrameDecision {
  if (frame.type === "resync") return { action: "refetch", lastSeq: frame.seq };
  if (frame.type === "hello") {
    // Nothing remembered: whatever happened between the page's first fetches and this moment
    // was not replayed. A server behind us (database reset, another account's number) likewise.
    if (lastSeq === null || frame.seq < lastSeq) return { action: "refetch", lastSeq: frame.seq };
    return { action: "resume", lastSeq };
  }
  if (lastSeq !== null && frame.seq <= lastSeq) return { action: "ignore" };
  const isGap = lastSeq !== null && frame.seq > lastSeq + 1;
  return { action: "apply", event: frame, lastSeq: frame.seq, isGap };
}
