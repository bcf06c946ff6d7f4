import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SecondFactorChallenge } from "@shared/api/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../factories/images";
import { buildSignup } from "../factories/users";
import { completeSecondFactor, memoryFactorStore } from "../helpers/second-factor";
import { type ServerProcess, startServer } from "../helpers/server-process";

/**
 * Issue 10: the real server process, a full flow over HTTP, then the whole log read back. Every
 * line is JSON, request lines carry a request id, and no secret or full e-mail address is in it.
 */

const ADMIN_EMAIL = "admin@campusbazaar.test";
const ADMIN_PASSWORD = "Admin#Pass2025";

let server: ServerProcess;
let dataDir: string;
/** Every value that must never reach the log, with what it is. */
const secrets = new Map<string, string>();
/** Request ids the responses carried, by the step that sent them. */
const requestIds = new Map<string, string>();
let log = "";

function keepSecret(value: string, what: string) {
  secrets.set(value, what);
  if (value.includes("@")) secrets.set(encodeURIComponent(value), `${what} (URL-encoded)`);
}

interface Sent {
  status: number;
  body: unknown;
  headers: Headers;
}

async function send(
  step: string,
  method: string,
  url: string,
  options: { cookie?: string; json?: object; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...options.headers,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.json ? { "content-type": "application/json" } : {}),
    },
    body: options.json ? JSON.stringify(options.json) : options.form,
  });
  const text = await response.text();
  requestIds.set(step, response.headers.get("x-request-id") ?? "");
  return {
    status: response.status,
    body: text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
    headers: response.headers,
  };
}

function cookieOf(sent: Sent): string {
  const setCookie = sent.headers.getSetCookie().find((c) => c.startsWith("cb_session="));
  const pair = setCookie?.split(";")[0];
  if (!pair) throw new Error("no session cookie");
  keepSecret(pair.slice("cb_session=".length), "a session token");
  return pair;
}

/**
 * The token in the newest mail file to an address with a link to `page` (the file, not the log, has
 * it), waiting for it a while: mail sent through the outbox leaves just after the answer.
 */
async function tokenFromMailFile(to: string, page: "verify-email" | "reset-password"): Promise<string> {
  const folder = path.join(dataDir, "mail");
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await fs.readdir(folder).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const text = await fs.readFile(path.join(folder, name), "utf8");
      if (!text.includes(`To: ${to}`)) continue;
      const token = text.match(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`))?.[1];
      if (!token) continue;
      keepSecret(token, "an e-mail token");
      return token;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${page} link`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function imageForm(): Promise<FormData> {
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(await makeImage("jpeg"))], { type: "image/jpeg" }),
    "desk.jpg",
  );
  return form;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-logs-"));
  server = await startServer({
    // The test's client stands for the load balancer, whose X-Request-Id the server keeps.
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: "debug",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: "50",
      TRUST_PROXY: "loopback",
    },
  });
  keepSecret(ADMIN_EMAIL, "the admin's address");
  keepSecret(ADMIN_PASSWORD, "the admin's password");
  try {
    await runFullFlow();
  } catch (error) {
    // The server's own error lines say why a step failed.
    const errors = server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    throw new Error(`${(error as Error).message}\nserver errors:\n${errors.join("\n")}`);
  }
  expect(await server.terminate()).toBe(0);
  log = server.output();
  // A server start and a whole flow over HTTP: on a busy 2-CPU machine this passes a minute.
}, 180_000);

