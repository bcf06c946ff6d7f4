import type { LiveEventFrame, LiveFrame } from "@shared/live-events";

/*
 * The live socket's numbering, apart from the frame parser (./live-frames.ts): the greeting and
 * resync frames that open every connection are read here without the validator, so a page whose
 * socket hears no event never downloads the live events' schema.
 */

/** The server's own frames about the numbering. */
export type ControlFrame = Extract<LiveFrame, { type: "hello" | "resync" }>;

/**
 * A greeting or resync frame, exactly `{"type":"hello"|"resync","seq":n}` with n a safe
 * non-negative integer (what shared/live-events.ts allows), or null for anything else.
 */
export function readControlFrame(raw: unknown): ControlFrame | null {
  if (typeof raw !== "string" || !(raw.includes('"hello"') || raw.includes('"resync"'))) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { type, seq, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (type !== "hello" && type !== "resync") return null;
  if (typeof seq !== "number" || !Number.isSafeInteger(seq) || seq < 0) return null;
  return { type, seq };
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
