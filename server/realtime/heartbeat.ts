import type { Rooms } from "./rooms";

const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat visits one slice of the connections at a time, so the pings of thousands of
 * sockets do not all go out in one turn of the event loop (and hold up every send meanwhile).
 */
const HEARTBEAT_SLICES = 30;

/**
 * Each connection is pinged once per HEARTBEAT_MS, in its own slice of that time; one that has not
 * answered the previous ping by then is gone.
 */
export function startHeartbeat(rooms: Rooms) {
  let nextSlice = 0;
  let heartbeatTick = 0;
  const timer = setInterval(() => {
    const slice = heartbeatTick++ % HEARTBEAT_SLICES;
    rooms.each(
      (connection) => connection.slice === slice,
      (connection) => {
        if (!connection.isAlive) return connection.socket.terminate();
        connection.isAlive = false;
        connection.socket.ping();
      },
    );
  }, HEARTBEAT_MS / HEARTBEAT_SLICES);
  timer.unref();
  return {
    /** The slice a new connection joins: connections spread over the slices in turn. */
    nextSlice: () => nextSlice++ % HEARTBEAT_SLICES,
    stop: () => clearInterval(timer),
  };
}
