import { CLOSE_TOO_MANY_FOR_ADDRESS, CLOSE_TOO_MANY_FOR_USER } from "@shared/live-constants";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type LiveConnectionState, LiveSocket } from "./live-socket";

/** A stand-in for the browser's WebSocket: the test opens and closes it as the server would. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
    this.onmessage?.({ data: JSON.stringify({ type: "hello", seq: 0 }) });
  }

  serverClose(code: number, reason: string): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }

  close(): void {
    this.readyState = 3;
  }
}

function fakeTarget() {
  const listeners = new Map<string, () => void>();
  return {
    listeners,
    addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
    removeEventListener: (name: string) => listeners.delete(name),
  };
}

let warn: { mockRestore: () => void };
let windowTarget: ReturnType<typeof fakeTarget>;
let documentTarget: ReturnType<typeof fakeTarget> & { visibilityState: string };

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  windowTarget = fakeTarget();
  documentTarget = { ...fakeTarget(), visibilityState: "visible" };
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal("window", {
    ...windowTarget,
    sessionStorage: { getItem: () => null, setItem: () => {} },
    location: { protocol: "http:", host: "localhost" },
  });
  vi.stubGlobal("document", documentTarget);
  vi.stubGlobal("navigator", { onLine: true });
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  warn.mockRestore();
});

function startSocket(states: LiveConnectionState[]): LiveSocket {
  const socket = new LiveSocket({
    buildUrl: () => "ws://localhost/api/live",
    storageKey: "test",
    onEvent: () => {},
    onRefetch: () => {},
    onSessionEnded: () => {},
    onStateChange: (state) => states.push(state),
  });
  socket.start();
  vi.advanceTimersByTime(0);
  return socket;
}

describe("LiveSocket closed for having too many live sockets", () => {
  it.each([
    ["for the account (4029)", CLOSE_TOO_MANY_FOR_USER],
    ["from the address (4030)", CLOSE_TOO_MANY_FOR_ADDRESS],
  ])("%s: pauses instead of reconnecting in a loop", async (_label, code) => {
    const states: LiveConnectionState[] = [];
    const socket = startSocket(states);
    FakeWebSocket.instances[0]?.open();
    FakeWebSocket.instances[0]?.serverClose(code, "too many live connections");

    expect(states.at(-1)).toBe("paused");
    // Minutes pass: no new socket, whatever the backoff would have done.
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    socket.stop();
  });

  it("tries once more when the tab is shown again, and pauses again if still refused", () => {
    const states: LiveConnectionState[] = [];
    const socket = startSocket(states);
    FakeWebSocket.instances[0]?.open();
    FakeWebSocket.instances[0]?.serverClose(CLOSE_TOO_MANY_FOR_USER, "too many live connections");

    documentTarget.visibilityState = "visible";
    documentTarget.listeners.get("visibilitychange")?.();
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.instances[1]?.open();
    expect(states.at(-1)).toBe("open");
    FakeWebSocket.instances[1]?.serverClose(CLOSE_TOO_MANY_FOR_ADDRESS, "too many live connections");
    expect(states.at(-1)).toBe("paused");
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket.stop();
  });

  it("still reconnects after an ordinary drop", () => {
    const states: LiveConnectionState[] = [];
    const socket = startSocket(states);
    FakeWebSocket.instances[0]?.open();
    FakeWebSocket.instances[0]?.serverClose(1006, "");
    expect(states.at(-1)).toBe("waiting");
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances.length).toBeGreaterThan(1);
    socket.stop();
  });
});

describe("LiveSocket reading frames", () => {
  it("ignores an unknown or malformed frame and applies the next event in order", async () => {
    const applied: number[] = [];
    const socket = new LiveSocket({
      buildUrl: () => "ws://localhost/api/live",
      storageKey: "test",
      onEvent: (event) => applied.push(event.seq),
      onRefetch: () => {},
      onSessionEnded: () => {},
      onStateChange: () => {},
    });
    socket.start();
    vi.advanceTimersByTime(0);
    const server = FakeWebSocket.instances[0];
    server?.open();
    const frame = (text: string) => server?.onmessage?.({ data: text });
    frame('{"seq":1,"type":"surprise","data":{}}');
    frame('{"seq":1,"type":"counts","data":{"unread":"many"}}');
    frame("{not json");
    frame('{"seq":1,"type":"counts","data":{"unread":1,"unreadMessages":0}}');
    frame('{"seq":2,"type":"chat.updated","data":{"chatId":"c1"}}');
    await vi.waitFor(() => expect(applied).toEqual([1, 2]));
    socket.stop();
  });
});
