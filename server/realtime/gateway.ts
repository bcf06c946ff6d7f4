import { randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import { CLOSE_GOING_AWAY, LIVE_CLIENT_FRAME_MAX_BYTES } from "@shared/live-constants";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { Db } from "../db/client";
import { requireUser } from "../plugins/auth";
import { createSocketLimits, refuseOtherSites } from "./admission";
import type { LiveBus } from "./bus";
import { type Connection, sendFrame } from "./connection";
import { createDelivery } from "./delivery";
import { startFanOut } from "./fan-out";
import { startHeartbeat } from "./heartbeat";
import { createPresenceTracker } from "./presence";
import { startingPoint } from "./resume";
import { createRooms } from "./rooms";

export { BROADCAST_INTERVAL_MS } from "./fan-out";

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

/** How long a stopping server waits for a client to answer its close frame. */
const CLOSE_ANSWER_MS = 2_000;

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
 *
 * The parts: admission (the Origin check and the socket caps), rooms (the connections by user),
 * delivery (the reads of numbered events), fan-out (what the bus says), the heartbeat, and the
 * starting point of a new socket (resume).
 */
export const liveGateway = fp(async (app: FastifyInstance, options: LiveGatewayOptions) => {
  const rooms = createRooms();
  const limits = createSocketLimits({ socketsPerAddress: options.socketsPerAddress });
  app.decorate("countLiveSockets", () => rooms.count());
  app.decorate("hasLiveSocket", (userId: string) => rooms.has(userId));

  // Every instance's users with sockets open, in the database, so that a push sent by another
  // instance sees them. A socket counts from its upgrade, as for the caps.
  const presence = createPresenceTracker({
    db: options.db,
    instanceId: randomUUID(),
    heartbeatMs: options.presenceHeartbeatMs,
    socketsOf: limits.socketsOf,
    everyone: limits.everyone,
    onError: (error) => app.log.error({ err: error }, "live presence write failed"),
  });
  const delivery = createDelivery({
    db: options.db,
    onError: (error) => app.log.error({ err: error }, "live delivery failed"),
    onDelivered: options.onDelivered,
  });
  const fanOut = startFanOut({ bus: options.bus, rooms, delivery });
  const heartbeat = startHeartbeat(rooms);

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
    heartbeat.stop();
    fanOut.stop();
    await presence.stop();
    rooms.each(
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
      preHandler: refuseOtherSites(options.allowedOrigin),
    },
    async (socket, request) => {
      const user = requireUser(request);
      const address = request.ip;
      if (!limits.admit(socket, user.id, address)) return;
      const after = (request.query as { after?: number }).after;
      const connection: Connection = {
        socket,
        // The upgraded request's socket is the one the WebSocket writes to.
        stream: request.raw.socket,
        userId: user.id,
        sessionId: request.sessionId,
        lastSeq: 0,
        isAlive: true,
        slice: heartbeat.nextSlice(),
        pendingSince: null,
      };
      socket.on("pong", () => {
        connection.isAlive = true;
      });
      socket.on("close", () => {
        limits.release(socket, user.id, address);
        void presence.changed(user.id);
        rooms.leave(connection);
        delivery.forget(connection);
      });
      // Clients only listen; anything they send is ignored.
      socket.on("message", () => {});

      // Stored before the first frame: once a tab has its "hello", no instance pushes to it.
      const present = presence.changed(user.id);
      // The starting point is fixed before the connection is visible to the bus, so a bus
      // message arriving meanwhile can only deliver what follows it.
      const start = await startingPoint(options.db, user.id, after);
      connection.lastSeq = start.lastSeq;
      await present;
      if (socket.readyState !== socket.OPEN) return;
      rooms.join(connection);
      sendFrame(connection, start.firstFrame);
      delivery.deliver(connection);
    },
  );
});
