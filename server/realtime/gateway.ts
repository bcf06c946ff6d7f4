import { randomUUID } from "node:crypto";
import type { Writable } from "node:stream";
import websocket from "@fastify/websocket";
import {
  CLOSE_DELIVERY_FAILED,
  CLOSE_GOING_AWAY,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY_FOR_ADDRESS,
  CLOSE_TOO_MANY_FOR_USER,
  LIVE_CLIENT_FRAME_MAX_BYTES,
  LIVE_REPLAY_LIMIT,
  LIVE_SOCKETS_PER_USER,
} from "@shared/live-constants";
import type { BroadcastTopic, SocketFrame } from "@shared/live-events";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { Db } from "../db/client";
import { requireUser } from "../plugins/auth";
import type { BusMessage, LiveBus } from "./bus";
import { cursorKey, type EventCursor, readEventsAfterMany, type StoredFrame } from "./live-events";
import { createPresenceTracker } from "./presence";
import { currentSeq, hasEventAfter } from "./realtime.repository";

declare module "fastify" {
  interface FastifyInstance {
    /** Open live sockets on this instance. */
    countLiveSockets: () => number;
    /**
     * Whether the user has a live socket open on this instance (no push while one is); the
     * presence table (./presence.ts) tells of the other instances.
     */
    hasLiveSocket: (userId: string) => boolean;
  }
}

const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat visits one slice of the connections at a time, so the pings of thousands of
 * sockets do not all go out in one turn of the event loop (and hold up every send meanwhile).
 */
const HEARTBEAT_SLICES = 30;
/** Events per connection per read. */
const BATCH = 200;
/** Connections per read. */
const CONNECTIONS_PER_READ = 500;
/** How long a stopping server waits for a client to answer its close frame. */
const CLOSE_ANSWER_MS = 2_000;
/**
 * At most one broadcast of a topic per this interval: every frame makes every open list refetch,
 * so a burst of writes is announced once at once and once more at the end (trailing edge).
 */
export const BROADCAST_INTERVAL_MS = 1_000;

interface Connection {
  socket: WebSocket;
  /** The TCP stream under the socket: corked while a turn's frames are written. */
  stream: Writable;
  userId: string;
  sessionId: string | null;
  lastSeq: number;
  isAlive: boolean;
  /** Which of the heartbeat's slices this connection is in. */
  slice: number;
  /** When this instance heard of events not yet written to the socket (ms, performance clock). */
  pendingSince: number | null;
}

export interface LiveGatewayOptions {
  db: Db;
  bus: LiveBus;
  allowedOrigin: string;
  /** Live sockets one client address may hold on this instance (LIVE_SOCKETS_PER_ADDRESS). */
  socketsPerAddress: number;
  /** How often this instance refreshes its rows of live presence (LIVE_PRESENCE_HEARTBEAT_MS). */
  presenceHeartbeatMs: number;
  /** Seconds from hearing of new events to writing them to a socket (the metrics' delivery lag). */
  onDelivered?: (lagSeconds: number) => void;
}

/**
 * The live socket at /api/live: one per tab, signed in by the session cookie. Delivery reads the
 * user's numbered events from the database, after a bus message says there are new ones, so what
 * a socket sends is in order, without gaps, and the same on every instance; the events a send on
 * this instance has just stored are handed over with the bus message and sent without that read
 * when they follow on from what the socket has.
 */
