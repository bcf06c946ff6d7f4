import websocket from "@fastify/websocket";
import { LIVE_REPLAY_LIMIT, type SocketFrame } from "@shared/api/chats";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { Db } from "../db/client";
import { requireUser } from "../plugins/auth";
import type { BusMessage, LiveBus } from "./bus";
import { currentSeq, hasEventAfter, readEventsAfter } from "./live-events";

declare module "fastify" {
  interface FastifyInstance {
    /** Open live sockets on this instance. */
    countLiveSockets: () => number;
  }
}

const HEARTBEAT_MS = 30_000;
const BATCH = 200;
/** Close codes the client understands: the session is over, sign in again. */
export const CLOSE_SESSION_ENDED = 4001;

interface Connection {
  socket: WebSocket;
  userId: string;
  sessionId: string | null;
  lastSeq: number;
  isFlushing: boolean;
  isDirty: boolean;
  isAlive: boolean;
}

/**
 * The live socket at /api/live: one per tab, signed in by the session cookie. Delivery always
 * reads the user's numbered events from the database, after a bus message says there are new
 * ones, so what a socket sends is in order, without gaps, and the same on every instance.
 */
export const liveGateway = fp(
  async (app: FastifyInstance, options: { db: Db; bus: LiveBus; allowedOrigin: string }) => {
    const connections = new Map<string, Set<Connection>>();
    app.decorate("countLiveSockets", () => {
      let total = 0;
      for (const set of connections.values()) total += set.size;
      return total;
    });

    const send = (connection: Connection, frame: SocketFrame) => {
      if (connection.socket.readyState === connection.socket.OPEN)
        connection.socket.send(JSON.stringify(frame));
    };

    const flush = async (connection: Connection): Promise<void> => {
      if (connection.isFlushing) {
        connection.isDirty = true;
        return;
      }
      connection.isFlushing = true;
      try {
        do {
          connection.isDirty = false;
          let events = await readEventsAfter(options.db, connection.userId, connection.lastSeq, BATCH);
          while (events.length > 0) {
            for (const event of events) send(connection, event);
            connection.lastSeq = events[events.length - 1]?.seq ?? connection.lastSeq;
            events =
              events.length === BATCH
                ? await readEventsAfter(options.db, connection.userId, connection.lastSeq, BATCH)
                : [];
          }
        } while (connection.isDirty);
      } catch (error) {
        app.log.error({ err: error }, "live delivery failed");
        connection.socket.close(1011, "delivery failed");
      } finally {
        connection.isFlushing = false;
      }
    };

    const forEachConnection = (
      predicate: (connection: Connection) => boolean,
      act: (c: Connection) => void,
    ) => {
      for (const set of connections.values())
        for (const connection of set) if (predicate(connection)) act(connection);
    };

    const unsubscribe = options.bus.subscribe((message: BusMessage) => {
      if (message.kind === "events") {
        for (const userId of message.users)
          for (const connection of connections.get(userId) ?? []) void flush(connection);
      } else if (message.kind === "broadcast") {
        forEachConnection(
          () => true,
          (c) => send(c, { type: message.topic }),
        );
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

    const heartbeat = setInterval(() => {
      forEachConnection(
        () => true,
        (connection) => {
          if (!connection.isAlive) return connection.socket.terminate();
          connection.isAlive = false;
          connection.socket.ping();
        },
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();

    await app.register(websocket, { options: { maxPayload: 4096 } });

    app.addHook("onClose", async () => {
      clearInterval(heartbeat);
      unsubscribe();
      forEachConnection(
        () => true,
        (c) => c.socket.close(1001, "server stopping"),
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
        const after = (request.query as { after?: number }).after;
        const connection: Connection = {
          socket,
          userId: user.id,
          sessionId: request.sessionId,
          lastSeq: 0,
          isFlushing: false,
          isDirty: false,
          isAlive: true,
        };
        socket.on("pong", () => {
          connection.isAlive = true;
        });
        socket.on("close", () => {
          const set = connections.get(user.id);
          set?.delete(connection);
          if (set?.size === 0) connections.delete(user.id);
        });
        // Clients only listen; anything they send is ignored.
        socket.on("message", () => {});

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
        if (socket.readyState !== socket.OPEN) return;
        const set = connections.get(user.id) ?? new Set();
        set.add(connection);
        connections.set(user.id, set);
        send(connection, { type: isTooFarBehind ? "resync" : "hello", seq: latest });
        await flush(connection);
      },
    );
  },
);
