import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CLOSE_GOING_AWAY } from "@shared/live-constants";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../factories/images";
import { buildSellForm } from "../factories/sell";
import { buildSignup } from "../factories/users";
import { findChromium, launchBrowser, openPage, type TrackedPage } from "../helpers/browser";
import { connectLive, type LiveClient } from "../helpers/live";
import { ensureWebBuild, type ServerProcess, startServer } from "../helpers/server-process";

/**
 * SIGTERM with requests in flight and sockets open: the instance stops taking requests, finishes
 * the ones it has, closes its sockets with a code clients reconnect on, and exits within 10 s.
 */
const SHUTDOWN_LIMIT_MS = 10_000;
const IN_FLIGHT = 8;
const chromiumPath = findChromium();

interface Student {
  id: string;
  cookie: string;
}

async function signUp(baseUrl: string, name: string): Promise<Student> {
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(buildSignup({ name })),
  });
  expect(response.status).toBe(201);
  const cookie = /cb_session=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error("signup set no session cookie");
  return { id: ((await response.json()) as { user: { id: string } }).user.id, cookie };
}

async function postJson(baseUrl: string, url: string, cookie: string, body: object) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, never> };
}

/**
 * A message send whose body is held back: it resolves `started` once the server has read the
 * headers (its 100 Continue), and sends the rest of the body when `finish` is called.
 */
function heldSend(baseUrl: string, cookie: string, chatId: string, text: string) {
  const body = JSON.stringify({ type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text });
  const half = Math.floor(body.length / 2);
  const request = http.request(`${baseUrl}/api/chats/${encodeURIComponent(chatId)}/messages`, {
    method: "POST",
    agent: false,
    headers: {
      cookie,
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      expect: "100-continue",
    },
  });
  const started = new Promise<void>((resolve) => request.once("continue", () => resolve()));
  const answered = new Promise<number>((resolve, reject) => {
    request.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", reject);
  });
  void started.then(() => request.write(body.slice(0, half)));
  return { started, answered, finish: () => request.end(body.slice(half)) };
}

/**
 * One connection carrying a held send and, pipelined behind it, GET /api/ready: what a load
 * balancer's check sees on a connection that is still open while the instance drains.
 */
function heldSendThenReady(port: number, cookie: string, chatId: string, text: string) {
  const body = JSON.stringify({ type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text });
  const socket = net.connect({ host: "127.0.0.1", port });
  let received = "";
  socket.on("data", (data) => {
    received += data.toString();
  });
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  socket.on("error", () => {});
  const started = new Promise<void>((resolve) => {
    const check = () => {
      if (!received.includes("100 Continue")) return;
      socket.off("data", check);
      resolve();
    };
    socket.on("data", check);
  });
  socket.write(
    [
      `POST /api/chats/${encodeURIComponent(chatId)}/messages HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `cookie: ${cookie}`,
      "content-type: application/json",
      `content-length: ${Buffer.byteLength(body)}`,
      "expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  return {
    started,
    closed,
    finish: () => {
      socket.write(`${body}GET /api/ready HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`);
    },
  };
}

/**
 * A live socket from a client that never answers the server's close frame (a frozen tab, a dead
 * network path): the WebSocket handshake by hand, then silence. Resolves once it is open.
 */
async function silentLiveSocket(port: number, cookie: string): Promise<net.Socket> {
  const socket = net.connect({ host: "127.0.0.1", port });
  socket.on("error", () => {});
  socket.write(
    [
      "GET /api/live HTTP/1.1",
      `host: 127.0.0.1:${port}`,
      "upgrade: websocket",
      "connection: Upgrade",
      `sec-websocket-key: ${randomBytes(16).toString("base64")}`,
      "sec-websocket-version: 13",
      `origin: http://127.0.0.1:${port}`,
      `cookie: ${cookie}`,
      "",
      "",
    ].join("\r\n"),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("data", (data) => {
      if (data.toString().startsWith("HTTP/1.1 101")) resolve();
      else reject(new Error(`upgrade refused: ${data.toString().split("\r\n")[0]}`));
    });
  });
  return socket;
}

async function liveSocketsOpen(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("live_sockets_open "));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

async function isRefused(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return false;
  } catch {
    return true;
  }
}