/** Signup, verification, sign-ins right and wrong, reset, password change, upload, chat, logout. */
async function runFullFlow() {
  const seller = buildSignup({ name: "Rohan Mehta" });
  const buyer = buildSignup({ name: "Sneha Kulkarni", mobile: "9822233344" });
  const newPassword = "Reset#Password55";
  const changedPassword = "Changed#Password77";
  keepSecret(seller.email, "the seller's address");
  keepSecret(buyer.email, "the buyer's address");
  for (const password of [seller.password, newPassword, changedPassword, "Wrong#Password1"])
    keepSecret(password, "a password");

  const signup = await send("signup", "POST", "/api/auth/signup", {
    json: seller,
    headers: { "x-request-id": "lb-7f3a9c21" },
  });
  expect(signup.status).toBe(201);
  let sellerCookie = cookieOf(signup);
  const verified = await send("verify", "POST", "/api/auth/verify-email", {
    json: { token: await tokenFromMailFile(seller.email, "verify-email") },
  });
  expect(verified.status).toBe(200);
  const wrong = await send("wrong login", "POST", "/api/auth/login", {
    json: { email: seller.email, password: "Wrong#Password1" },
  });
  expect(wrong.status).toBe(401);
  const login = await send("login", "POST", "/api/auth/login", {
    json: { email: seller.email, password: seller.password },
    headers: { "x-request-id": "forged id, with spaces and {braces}" },
  });
  expect(login.status).toBe(200);
  sellerCookie = cookieOf(login);
  expect(
    (await send("forgot", "POST", "/api/auth/forgot-password", { json: { email: seller.email } })).status,
  ).toBe(202);
  const reset = await send("reset", "POST", "/api/auth/reset-password", {
    json: { token: await tokenFromMailFile(seller.email, "reset-password"), password: newPassword },
  });
  expect(reset.status).toBe(200);
  sellerCookie = cookieOf(
    await send("login again", "POST", "/api/auth/login", {
      json: { email: seller.email, password: newPassword },
    }),
  );
  const changed = await send("change password", "POST", "/api/me/password", {
    cookie: sellerCookie,
    json: { currentPassword: newPassword, newPassword: changedPassword, confirmPassword: changedPassword },
  });
  expect(changed.status).toBe(204);

  const upload = await send("upload", "POST", "/api/uploads/images", {
    cookie: sellerCookie,
    form: await imageForm(),
  });
  expect(upload.status).toBe(201);
  const item = await send("sell", "POST", "/api/items", {
    cookie: sellerCookie,
    json: {
      productName: "Study desk",
      type: "Furniture",
      price: 1200,
      category: "other",
      condition: "used",
      description: "Sturdy desk, pick up from the hostel.",
      showMobileNumber: false,
      productImage: (upload.body as { url: string }).url,
    },
  });
  expect(item.status).toBe(201);
  const buyerSignup = await send("buyer signup", "POST", "/api/auth/signup", { json: buyer });
  const buyerCookie = cookieOf(buyerSignup);
  const chat = await send("open chat", "POST", "/api/chats", {
    cookie: buyerCookie,
    json: {
      userId: (signup.body as { user: { id: string } }).user.id,
      itemId: (item.body as { item: { id: string } }).item.id,
    },
  });
  expect(chat.status).toBe(200);
  const chatId = (chat.body as { chat: { id: string } }).chat.id;
  const message = await send("message", "POST", `/api/chats/${chatId}/messages`, {
    cookie: buyerCookie,
    json: { type: "text", clientId: "c-logs-test-0001", text: "Is the desk still available?" },
  });
  expect(message.status).toBe(201);

  const adminPassword = await send("admin login", "POST", "/api/auth/login", {
    json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const { secondFactor } = adminPassword.body as { secondFactor: SecondFactorChallenge };
  keepSecret(secondFactor.challenge, "a sign-in challenge");
  keepSecret(secondFactor.setup?.secret ?? "", "the authenticator key");
  const admin = await completeSecondFactor(secondFactor, memoryFactorStore(), async (body) => {
    const answer = await send("admin second step", "POST", "/api/auth/second-factor", { json: body });
    const recoveryCodes = (answer.body as { recoveryCodes?: string[] }).recoveryCodes ?? null;
    for (const code of recoveryCodes ?? []) keepSecret(code, "a recovery code");
    return { status: answer.status, recoveryCodes, response: answer };
  });
  const adminCookie = cookieOf(admin);
  const search = await send(
    "admin search",
    "GET",
    `/api/admin/users?search=${encodeURIComponent(buyer.email)}`,
    {
      cookie: adminCookie,
    },
  );
  expect(search.status).toBe(200);
  expect((await send("logout", "POST", "/api/auth/logout", { cookie: sellerCookie })).status).toBe(204);
}

afterAll(async () => {
  await server?.kill9();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const lines = () => log.split("\n").filter((line) => line.trim() !== "");
const entries = () => lines().map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the log of a full run of the real server", () => {
  it("is JSON lines, one object each", () => {
    expect(lines().length).toBeGreaterThan(30);
    const notJson = lines().filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
  });

  it("gives every request line a request id", () => {
    const requestLines = entries().filter((entry) => entry.req || entry.res);
    expect(requestLines.length).toBeGreaterThan(20);
    expect(requestLines.filter((entry) => typeof entry.reqId !== "string" || entry.reqId === "")).toEqual([]);
  });

  it("keeps a well-formed incoming X-Request-Id, echoes it, and replaces a malformed one", () => {
    expect(requestIds.get("signup")).toBe("lb-7f3a9c21");
    const signupLines = entries().filter((entry) => entry.reqId === "lb-7f3a9c21");
    expect(signupLines.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
    const loginId = requestIds.get("login") ?? "";
    expect(loginId).toMatch(/^[0-9a-f-]{36}$/);
    expect(log).not.toContain("forged id");
  });

  it("names the request in the log lines of work done for it", () => {
    // The verification mail is written by the mailer, not by the route: it still carries the id.
    const mailLines = entries().filter((entry) => String(entry.msg).startsWith("mail written"));
    expect(mailLines.length).toBeGreaterThanOrEqual(3);
    expect(mailLines.map((entry) => entry.reqId)).toContain("lb-7f3a9c21");
    expect(mailLines.every((entry) => typeof entry.reqId === "string")).toBe(true);
    expect(mailLines.every((entry) => typeof entry.mailFile === "string" && !("link" in entry))).toBe(true);
  });

  it("holds no password, session token, e-mail token or full e-mail address", () => {
    expect(secrets.size).toBeGreaterThan(12);
    const found = [...secrets].filter(([value]) => log.includes(value)).map(([, what]) => what);
    expect(found).toEqual([]);
    // No address of any kind, not only the ones this test knows.
    expect(log.match(/[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+\.[A-Za-z]{2,}/g) ?? []).toEqual([]);
    expect(log).not.toMatch(/cb_session=/);
  });
});
