import { CLOSE_DELIVERY_FAILED } from "@shared/live-constants";
import type { Db } from "../db/client";
import { type Connection, sendFrame } from "./connection";
import { cursorKey, type EventCursor, readEventsAfterMany, type StoredFrame } from "./live-events";

/** Events per connection per read. */
const BATCH = 200;
/** Connections per read. */
const CONNECTIONS_PER_READ = 500;

export interface DeliveryOptions {
  db: Db;
  onError: (error: unknown) => void;
  /** Seconds from hearing of new events to writing them to a socket (the metrics' delivery lag). */
  onDelivered?: (lagSeconds: number) => void;
}

/**
 * Delivery of a user's numbered events to their connections, in order and without gaps: events
 * are read from the database after the bus says there are new ones, or handed over directly when
 * this instance has just stored them.
 */
export function createDelivery(options: DeliveryOptions) {
  /** Sends the event that follows the connection's last one. */
  const sendNext = (connection: Connection, event: StoredFrame) => {
    sendFrame(connection, event.text);
    connection.lastSeq = event.seq;
  };

  // Connections with events to read. One reader drains them all, so under load one query
  // serves many sends; a connection is never in two reads at once, so its frames stay in order.
  const pending = new Set<Connection>();
  let isDraining = false;

  const drain = async (): Promise<void> => {
    isDraining = true;
    try {
      while (pending.size > 0) {
        const batch = [...pending].slice(0, CONNECTIONS_PER_READ);
        for (const connection of batch) pending.delete(connection);
        const cursors = batch.map((c) => ({ userId: c.userId, after: c.lastSeq }));
        let found: Awaited<ReturnType<typeof readEventsAfterMany>>;
        try {
          found = await readEventsAfterMany(options.db, cursors, BATCH);
        } catch (error) {
          options.onError(error);
          for (const connection of batch) connection.socket.close(CLOSE_DELIVERY_FAILED, "delivery failed");
          continue;
        }
        batch.forEach((connection, index) => {
          const events = found.get(cursorKey(cursors[index] as EventCursor)) ?? [];
          // Frames handed over directly while this read was under way are not sent twice.
          for (const event of events) if (event.seq === connection.lastSeq + 1) sendNext(connection, event);
          // A full batch: there may be more.
          if (events.length === BATCH) pending.add(connection);
          else if (connection.pendingSince !== null) {
            options.onDelivered?.((performance.now() - connection.pendingSince) / 1000);
            connection.pendingSince = null;
          }
        });
      }
    } finally {
      isDraining = false;
    }
  };

  /** Reads and sends what follows the connection's last event; calls within one tick share a read. */
  const deliver = (connection: Connection) => {
    const isIdle = pending.size === 0 && !isDraining;
    pending.add(connection);
    if (isIdle) queueMicrotask(() => void drain());
  };

  /**
   * Frames this instance has just stored (a send's result) go straight to its sockets when they
   * follow on from what each socket has; anything else (a gap, another instance's events) is read.
   */
  const handOver = (connection: Connection, frames: StoredFrame[], heardAt: number) => {
    let isSent = false;
    for (const frame of frames) {
      if (frame.seq <= connection.lastSeq) continue;
      if (frame.seq !== connection.lastSeq + 1) {
        connection.pendingSince ??= heardAt;
        return deliver(connection);
      }
      sendNext(connection, frame);
      isSent = true;
    }
    if (isSent) options.onDelivered?.((performance.now() - heardAt) / 1000);
  };

  return {
    deliver,
    handOver,
    /** A closed connection leaves the reader's queue. */
    forget(connection: Connection): void {
      pending.delete(connection);
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