describe.skipIf(!chromiumPath)("SIGTERM with requests in flight and sockets open", () => {
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;
  let seller: Student;
  let buyer: Student;
  let chatId: string;
  let sellerPage: TrackedPage;
  const sockets: LiveClient[] = [];
  const env = () => ({ DATA_DIR: dataDir, ADMIN_PASSWORD: "Admin#Pass2025", AUTH_RATE_LIMIT: "1000" });

  beforeAll(async () => {
    ensureWebBuild();
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-shutdown-"));
    server = await startServer({ env: env() });
    seller = await signUp(server.baseUrl, "Neha Joshi");
    buyer = await signUp(server.baseUrl, "Arjun Menon");
    const form = new FormData();
    form.append(
      "file",
      new Blob([new Uint8Array(await makeImage("png"))], { type: "image/png" }),
      "lamp.png",
    );
    const upload = await fetch(`${server.baseUrl}/api/uploads/images`, {
      method: "POST",
      body: form,
      headers: { cookie: seller.cookie },
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const item = await postJson(server.baseUrl, "/api/items", seller.cookie, buildSellForm(url));
    expect(item.status).toBe(201);
    const chat = await postJson(server.baseUrl, "/api/chats", buyer.cookie, {
      userId: seller.id,
      itemId: (item.body.item as { id: string }).id,
    });
    expect(chat.status).toBe(200);
    chatId = (chat.body.chat as { id: string }).id;
    browser = await launchBrowser(chromiumPath as string);
  });

  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    await sellerPage?.context.close();
    await browser?.close();
    await server?.kill9();
    if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it("drains, finishes what it took, closes sockets with 1001, exits 0 within 10 s; the web client reconnects", async () => {
    // The seller has the thread open in the browser, with its live socket.
    sellerPage = await openPage(browser, server.baseUrl);
    const closeWarnings: string[] = [];
    sellerPage.page.on("console", (message) => {
      if (/Live connection closed/.test(message.text())) closeWarnings.push(message.text());
    });
    await sellerPage.context.addCookies([
      { name: "cb_session", value: seller.cookie.split("=")[1] as string, url: server.baseUrl },
    ]);
    await sellerPage.page.goto(`/messages?chatId=${encodeURIComponent(chatId)}`);
    await sellerPage.page.getByRole("log").waitFor();
    for (let i = 0; i < 3; i++)
      sockets.push(await connectLive(server.baseUrl, buyer.cookie, { origin: server.baseUrl }));
    await expect.poll(() => liveSocketsOpen(server.baseUrl), { timeout: 15_000 }).toBe(4);

    // Sends whose bodies are still arriving when the signal comes.
    const held = Array.from({ length: IN_FLIGHT }, (_, i) =>
      heldSend(server.baseUrl, buyer.cookie, chatId, `In flight at shutdown #${i}`),
    );
    const pipelined = heldSendThenReady(
      server.port,
      buyer.cookie,
      chatId,
      "In flight, with a check behind it",
    );
    await Promise.all([...held.map((h) => h.started), pipelined.started]);

    const signalledAt = performance.now();
    const exitCode = server.terminate();

    // Sockets are closed at once with "going away", which clients reconnect on.
    for (const socket of sockets) expect(await socket.waitForClose(5_000)).toBe(CLOSE_GOING_AWAY);
    // New connections are refused while the held requests keep it draining.
    await expect.poll(() => isRefused(server.baseUrl), { timeout: 5_000 }).toBe(true);
    expect(server.child.exitCode).toBeNull();

    for (const h of held) h.finish();
    pipelined.finish();
    const statuses = await Promise.all(held.map((h) => h.answered));
    expect(statuses).toEqual(Array(IN_FLIGHT).fill(201));
    const raw = await pipelined.closed;
    const answers = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    // 100 Continue, the send's 201, then the readiness check refused while draining.
    expect(answers).toEqual([100, 201, 503]);
    expect(raw.slice(raw.lastIndexOf("HTTP/1.1 503"))).toContain('"code":"unavailable"');

    expect(await exitCode).toBe(0);
    const stoppedInMs = performance.now() - signalledAt;
    expect(stoppedInMs).toBeLessThan(SHUTDOWN_LIMIT_MS);
    process.stdout.write(`shutdown: exited 0 ${Math.round(stoppedInMs)} ms after SIGTERM\n`);

    // Back on the same address: the web client reconnects by itself and gets live messages again.
    server = await startServer({ env: env(), port: server.port });
    await expect.poll(() => liveSocketsOpen(server.baseUrl), { timeout: 60_000, interval: 500 }).toBe(1);
    expect(closeWarnings.some((w) => w.includes(`code ${CLOSE_GOING_AWAY}`))).toBe(true);
    const after = `After the restart ${randomBytes(2).toString("hex")}`;
    const sent = await postJson(
      server.baseUrl,
      `/api/chats/${encodeURIComponent(chatId)}/messages`,
      buyer.cookie,
      {
        type: "text",
        clientId: `c-${randomBytes(8).toString("hex")}`,
        text: after,
      },
    );
    expect(sent.status).toBe(201);
    await sellerPage.page.getByRole("log").getByText(after).waitFor({ timeout: 15_000 });

    // Nothing the instance answered was lost.
    const thread = await fetch(`${server.baseUrl}/api/chats/${encodeURIComponent(chatId)}`, {
      headers: { cookie: seller.cookie },
    });
    const texts = ((await thread.json()) as { messages: { text: string }[] }).messages.map((m) => m.text);
    for (let i = 0; i < IN_FLIGHT; i++) expect(texts).toContain(`In flight at shutdown #${i}`);
    expect(texts).toContain("In flight, with a check behind it");
    // The held sends also arrived live once the page was back (replayed after the reconnect).
    await sellerPage.page
      .getByRole("log")
      .getByText(`In flight at shutdown #${IN_FLIGHT - 1}`)
      .waitFor();
    // Chromium itself reports each reconnect attempt refused while no server listened; nothing else.
    const isRefusedReconnect = (error: string) =>
      /WebSocket connection to .* failed: .*net::ERR_CONNECTION_REFUSED/.test(error);
    expect(sellerPage.errors.filter((error) => !isRefusedReconnect(error))).toEqual([]);
  });

  it("a client that never answers the close does not hold the stop past its deadline", async () => {
    const silent = await silentLiveSocket(server.port, buyer.cookie);
    await expect.poll(() => liveSocketsOpen(server.baseUrl), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const signalledAt = performance.now();
    expect(await server.terminate()).toBe(0);
    const stoppedInMs = performance.now() - signalledAt;
    expect(stoppedInMs).toBeLessThan(SHUTDOWN_LIMIT_MS);
    process.stdout.write(
      `shutdown with a silent client: exited 0 ${Math.round(stoppedInMs)} ms after SIGTERM\n`,
    );
    silent.destroy();
  });
});
