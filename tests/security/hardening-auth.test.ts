import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent, STRONG_PASSWORD } from "../factories/users";
import { connectLive } from "../helpers/live";
import { mailFilesTo, waitForMailFiles } from "../helpers/mail-files";
import { type ServerProcess, signUpOver, startServer } from "../helpers/server-process";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  resetTokenFromMail,
  type TestApp,
} from "../helpers/test-app";

/**
 * Denial of service against sign-in and account recovery, as classes of attack: what one request,
 * one connection or one address can cost the server or another student. Timing and slow
 * connections need the real server process; the rest runs on the app in process.
 */

const REQUEST_TIMEOUT_SECONDS = 2;
/** A server process on the embedded database takes a while to start on a busy machine. */
const SERVER_START_MS = 180_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Milliseconds one fetch takes, the body read. */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - startedAt, status: response.status };
}

const postJson = (url: string, body: object) =>
  timed(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** A raw connection that sends a request's head, then its body one byte every `everyMs`. */
function trickle(port: number, head: string, bodyLength: number, everyMs: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  const startedAt = performance.now();
  socket.on("connect", () => {
    socket.write(`${head}Content-Length: ${bodyLength}\r\n\r\n`);
    timer = setInterval(() => socket.write("{"), everyMs);
  });
  socket.on("data", (data) => {
    received += data.toString();
  });
  socket.on("error", () => {});
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ afterMs: performance.now() - startedAt, received });
    });
  });
  return { closed, destroy: () => socket.destroy() };
}

