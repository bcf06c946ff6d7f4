import type { AppContext } from "../context";
import type { Db } from "../db/client";
import type { OutboxWorker } from "../jobs/outbox";
import { appendLiveEvents, type PendingEvent, type StoredFrame } from "./live-events";

const NOTIFICATION_CREATED = "notification.created";
/** Kicks of the outbox for new notifications are gathered: at most one pass per this many ms. */
const KICK_GATHER_MS = 100;
const kickPending = new WeakSet<object>();

/** A pass of the outbox shortly, one for all the notifications of a busy moment (chat sends). */
function kickSoon(outbox: Pick<OutboxWorker, "kick">): void {
  if (kickPending.has(outbox)) return;
  kickPending.add(outbox);
  setTimeout(() => {
    kickPending.delete(outbox);
    void outbox.kick();
  }, KICK_GATHER_MS).unref();
}
const isNotificationFrame = (frame: StoredFrame) => frame.text.includes(`"type":"${NOTIFICATION_CREATED}"`);

/**
 * Runs work in one transaction together with the live events it causes, then tells the other
 * instances once the transaction has committed (a NOTIFY inside it would serialise all writers).
 */
export async function transactionWithEvents<T>(
  ctx: Pick<AppContext, "db" | "bus" | "log"> & Partial<Pick<AppContext, "outbox">>,
  work: (tx: Db, emit: (event: PendingEvent) => void) => Promise<T>,
): Promise<T> {
  let touched: string[] = [];
  let hasNotification = false;
  const result = await ctx.db.transaction(async (tx) => {
    const events: PendingEvent[] = [];
    const value = await work(tx, (event) => events.push(event));
    if (events.length > 0) touched = (await appendLiveEvents(tx, events)).users;
    hasNotification = events.some(({ event }) => event.type === NOTIFICATION_CREATED);
    return value;
  });
  await announceEvents(ctx, touched, undefined, hasNotification);
  return result;
}

/**
 * Tells every instance (this one at once) that these users have new committed events. With their
 * frames, this instance's sockets get them without reading them back.
 */
export async function announceEvents(
  ctx: Pick<AppContext, "bus" | "log"> & Partial<Pick<AppContext, "outbox">>,
  users: string[],
  frames?: ReadonlyMap<string, StoredFrame[]>,
  hasNotification = false,
): Promise<void> {
  if (users.length === 0) return;
  // A new notification may have queued a push (the trigger of migration 0019): send it now rather
  // than at the worker's next poll.
  if (hasNotification || [...(frames?.values() ?? [])].some((list) => list.some(isNotificationFrame))) {
    if (ctx.outbox) kickSoon(ctx.outbox);
  }
  // The events are stored: a lost bus message only delays them until the next one or a reconnect.
  await ctx.bus.publish({ kind: "events", users, frames }).catch((error) => {
    ctx.log.error({ err: error }, "live bus publish failed");
  });
}