export const liveGateway = fp(async (app: FastifyInstance, options: LiveGatewayOptions) => {
  const connections = new Map<string, Set<Connection>>();
  // Every socket since its upgrade, by user in order of arrival and counted by address: the caps
  // count sockets still starting up too, so a burst of upgrades cannot slip past them.
  const socketsByUser = new Map<string, WebSocket[]>();
  const socketsByAddress = new Map<string, number>();
  app.decorate("countLiveSockets", () => {
    let total = 0;
    for (const set of connections.values()) total += set.size;
    return total;
  });
  app.decorate("hasLiveSocket", (userId: string) => (connections.get(userId)?.size ?? 0) > 0);

  // Every instance's users with sockets open, in the database, so that a push sent by another
  // instance sees them. A socket counts from its upgrade, as for the caps below.
  const presence = createPresenceTracker({
    db: options.db,
    instanceId: randomUUID(),
    heartbeatMs: options.presenceHeartbeatMs,
    socketsOf: (userId) => socketsByUser.get(userId)?.length ?? 0,
    everyone: () =>
      [...socketsByUser].map(([userId, sockets]) => [userId, sockets.length] as [string, number]),
    onError: (error) => app.log.error({ err: error }, "live presence write failed"),
  });

  /**
   * Writes a frame: an object, or a numbered event's ready JSON text. The frames a connection gets
   * in one turn of the event loop (a send's message, chat, notification and counts, or a batch
   * of sends) leave in one write to the network, not one each.
   */
  const send = (connection: Connection, frame: SocketFrame | string) => {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    // The WebSocket corks and uncorks within each of its own writes, so between them the stream
    // is corked only if an earlier frame of this turn corked it.
    if (connection.stream.writableCorked === 0) {
      connection.stream.cork();
      process.nextTick(() => connection.stream.uncork());
    }
    connection.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  };

  /** Sends the event that follows the connection's last one. */
  const sendNext = (connection: Connection, event: StoredFrame) => {
    send(connection, event.text);
    connection.lastSeq = event.seq;
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
          app.log.error({ err: error }, "live delivery failed");
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

  const forEachConnection = (
    predicate: (connection: Connection) => boolean,
    act: (c: Connection) => void,
  ) => {
    for (const set of connections.values())
      for (const connection of set) if (predicate(connection)) act(connection);
  };

  const sendBroadcast = (topic: BroadcastTopic) => {
    const frame = JSON.stringify({ type: topic } satisfies SocketFrame);
    forEachConnection(
      () => true,
      (c) => send(c, frame),
    );
  };

  // Per topic: when it was last sent, and the trailing send waiting for the interval to pass.
  const broadcasts = new Map<BroadcastTopic, { sentAt: number; trailing: NodeJS.Timeout | null }>();
  const broadcast = (topic: BroadcastTopic) => {
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
  };

  const unsubscribe = options.bus.subscribe((message: BusMessage) => {
    if (message.kind === "events") {
      const heardAt = performance.now();
      for (const userId of message.users)
        for (const connection of connections.get(userId) ?? []) {
          const frames = message.frames?.get(userId);
          if (frames) {
            handOver(connection, frames, heardAt);
            continue;
          }
          connection.pendingSince ??= heardAt;
          deliver(connection);
        }
    } else if (message.kind === "broadcast") {
      broadcast(message.topic);
    } else if (message.kind === "sessions-ended") {
      const ended = new Set(message.sessions);
      forEachConnection(
        (c) => c.sessionId !== null && ended.has(c.sessionId),
        (c) => c.socket.close(CLOSE_SESSION_ENDED, "signed out"),
      );
    } else {
      const ended = new Set(message.users);
      forEachConnection(
        (c) => ended.has(c.userId),
        (c) => c.socket.close(CLOSE_SESSION_ENDED, "signed out"),
      );
    }
  });

  // Each connection is pinged once per HEARTBEAT_MS, in its own slice of that time; one that
  // has not answered the previous ping by then is gone.
  let nextSlice = 0;
  let heartbeatTick = 0;
  const heartbeat = setInterval(() => {
    const slice = heartbeatTick++ % HEARTBEAT_SLICES;
    forEachConnection(
      (connection) => connection.slice === slice,
      (connection) => {
        if (!connection.isAlive) return connection.socket.terminate();
        connection.isAlive = false;
        connection.socket.ping();
      },
    );
  }, HEARTBEAT_MS / HEARTBEAT_SLICES);
  heartbeat.unref();

  await app.register(websocket, {
    options: { maxPayload: LIVE_CLIENT_FRAME_MAX_BYTES },
    // On shutdown, before the server waits for its connections: "going away" tells clients to
    // reconnect (through the load balancer, to another instance). No new upgrades are taken.
    preClose(done) {
      for (const client of this.websocketServer.clients) {
        client.close(CLOSE_GOING_AWAY, "server stopping");
        // A client that never answers the close (a frozen tab) must not hold the stop past its deadline.
        setTimeout(() => client.terminate(), CLOSE_ANSWER_MS).unref();
      }
      this.websocketServer.close();
      done();
    },
  });

  app.addHook("onClose", async () => {
    clearInterval(heartbeat);
    unsubscribe();
    await presence.stop();
    for (const state of broadcasts.values()) if (state.trailing) clearTimeout(state.trailing);
    forEachConnection(
      () => true,
      (c) => c.socket.close(CLOSE_GOING_AWAY, "server stopping"),
    );
  });

  app.get(
    "/api/live",
    {
      websocket: true,
      config: { access: "user" },
      schema: {
        tags: ["live"],
        summary: "The live event socket; `after` resumes from the last event seen",
        querystring: z.object({ after: z.coerce.number().int().min(0).optional() }),
      },
      preHandler: async (request, reply) => {
        const origin = request.headers.origin;
        if (
          origin !== undefined &&
          origin !== options.allowedOrigin &&
          origin !== `${request.protocol}://${request.host}`
        ) {
          return reply
            .code(403)
            .send({ error: { code: "forbidden", message: "Requests from other sites are not allowed." } });
        }
      },
    },
    async (socket, request) => {
      const user = requireUser(request);
      const address = request.ip;
      // Per address the newest is refused: closing the oldest would let one machine on a campus's
      // shared address push every other student's sockets off.
      const fromAddress = socketsByAddress.get(address) ?? 0;
      if (fromAddress >= options.socketsPerAddress) {
        socket.close(CLOSE_TOO_MANY_FOR_ADDRESS, "too many live connections from this address");
        return;
      }
      socketsByAddress.set(address, fromAddress + 1);
      // Per user the oldest goes: the newest is the tab the student is looking at, the oldest most
      // likely one left open on another device or a connection that died without a word.
      const ofUser = [...(socketsByUser.get(user.id) ?? []), socket];
      socketsByUser.set(user.id, ofUser);
      while (ofUser.length > LIVE_SOCKETS_PER_USER) {
        ofUser.shift()?.close(CLOSE_TOO_MANY_FOR_USER, "too many live connections for this account");
      }
      const after = (request.query as { after?: number }).after;
      const connection: Connection = {
        socket,
        // The upgraded request's socket is the one the WebSocket writes to.
        stream: request.raw.socket,
        userId: user.id,
        sessionId: request.sessionId,
        lastSeq: 0,
        isAlive: true,
        slice: nextSlice++ % HEARTBEAT_SLICES,
        pendingSince: null,
      };
      socket.on("pong", () => {
        connection.isAlive = true;
      });
      socket.on("close", () => {
        const remaining = socketsByUser.get(user.id)?.filter((other) => other !== socket) ?? [];
        if (remaining.length > 0) socketsByUser.set(user.id, remaining);
        else socketsByUser.delete(user.id);
        const count = (socketsByAddress.get(address) ?? 1) - 1;
        if (count > 0) socketsByAddress.set(address, count);
        else socketsByAddress.delete(address);
        void presence.changed(user.id);
        const set = connections.get(user.id);
        set?.delete(connection);
        pending.delete(connection);
        if (set?.size === 0) connections.delete(user.id);
      });
      // Clients only listen; anything they send is ignored.
      socket.on("message", () => {});

      // Stored before the first frame: once a tab has its "hello", no instance pushes to it.
      const present = presence.changed(user.id);
      // The starting point is fixed before the connection is visible to the bus, so a bus
      // message arriving meanwhile can only deliver what follows it.
      const latest = await currentSeq(options.db, user.id);
      const isResumable = after !== undefined && after <= latest;
      // Too far behind, or the events that follow were pruned: replaying would leave a gap.
      const isTooFarBehind =
        isResumable &&
        (latest - (after ?? 0) > LIVE_REPLAY_LIMIT ||
          ((after ?? 0) < latest && !(await hasEventAfter(options.db, user.id, after ?? 0))));
      connection.lastSeq = isResumable && !isTooFarBehind ? (after ?? latest) : latest;
      await present;
      if (socket.readyState !== socket.OPEN) return;
      const set = connections.get(user.id) ?? new Set();
      set.add(connection);
      connections.set(user.id, set);
      send(connection, { type: isTooFarBehind ? "resync" : "hello", seq: latest });
      deliver(connection);
    },
  );
});
