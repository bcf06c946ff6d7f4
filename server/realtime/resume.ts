import { LIVE_REPLAY_LIMIT } from "@shared/live-constants";
import type { SocketFrame } from "@shared/live-events";
import type { Db } from "../db/client";
import { currentSeq, hasEventAfter } from "./realtime.repository";

/**
 * Where a new socket starts: after `after` when the client asks to resume and every event since
 * is still there, at the latest event otherwise. The first frame says which: "hello", or "resync"
 * when the client was too far behind (or the events that follow were pruned) and must refetch.
 */
export async function startingPoint(
  db: Db,
  userId: string,
  after: number | undefined,
): Promise<{ lastSeq: number; firstFrame: SocketFrame }> {
  const latest = await currentSeq(db, userId);
  const isResumable = after !== undefined && after <= latest;
  // Too far behind, or the events that follow were pruned: replaying would leave a gap.
  const isTooFarBehind =
    isResumable &&
    (latest - (after ?? 0) > LIVE_REPLAY_LIMIT ||
      ((after ?? 0) < latest && !(await hasEventAfter(db, userId, after ?? 0))));
  return {
    lastSeq: isResumable && !isTooFarBehind ? (after ?? latest) : latest,
    firstFrame: { type: isTooFarBehind ? "resync" : "hello", seq: latest },
  };
}
