import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import type { BroadcastTopic, SocketFrame } from "@shared/live-events";
import type { BusMessage, LiveBus } from "./bus";
import { sendFrame } from "./connection";
import type { Delivery } from "./delivery";
import type { Rooms } from "./rooms";

/**
 * At most one broadcast of a topic per this interval: every frame makes every open list refetch,
 * so a burst of writes is announced once at once and once more at the end (trailing edge).
 */
export const BROADCAST_INTERVAL_MS = 1_000;

/** Sends each topic to every connection, at most once per BROADCAST_INTERVAL_MS. */
function createBroadcaster(rooms: Rooms) {
  const sendBroadcast = (topic: BroadcastTopic) => {
    const frame = JSON.stringify({ type: topic } satisfies SocketFrame);
    rooms.each(
      () => true,
      (c) => sendFrame(c, frame),
    );
  };

  // Per topic: when it was last sent, and the trailing send waiting for the interval to pass.
  const broadcasts = new Map<BroadcastTopic, { sentAt: number; trailing: NodeJS.Timeout | null }>();
  return {
    broadcast(topic: BroadcastTopic): void {
      const state = broadcasts.get(topic) ?? { sentAt: Number.NEGATIVE_INFINITY, trailing: null };
      broadcasts.set(topic, state);
      // A send is already due: it announces this change too, as clients refetch the whole list.
      if (state.trailing) return;
      const wait = state.sentAt + BROADCAST_INTERVAL_MS - performance.now();
      const fire = () => {
        state.trailing = null;
        state.sentAt = performance.now();
        sendBroadcast(topic);
      };
      if (wait <= 0) fire();
      else state.trailing = setTimeout(fire, wait);
    },
    stop(): void {
      for (const state of broadcasts.values()) if (state.trailing) clearTimeout(state.trailing);
    },
  };
}

/**
 * What the bus says, carried out on this instance's connections: new events are delivered,
 * broadcasts announced, and the sockets of ended sessions or users closed.
 */
export function startFanOut(options: { bus: LiveBus; rooms: Rooms; delivery: Delivery }) {
  const { rooms, delivery } = options;
  const broadcaster = createBroadcaster(rooms);
  const unsubscribe = options.bus.subscribe((message: BusMessage) => {
    if (message.kind === "events") {
      const heardAt = performance.now();
      for (const userId of message.users)
        for (const connection of rooms.of(userId)) {
          const frames = message.frames?.get(userId);
          if (frames) {
            delivery.handOver(connection, frames, heardAt);
            continue;
          }
          connection.pendingSince ??= heardAt;
          delivery.deliver(connection);
        }
    } else if (message.kind === "broadcast") {
      broadcaster.broadcast(message.topic);
    } else if (message.kind === "sessions-ended") {
      const ended = new Set(message.sessions);
      rooms.each(
        (c) => c.sessionId !== null && ended.has(c.sessionId),
        (c) => c.socket.close(CLOSE_SESSION_ENDED, message.why ?? "signed out"),
      );
    } else {
      const ended = new Set(message.users);
      rooms.each(
        (c) => ended.has(c.userId),
        (c) => c.socket.close(CLOSE_SESSION_ENDED, message.why ?? "signed out"),
      );
    }
  });
  return {
    stop(): void {
      unsubscribe();
      broadcaster.stop();
    },
  };
}
