import type { BroadcastFrame, LiveEvent, LiveFrame } from "@shared/api/chats";

export type LiveEventFrame = { seq: number } & LiveEvent;

const EVENT_TYPES = new Set<string>([
  "message.created",
  "chat.updated",
  "notification.created",
  "notification.read",
  "counts",
  "ticket.updated",
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const BROADCAST_TYPES = new Set<string>(["events.changed", "recruitment.changed"]);

/** An unnumbered frame saying a list everyone sees changed (events, recruitment posts), or null. */
export function parseBroadcastFrame(raw: unknown): BroadcastFrame | null {
  if (typeof raw !== "string" || !raw.includes(".changed")) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || typeof value.type !== "string" || !BROADCAST_TYPES.has(value.type)) return null;
    return { type: value.type as BroadcastFrame["type"] };
  } catch {
    return null;
  }
}

/** Reads one socket frame; anything malformed is dropped (null) rather than trusted. */
export function parseLiveFrame(raw: unknown): LiveFrame | null {
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.type !== "string") return null;
  if (typeof value.seq !== "number" || !Number.isSafeInteger(value.seq) || value.seq < 0) return null;
  if (value.type === "hello" || value.type === "resync") return { type: value.type, seq: value.seq };
  if (!EVENT_TYPES.has(value.type) || !isRecord(value.data)) return null;
  return value as unknown as LiveFrame;
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
