/**
 * The chat benchmark's load generator (bench/chat.ts): one WebSocket per student that counts what
 * it receives, and sends through the real API over keep-alive HTTP, paced or as fast as it goes.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { SocketFrame } from "@shared/live-events";
import WebSocket from "ws";
import type { BenchUser, ItemChat } from "./population";

const CONNECT_CONCURRENCY = 100;
/** How long, after the last acknowledgement, deliveries may still arrive before they count as lost. */
const DRAIN_TIMEOUT_MS = 15_000;

export interface Sent {
  phase: string;
  sentAtMs: number;
  recipientId: string;
  isAcked: boolean;
  deliveredAtMs: number | null;
}

export class Tally {
  readonly sent = new Map<string, Sent>();
  duplicates = 0;
  unknown = 0;
  seqGaps = 0;
  socketsClosed = 0;

  onMessage(recipientId: string, clientId: string, atMs: number): void {
    const entry = this.sent.get(clientId);
    if (!entry || entry.recipientId !== recipientId) {
      this.unknown += 1;
      return;
    }
    if (entry.deliveredAtMs !== null) this.duplicates += 1;
    else entry.deliveredAtMs = atMs;
  }

  undelivered(phase: string): number {
    let missing = 0;
    for (const entry of this.sent.values())
      if (entry.phase === phase && entry.isAcked && entry.deliveredAtMs === null) missing += 1;
    return missing;
  }
}

/** Opens one user's live socket, as a tab does (cookie + Origin), and waits for its hello. */
function connect(baseUrl: string, user: BenchUser, tally: Tally): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, {
      headers: { cookie: user.cookie, origin: baseUrl },
      perMessageDeflate: false,
    });
    let lastSeq = -1;
    socket.on("message", (data) => {
      const atMs = performance.now();
      const frame = JSON.parse(String(data)) as SocketFrame;
      // Broadcasts (events, recruitment posts changed) are not numbered.
      if (!("seq" in frame)) return;
      if (frame.type === "hello" || frame.type === "resync") {
        lastSeq = frame.seq;
        resolve(socket);
        return;
      }
      if (frame.seq !== lastSeq + 1) tally.seqGaps += 1;
      lastSeq = frame.seq;
      if (frame.type === "message.created" && frame.data.message.senderId !== user.id)
        tally.onMessage(user.id, frame.data.message.clientId, atMs);
    });
    socket.on("error", reject);
    socket.once("close", () => {
      tally.socketsClosed += 1;
      reject(new Error("closed before hello"));
    });
  });
}

export async function connectAll(baseUrl: string, list: BenchUser[], tally: Tally): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < list.length; i += CONNECT_CONCURRENCY) {
    const batch = list.slice(i, i + CONNECT_CONCURRENCY);
    sockets.push(...(await Promise.all(batch.map((user) => connect(baseUrl, user, tally)))));
  }
  return sockets;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POST with a JSON body; resolves with the status once the response has been read. */
function postJson(url: URL, cookie: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          cookie,
          origin: url.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", () => resolve(0));
    request.end(body);
  });
}

export interface Sender {
  baseUrl: string;
  chats: ItemChat[];
  tally: Tally;
  /** Messages sent so far, over all phases: picks the chat and which member speaks. */
  counter: number;
}

export interface PhaseCounters {
  sent: number;
  acked: number;
  /** Non-201 answers by status (0: the request failed). */
  failures: Record<string, number>;
  requestMs: number[];
  firstSendMs: number;
  lastAckMs: number;
}

/** One send through the real API; the chats take turns, and in each the two members alternate. */
async function sendOne(sender: Sender, phase: string, counters: PhaseCounters): Promise<void> {
  const k = sender.counter++;
  const chat = sender.chats[k % sender.chats.length] as ItemChat;
  const isBuyerTurn = Math.floor(k / sender.chats.length) % 2 === 0;
  const [from, to] = isBuyerTurn ? [chat.buyer, chat.seller] : [chat.seller, chat.buyer];
  const clientId = `bench-${randomUUID()}`;
  const body = JSON.stringify({ type: "text", clientId, text: `Is it still available? (${k})` });
  const entry: Sent = {
    phase,
    sentAtMs: performance.now(),
    recipientId: to.id,
    isAcked: false,
    deliveredAtMs: null,
  };
  sender.tally.sent.set(clientId, entry);
  counters.sent += 1;
  const url = new URL(`/api/chats/${chat.chatId}/messages`, sender.baseUrl);
  const status = await postJson(url, from.cookie, body);
  const now = performance.now();
  counters.requestMs.push(now - entry.sentAtMs);
  if (status === 201) {
    entry.isAcked = true;
    counters.acked += 1;
    counters.lastAckMs = now;
  } else {
    counters.failures[status] = (counters.failures[status] ?? 0) + 1;
  }
}

/** Waits until every acknowledged message of the phase has been delivered, or the drain timeout. */
export async function drain(tally: Tally, phase: string): Promise<number> {
  const deadline = performance.now() + DRAIN_TIMEOUT_MS;
  while (tally.undelivered(phase) > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return tally.undelivered(phase);
}

export const newCounters = (): PhaseCounters => ({
  sent: 0,
  acked: 0,
  failures: {},
  requestMs: [],
  firstSendMs: performance.now(),
  lastAckMs: performance.now(),
});

/** `rate` sends per second for `seconds`, on schedule whatever the answers take. */
export async function runPaced(
  sender: Sender,
  rate: number,
  seconds: number,
  phase = "paced",
): Promise<PhaseCounters> {
  const counters = newCounters();
  const total = rate * seconds;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  while (counters.sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (counters.sent < due) {
      const send = sendOne(sender, phase, counters);
      inFlight.add(send);
      void send.finally(() => inFlight.delete(send));
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(inFlight);
  return counters;
}

/** As fast as it goes: `concurrency` sends in flight until `total` messages or `seconds` passed. */
export async function runBurst(
  sender: Sender,
  total: number,
  seconds: number,
  concurrency: number,
): Promise<PhaseCounters> {
  const counters = newCounters();
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (counters.sent < total && performance.now() < deadline) await sendOne(sender, "burst", counters);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counters;
}
