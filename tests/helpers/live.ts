import type { AddressInfo } from "node:net";
import type { LiveFrame } from "@shared/live-events";
import type { FastifyInstance } from "fastify";
import WebSocket from "ws";

/** PUBLIC_URL in the API tests: the one Origin the live socket accepts from a browser. */
export const TEST_ORIGIN = "http://localhost:3000";
const DEFAULT_WAIT_MS = 5_000;

/** Starts a test app on a free loopback port and returns its http:// base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

function liveUrl(baseUrl: string, after?: number): string {
  const url = new URL("/api/live", baseUrl.replace(/^http/, "ws"));
  if (after !== undefined) url.searchParams.set("after", String(after));
  return url.toString();
}

function describeFrames(frames: LiveFrame[]): string {
  const shown = frames.slice(-20).map((f) => `${f.type}#${f.seq}`);
  return `${frames.length} frame(s)${frames.length > 20 ? ", the last 20" : ""}: [${shown.join(", ")}]`;
}

export interface LiveClient {
  socket: WebSocket;
  /** Every frame received so far, in arrival order. */
  frames: LiveFrame[];
  /** The first frame (hello or resync). */
  first: LiveFrame;
  /** Resolves once the frames satisfy the condition; fails after the timeout with what did arrive. */
  waitUntil(condition: (frames: LiveFrame[]) => boolean, label: string, timeoutMs?: number): Promise<void>;
  /** The first frame (received so far or later) matching the predicate. */
  waitFor(predicate: (frame: LiveFrame) => boolean, label: string, timeoutMs?: number): Promise<LiveFrame>;
  /** Resolves with the close code once the server closes the socket. */
  waitForClose(timeoutMs?: number): Promise<number>;
  /** The server's close reason, once closed (why a session ended: SESSION_END_REASONS). */
  readonly closeReason: string | null;
  close(): Promise<void>;
}

/** Opens /api/live as a browser tab would (cookie + Origin) and waits for its first frame. */
export async function connectLive(
  baseUrl: string,
  cookie: string,
  options: { after?: number; origin?: string } = {},
): Promise<LiveClient> {
  const socket = new WebSocket(liveUrl(baseUrl, options.after), {
    headers: { cookie, origin: options.origin ?? TEST_ORIGIN },
  });
  const frames: LiveFrame[] = [];
  const listeners = new Set<() => void>();
  let closeCode: number | null = null;
  let closeReason: string | null = null;
  socket.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as LiveFrame);
    for (const listener of listeners) listener();
  });
  socket.on("close", (code, reason) => {
    closeCode = code;
    closeReason = String(reason);
    for (const listener of listeners) listener();
  });
  socket.on("error", () => {});

  const waitUntil = (
    condition: (frames: LiveFrame[]) => boolean,
    label: string,
    timeoutMs = DEFAULT_WAIT_MS,
  ) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition(frames)) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`timed out after ${timeoutMs} ms waiting for ${label}; got ${describeFrames(frames)}`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  const client: LiveClient = {
    socket,
    frames,
    first: undefined as unknown as LiveFrame,
    get closeReason() {
      return closeReason;
    },
    waitUntil,
    async waitFor(predicate, label, timeoutMs) {
      await waitUntil((all) => all.some(predicate), label, timeoutMs);
      return frames.find(predicate) as LiveFrame;
    },
    waitForClose(timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (closeCode === null) return;
          cleanup();
          resolve(closeCode);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the socket was still open after ${timeoutMs} ms; got ${describeFrames(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.close();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    },
  };
  await waitUntil((all) => all.length > 0 || closeCode !== null, "the first frame (hello)");
  const first = frames[0];
  if (!first) throw new Error(`the socket closed with ${closeCode} before its first frame`);
  client.first = first;
  return client;
}

/**
 * Tries to open /api/live and expects the server to refuse the upgrade: resolves with the HTTP
 * status it answered instead, fails if a socket opens.
 */
export function refusedUpgrade(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(liveUrl(baseUrl), { headers });
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("neither an upgrade nor a refusal within 5 s"));
    }, DEFAULT_WAIT_MS);
    socket.on("unexpected-response", (_request, response) => {
      clearTimeout(timer);
      response.resume();
      socket.terminate();
      resolve(response.statusCode ?? 0);
    });
    socket.on("open", () => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error("the socket opened; the upgrade should have been refused"));
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Waits a fixed, short time: for asserting that nothing more arrives. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
