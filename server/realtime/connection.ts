import type { Writable } from "node:stream";
import type { SocketFrame } from "@shared/live-events";
import type { WebSocket } from "ws";

/** One open live socket, as the gateway's parts share it. */
export interface Connection {
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

/**
 * Writes a frame: an object, or a numbered event's ready JSON text. The frames a connection gets
 * in one turn of the event loop (a send's message, chat, notification and counts, or a batch
 * of sends) leave in one write to the network, not one each.
 */
export function sendFrame(connection: Connection, frame: SocketFrame | string): void {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  // The WebSocket corks and uncorks within each of its own writes, so between them the stream
  // is corked only if an earlier frame of this turn corked it.
  if (connection.stream.writableCorked === 0) {
    connection.stream.cork();
    process.nextTick(() => connection.stream.uncork());
  }
  connection.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
}
