import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY_FOR_ADDRESS,
  CLOSE_TOO_MANY_FOR_USER,
} from "@shared/live-constants";
import type { BroadcastFrame, LiveEventFrame } from "@shared/live-events";
import { backoffDelay, LIVE_RECONNECT_RANGE } from "./backoff";
import { type ControlFrame, decideFrame, readControlFrame } from "./live-order";
import { readStoredSeq, storeSeq } from "./live-seq";

type FrameReader = typeof import("./live-frames");

/**
 * The frame parser holds the live events' schema and with it the validator, which most pages
 * never need otherwise: it is fetched with the first frame that is not a greeting or a resync
 * (those are read by ./live-order.ts), so a page that hears no event never downloads it.
 */
const loadFrameReader = (): Promise<FrameReader> => import("./live-frames");

const TOO_MANY_SOCKETS = new Set([CLOSE_TOO_MANY_FOR_USER, CLOSE_TOO_MANY_FOR_ADDRESS]);

/**
 * "waiting" means disconnected, with a reconnect scheduled; "paused", closed by the server for
 * having too many live sockets: no reconnect until the tab is shown again (or comes back online),
 * so two tabs of one account never take turns closing each other.
 */
export type LiveConnectionState = "connecting" | "open" | "waiting" | "paused" | "stopped";

export interface LiveSocketOptions {
  /** The socket's address; `after` is the last event seen, null when none. */
  buildUrl: (after: number | null) => string;
  /** Where the last seen number is kept for this tab, so a reload resumes instead of refetching. */
  storageKey: string;
  onEvent: (event: LiveEventFrame) => void;
  /** A shared list changed for everyone (unnumbered, never replayed). */
  onBroadcast?: (frame: BroadcastFrame) => void;
  /** Events may have been missed: every cache the socket feeds must be fetched again. */
  onRefetch: () => void;
  /** The session ended; `reason` says why when the server knows (SESSION_END_REASONS). */
  onSessionEnded: (reason: string) => void;
  /** A connection attempt failed before opening: perhaps the session cookie is gone. */
  onConnectFailed?: () => void;
  onStateChange: (state: LiveConnectionState) => void;
}

/**
 * Lets go of a socket: its frames are no longer heard. One still connecting is closed once it
 * opens, because closing it mid-handshake makes the browser log an error.
 */
function discard(socket: WebSocket): void {
  socket.onmessage = null;
  if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket.close(1000, "done");
  else socket.close(1000, "done");
}

/** The URL of the live socket on this page's host, ws: or wss: to match the page. */
export function liveSocketUrl(after: number | null): string {
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  const query = after === null ? "" : `?after=${after}`;
  return `${protocol}//${window.location.host}/api/live${query}`;
}