describe("on the real server process", () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-hardening-"));
    server = await startServer({
      env: {
        DATA_DIR: dataDir,
        // Request lines are logged, so every URL goes through the log's masking.
        LOG_LEVEL: "info",
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        AUTH_RATE_LIMIT: "1000",
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      },
    });
  }, SERVER_START_MS);
  afterAll(async () => {
    await server?.terminate();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe("a long URL in the log", () => {
    it("does not hold up another request: a 15 KB URL without @ delays /api/health by a few milliseconds", async () => {
      const health = `${server.baseUrl}/api/health`;
      // Just under Node's 16 KB limit for a request's head.
      const longUrl = `${health}?${"a".repeat(15_000)}`;
      for (let warmUp = 0; warmUp < 5; warmUp++) await timed(health);
      const alone: number[] = [];
      const beside: number[] = [];
      for (let round = 0; round < 9; round++) {
        alone.push((await timed(health)).ms);
        const long = timed(longUrl);
        // The long request is written first; the short one queues behind its logging, if any.
        await sleep(5);
        beside.push((await timed(health)).ms);
        expect((await long).status).toBe(200);
      }
      const delay = median(beside) - median(alone);
      console.log(
        `/api/health median ${median(alone).toFixed(1)} ms alone, ${median(beside).toFixed(1)} ms beside a 15 KB URL`,
      );
      expect(
        delay,
        `health alone ${alone.map(Math.round)} ms, beside a long URL ${beside.map(Math.round)} ms`,
      ).toBeLessThan(25);
      const logged = server.output();
      expect(logged).toMatch(/\.\.\.\[cut: 150\d\d characters\]/);
      expect(logged).not.toContain("a".repeat(3000));
    });
  });

  describe("slow requests", () => {
    it("answers a body trickled a byte at a time with 408 in the API's shape and closes the connection", async () => {
      const slow = trickle(
        server.port,
        "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n",
        200,
        400,
      );
      // Meanwhile a normal request is answered at once.
      expect((await timed(`${server.baseUrl}/api/health`)).status).toBe(200);
      const { afterMs, received } = await slow.closed;
      expect(afterMs).toBeGreaterThan(REQUEST_TIMEOUT_SECONDS * 1000 - 100);
      expect(afterMs).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000 + 2500);
      expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(received).toMatch(/\r\nConnection: close\r\n/i);
      const body = received.slice(received.indexOf("\r\n\r\n") + 4);
      expect(JSON.parse(body)).toEqual({
        error: { code: "request_timeout", message: "The request took too long to arrive. Please try again." },
      });
    });

    it("cuts off many trickling connections at once, and the server keeps answering", async () => {
      const slow = Array.from({ length: 20 }, () =>
        trickle(
          server.port,
          "POST /api/auth/forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n",
          5000,
          300,
        ),
      );
      const results = await Promise.all(slow.map((connection) => connection.closed));
      expect(results.filter((result) => result.received.startsWith("HTTP/1.1 408"))).toHaveLength(20);
      expect(Math.max(...results.map((result) => result.afterMs))).toBeLessThan(
        REQUEST_TIMEOUT_SECONDS * 1000 + 3000,
      );
      expect((await timed(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":(50|60)/);
    });

    it("leaves a live socket open well past the request timeout", async () => {
      const student = await signUpOver(server);
      const live = await connectLive(server.baseUrl, student.cookie, {
        origin: `http://localhost:${server.port}`,
      });
      expect(live.first.type).toBe("hello");
      await sleep(REQUEST_TIMEOUT_SECONDS * 1000 * 2 + 1000);
      expect(live.socket.readyState).toBe(live.socket.OPEN);
      await live.close();
    });

    it("takes an upload of a normal phone photo's size", async () => {
      const student = await signUpOver(server);
      const { width, height } = { width: 1600, height: 1200 };
      const noise = Buffer.alloc(width * height * 3);
      for (let index = 0; index < noise.length; index++) noise[index] = (index * 2654435761) >>> 24;
      const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 95 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(1024 * 1024);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
      const response = await fetch(`${server.baseUrl}/api/uploads/images`, {
        method: "POST",
        headers: { cookie: student.cookie },
        body: form,
      });
      expect(response.status, await response.clone().text()).toBe(201);
    });
  });

  describe("forgot password", () => {
    it("answers as fast for an address without an account, and the mail to the real one arrives", async () => {
      const student = await signUpOver(server);
      const unknown = `nobody-${student.email}`;
      const url = `${server.baseUrl}/api/auth/forgot-password`;
      for (let warmUp = 0; warmUp < 3; warmUp++) await postJson(url, { email: `warm-${warmUp}-${unknown}` });
      const known: number[] = [];
      const missing: number[] = [];
      for (let round = 0; round < 30; round++) {
        // Alternating, so a slow moment of the machine weighs on both alike.
        for (const [email, times] of [
          [student.email, known],
          [unknown, missing],
        ] as const) {
          const { ms, status } = await postJson(url, { email });
          expect(status).toBe(202);
          times.push(ms);
          // The mail's own work runs after the answer; it is not what this measures.
          await sleep(100);
        }
      }
      const gap = Math.abs(median(known) - median(missing));
      console.log(
        `forgot-password median ${median(known).toFixed(1)} ms with an account, ${median(missing).toFixed(1)} ms without`,
      );
      expect(
        gap,
        `medians ${median(known).toFixed(1)} ms with an account, ${median(missing).toFixed(1)} ms without`,
      ).toBeLessThan(5);
      const mails = await waitForMailFiles(dataDir, student.email, 30);
      expect(mails.filter((text) => /\/reset-password\?token=[\w-]{20,}/.test(text))).toHaveLength(30);
      expect(await mailFilesTo(dataDir, unknown)).toEqual([]);
    });
  });
});

describe("a reset request across a restart", () => {
  it(
    "keeps the request while mail fails, and mails the link once the restarted server can",
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-outbox-mail-"));
      const env = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, OUTBOX_RETRY_BASE_MS: "200" };
      // A mail server that refuses every connection.
      const first = await startServer({ env: { ...env, SMTP_URL: "smtp://127.0.0.1:1" } });
      try {
        const student = await signUpOver(first);
        const response = await postJson(`${first.baseUrl}/api/auth/forgot-password`, {
          email: student.email,
        });
        expect(response.status).toBe(202);
        await sleep(1500);
        await first.kill9();
        const second = await startServer({ env, port: first.port });
        try {
          const [mail] = await waitForMailFiles(dataDir, student.email, 1);
          expect(mail).toMatch(/\/reset-password\?token=[\w-]{20,}/);
        } finally {
          await second.terminate();
        }
      } finally {
        await first.kill9();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    3 * SERVER_START_MS,
  );
});

describe("in process", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => testApp?.close());

  const from = (remoteAddress: string, url: string, payload: object) =>
    testApp.app.inject({ method: "POST", url, remoteAddress, payload });

  it("lets no address lock anyone out: the owner and the administrator sign in from elsewhere", async () => {
    const student = await createStudent(testApp);
    const accounts = [
      { email: student.email, password: STRONG_PASSWORD },
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    ];
    for (const [index, account] of accounts.entries()) {
      const attacker = `192.0.2.${index + 1}`;
      const attack = await Promise.all(
        Array.from({ length: 15 }, () =>
          from(attacker, "/api/auth/login", { email: account.email, password: "Guess#Wrong1" }),
        ),
      );
      const statuses = attack.map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      const owner = await from(`198.51.100.${index + 1}`, "/api/auth/login", account);
      expect(owner.statusCode, `${account.email}: ${owner.body}`).toBe(200);
    }
  });

  it("slows a guesser with many addresses to one try per address, and the owner still signs in", async () => {
    const student = await createStudent(testApp);
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let address = 1; address <= 10; address++) {
        const guess = { email: student.email, password: `Guess#${round}-${address}` };
        answers.push((await from(`203.0.113.${address}`, "/api/auth/login", guess)).statusCode);
      }
    }
    // Ten addresses at three tries each would be 30 guesses; the e-mail's failures cut that down.
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(12);
    expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const owner = await from("198.51.100.77", "/api/auth/login", {
      email: student.email,
      password: STRONG_PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
  });

  it("limits wrong reset tokens per address, each refused without hashing a password", async () => {
    const answers = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      answers.push(
        await from("192.0.2.50", "/api/auth/reset-password", {
          token: `guess-${attempt}-${"x".repeat(40)}`,
          password: "Fresh#Start42",
        }),
      );
    }
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(answers[31]?.json()).toEqual({
      error: {
        code: "rate_limited",
        message: "Too many requests. Please wait a moment before trying again.",
      },
    });
    expect(String(answers[31]?.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
    // Another address is not affected.
    expect(
      (
        await from("192.0.2.51", "/api/auth/reset-password", {
          token: "x".repeat(43),
          password: "Fresh#Start42",
        })
      ).statusCode,
    ).toBe(400);
  });

  it("leaves no reset link working after any password change, whichever way it was made", async () => {
    const student = await createStudent(testApp);
    const ask = async (nth: number) => {
      await from("192.0.2.60", "/api/auth/forgot-password", { email: student.email });
      return resetTokenFromMail(testApp, student.email, nth);
    };
    const [first, second] = [await ask(1), await ask(2)];
    const reset = await from("192.0.2.60", "/api/auth/reset-password", {
      token: first,
      password: "Fresh#Start42",
    });
    expect(reset.statusCode).toBe(200);
    const third = await ask(3);
    const cookie = `cb_session=${
      (
        await from("192.0.2.60", "/api/auth/login", { email: student.email, password: "Fresh#Start42" })
      ).cookies.find((c) => c.name === "cb_session")?.value
    }`;
    const change = await testApp.app.inject({
      method: "POST",
      url: "/api/me/password",
      headers: { cookie },
      payload: {
        currentPassword: "Fresh#Start42",
        newPassword: "Moved#On2026",
        confirmPassword: "Moved#On2026",
      },
    });
    expect(change.statusCode).toBe(204);
    for (const token of [first, second, third]) {
      const response = await from("192.0.2.61", "/api/auth/reset-password", {
        token,
        password: "Taken#Over99",
      });
      expect(response.json().error.code).toBe("invalid_token");
    }
  });
});
