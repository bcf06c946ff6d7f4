import {
  type BroadcastFrame,
  BroadcastFrameSchema,
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

export { decideFrame, type FrameDecision } from "./live-order";