/**
 * One live connection per tab: numbered events in order, each applied once, resumed from the
 * last one seen after any reconnect. Reconnects back off (1 s .. 30 s, jittered) and skip the
 * wait when the browser comes back online or the tab becomes visible.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private lastSeq: number | null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = true;
  private reader: Promise<FrameReader> | null = null;
  /** Frames are handled one after another, in order of arrival, once the parser is there. */
  private handled: Promise<void> = Promise.resolve();

  constructor(private readonly options: LiveSocketOptions) {
    this.lastSeq = readStoredSeq(options.storageKey);
  }

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    window.addEventListener("online", this.handleOnline);
    window.addEventListener("offline", this.handleOffline);
    document.addEventListener("visibilitychange", this.handleVisibility);
    this.options.onStateChange("connecting");
    // Connecting on the next tick lets a mount that is undone at once (React's StrictMode) stop
    // before a socket exists, instead of opening one only to abort it.
    this.timer = setTimeout(() => this.connect(), 0);
  }

  stop(): void {
    if (this.isStopped) return;
    this.isStopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.handleOnline);
    window.removeEventListener("offline", this.handleOffline);
    document.removeEventListener("visibilitychange", this.handleVisibility);
    if (this.socket) discard(this.socket);
    this.socket = null;
    this.options.onStateChange("stopped");
  }

  /** Skips the backoff wait; does nothing while connected or already connecting. */
  reconnectNow(): void {
    if (this.isStopped || this.socket !== null) return;
    clearTimeout(this.timer);
    this.connect();
  }

  private connect(): void {
    if (this.isStopped) return;
    // Offline, an attempt can only fail (and the browser logs it as an error); the 'online'
    // event reconnects at once.
    if (!navigator.onLine) {
      this.scheduleReconnect();
      return;
    }
    this.options.onStateChange("connecting");
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.options.buildUrl(this.lastSeq));
    } catch (error) {
      console.warn("Live connection could not start", error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let hasOpened = false;
    socket.onopen = () => {
      hasOpened = true;
      this.options.onStateChange("open");
    };
    socket.onmessage = (message) => this.receive(socket, message.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return; // an old socket we already let go of
      this.socket = null;
      if (this.isStopped) return;
      if (event.code === CLOSE_SESSION_ENDED) {
        this.stop();
        this.options.onSessionEnded(event.reason);
        return;
      }
      if (TOO_MANY_SOCKETS.has(event.code)) {
        console.warn(`Live connection closed: ${event.reason || "too many live connections"}`);
        clearTimeout(this.timer);
        this.options.onStateChange("paused");
        return;
      }
      console.warn(`Live connection closed (code ${event.code}); reconnecting`);
      if (!hasOpened) this.options.onConnectFailed?.();
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.options.onStateChange("waiting");
    const delay = backoffDelay(this.attempt, LIVE_RECONNECT_RANGE);
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private receive(socket: WebSocket, raw: unknown): void {
    const control = readControlFrame(raw);
    if (control) {
      this.handled = this.handled.then(() => {
        if (this.socket === socket) this.handleFrame(control);
      });
      return;
    }
    this.reader ??= loadFrameReader();
    const reader = this.reader;
    this.handled = this.handled
      .then(() => reader)
      .then((frames) => {
        // A socket let go of meanwhile is no longer heard.
        if (this.socket === socket) this.readFrame(frames, raw);
      })
      .catch((error: unknown) => {
        console.warn("Live connection could not read a frame", error);
      });
  }

  private readFrame({ parseBroadcastFrame, parseLiveFrame }: FrameReader, raw: unknown): void {
    const broadcast = parseBroadcastFrame(raw);
    if (broadcast) {
      this.options.onBroadcast?.(broadcast);
      return;
    }
    const frame = parseLiveFrame(raw);
    if (!frame) {
      console.warn("Live connection sent an unreadable frame");
      return;
    }
    this.handleFrame(frame);
  }

  private handleFrame(frame: ControlFrame | Parameters<typeof decideFrame>[1]): void {
    const decision = decideFrame(this.lastSeq, frame);
    if (decision.action === "ignore") return;
    this.setLastSeq(decision.lastSeq);
    // The server's greeting proves the connection works end to end: the backoff starts over.
    if (frame.type === "hello" || frame.type === "resync") this.attempt = 0;
    if (decision.action === "refetch") this.options.onRefetch();
    if (decision.action === "apply") {
      this.options.onEvent(decision.event);
      if (decision.isGap) this.options.onRefetch();
    }
  }

  private setLastSeq(seq: number): void {
    if (seq === this.lastSeq) return;
    this.lastSeq = seq;
    storeSeq(this.options.storageKey, seq);
  }

  private readonly handleOnline = () => this.reconnectNow();

  /** A dropped network often leaves the socket looking open for a long time: let it go now. */
  private readonly handleOffline = () => {
    if (!this.socket) return;
    discard(this.socket);
    this.socket = null;
    this.scheduleReconnect();
  };

  private readonly handleVisibility = () => {
    if (document.visibilityState === "visible") this.reconnectNow();
  };
}
