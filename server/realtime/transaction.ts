import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { appendLiveEvents, type PendingEvent, type StoredFrame } from "./live-events";

/**
 * Runs work in one transaction together with the live events it causes, then tells the other
 * instances once the transaction has committed (a NOTIFY inside it would serialise all writers).
 */
export async function transactionWithEvents<T>(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
  work: (tx: Db, emit: (event: PendingEvent) => void) => Promise<T>,
): Promise<T> {
  let touched: string[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const events: PendingEvent[] = [];
    const value = await work(tx, (event) => events.push(event));
    if (events.length > 0) touched = (await appendLiveEvents(tx, events)).users;
    return value;
  });
  await announceEvents(ctx, touched);
  return result;
}

/**
 * Tells every instance (this one at once) that these users have new committed events. With their
 * frames, this instance's sockets get them without reading them back.
 */
export async function announceEvents(
  ctx: Pick<AppContext, "bus" | "log">,
  users: string[],
  frames?: ReadonlyMap<string, StoredFrame[]>,
): Promise<void> {
  if (users.length === 0) return;
  // The events are stored: a lost bus message only delays them until the next one or a reconnect.
  await ctx.bus.publish({ kind: "events", users, frames }).catch((error) => {
    ctx.log.error({ err: error }, "live bus publish failed");
  });
}
