import fs from "node:fs/promises";
import path from "node:path";
import { sanitiseField } from "@shared/validation/signup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { rateLimits } from "../../server/db/schema";
import { buildRecruitment } from "../factories/recruitment";
import { buildSellForm } from "../factories/sell";
import { buildSignup } from "../factories/users";
import { get, post } from "../helpers/api";
import { listenOnLoopback, TEST_ORIGIN } from "../helpers/live";
import { createTestApp, resetTokenFromMail, sessionCookieOf, type TestApp } from "../helpers/test-app";
import { uploadedImageUrl } from "../helpers/uploads";
import { validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, urlOf } from "./operations";
import { createWorld, insertStudent, snapshot, startSessionFor, type World } from "./world";

/** The abuse cases of issue 9: cross-site writes, stolen or planted sessions, floods, markup. */

const FOREIGN_ORIGIN = "https://evil.example";
const FOREIGN_SITE = { error: { code: "forbidden", message: "Requests from other sites are not allowed." } };

let testApp: TestApp;
let operations: Operation[];
let world: World;
beforeAll(async () => {
  testApp = await createTestApp();
  operations = operationsOf(await fetchDocument(testApp));
  world = await createWorld(testApp);
});
afterAll(() => testApp?.close());

const me = async (cookie: string) => (await get(testApp, "/api/auth/me", { cookie })).json().user;

describe("writes from other sites", () => {
  it("refuses every unsafe operation sent with a foreign Origin or marked cross-site, and changes nothing", async () => {
    const unsafe = operations.filter((operation) => operation.method !== "GET");
    expect(unsafe.length).toBeGreaterThan(30);
    const refused: string[] = [];
    const wrong: string[] = [];
    for (const operation of unsafe) {
      const caller = operation.role === "admin" ? world.admin : world.owner;
      for (const header of [{ origin: FOREIGN_ORIGIN }, { "sec-fetch-site": "cross-site" }]) {
        const body = await validBody(testApp, operation, world, caller);
        const before = await snapshot(testApp, world);
        const response = await testApp.app.inject({
          method: operation.method,
          url: urlOf(operation, world),
          headers: { ...body?.headers, ...header, cookie: caller.cookie },
          ...(body ? { payload: body.payload } : {}),
        });
        const label = `${operation.key} with ${JSON.stringify(header)}`;
        const isRefused = response.statusCode === 403 && response.body === JSON.stringify(FOREIGN_SITE);
        const isUnchanged = (await snapshot(testApp, world)) === before;
        if (isRefused && isUnchanged && response.cookies.length === 0) refused.push(label);
        else
          wrong.push(`${label} -> ${response.statusCode}${isUnchanged ? "" : " and changed the database"}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toHaveLength(unsafe.length * 2);
  });

  it("refuses a live socket opened from another site or without a session, and accepts the app's own", async () => {
    const baseUrl = await listenOnLoopback(testApp.app);
    const student = await insertStudent(testApp, "Arjun Das");
    const open = (origin: string, cookie: string = student.cookie) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/api/live`, {
          headers: { origin, cookie },
        });
        socket.once("open", () => {
          socket.close();
          resolve(101);
        });
        socket.once("unexpected-response", (_request, response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        socket.once("error", reject);
      });
    expect(await open(FOREIGN_ORIGIN)).toBe(403);
    expect(await open("http://localhost.evil.example:3000")).toBe(403);
    expect(await open(TEST_ORIGIN, "cb_session=not-a-session")).toBe(401);
    expect(await open(TEST_ORIGIN)).toBe(101);
  });
});

describe("sessions", () => {
  it("never adopts a cookie planted before sign-in: a new token, and the planted one is dead", async () => {
    const student = await insertStudent(testApp, "Farhan Qureshi");
    const planted = "cb_session=attacker-chosen-value-0123456789abcdef";
    const login = await post(
      testApp,
      "/api/auth/login",
      { email: student.email, password: student.password },
      { cookie: planted },
    );
    expect(login.statusCode).toBe(200);
    const issued = sessionCookieOf(login);
    expect(issued).not.toBe(planted);
    expect(await me(planted)).toBeNull();
    expect((await me(issued))?.id).toBe(student.id);

    // A real session planted by someone who knows it (e.g. from a shared computer) is ended too.
    const knownToAttacker = await startSessionFor(testApp, student.id);
    const relogin = await post(
      testApp,
      "/api/auth/login",
      { email: student.email, password: student.password },
      { cookie: knownToAttacker },
    );
    const fresh = sessionCookieOf(relogin);
    expect(fresh).not.toBe(knownToAttacker);
    expect(await me(knownToAttacker)).toBeNull();
    expect((await me(fresh))?.id).toBe(student.id);
  });

  it("gives a new token at signup, whatever cookie came with it", async () => {
    const planted = await startSessionFor(testApp, world.other.id);
    const signup = await post(testApp, "/api/auth/signup", buildSignup(), { cookie: planted });
    expect(signup.statusCode).toBe(201);
    expect(sessionCookieOf(signup)).not.toBe(planted);
  });

  it("refuses the old cookie after logout", async () => {
    const student = await insertStudent(testApp, "Gauri Patil");
    expect((await get(testApp, "/api/dashboard/", { cookie: student.cookie })).statusCode).toBe(200);
    expect((await post(testApp, "/api/auth/logout", undefined, { cookie: student.cookie })).statusCode).toBe(
      204,
    );
    expect((await get(testApp, "/api/dashboard/", { cookie: student.cookie })).statusCode).toBe(401);
    expect(await me(student.cookie)).toBeNull();
  });

  it("refuses every other session's cookie after a password change, and all of them after a reset", async () => {
    const student = await insertStudent(testApp, "Harsh Vardhan");
    const laptop = student.cookie;
    const phone = await startSessionFor(testApp, student.id);
    const change = await post(
      testApp,
      "/api/me/password",
      { currentPassword: student.password, newPassword: "Moved#On2026", confirmPassword: "Moved#On2026" },
      { cookie: phone },
    );
    expect(change.statusCode).toBe(204);
    expect((await get(testApp, "/api/dashboard/", { cookie: laptop })).statusCode).toBe(401);
    expect((await get(testApp, "/api/dashboard/", { cookie: phone })).statusCode).toBe(200);

    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const reset = await post(testApp, "/api/auth/reset-password", { token, password: "Reset#Again2026" });
    expect(reset.statusCode).toBe(200);
    expect((await get(testApp, "/api/dashboard/", { cookie: phone })).statusCode).toBe(401);
  });
});

describe("rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => limited?.close());

  /** Every answer is the expected one or a 429 with a Retry-After in seconds; never a 5xx. */
  function expectLimited(
    responses: { statusCode: number; headers: Record<string, unknown> }[],
    allowed: number[],
  ) {
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429 && !allowed.includes(status))).toEqual([]);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) {
      const retryAfter = Number(response.headers["retry-after"]);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 900, String(retryAfter)).toBe(
        true,
      );
    }
  }

  it("answers a burst of wrong sign-ins with 401 then 429 and Retry-After", async () => {
    const student = await insertStudent(limited, "Isha Menon");
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(limited, "/api/auth/login", { email: student.email, password: "Not#ThePassword1" }),
      ),
    );
    expectLimited(burst, [401]);
    expect(burst.filter((response) => response.statusCode === 401)).toHaveLength(3);
  });

  it("answers a burst of reset requests and password changes with 429, never 5xx", async () => {
    const student = await insertStudent(limited, "Jaya Bose");
    const resets = await Promise.all(
      Array.from({ length: 8 }, () => post(limited, "/api/auth/forgot-password", { email: student.email })),
    );
    expectLimited(resets, [202]);
    const changes = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(
          limited,
          "/api/me/password",
          { currentPassword: "Wrong#Current1", newPassword: "Moved#On2026", confirmPassword: "Moved#On2026" },
          { cookie: student.cookie },
        ),
      ),
    );
    expectLimited(changes, [400, 401, 403]);
  });

  it("answers a flood of chat messages past the limit with 429, never 5xx", async () => {
    const floodWorld = await createWorld(limited);
    // 118 of the minute's 120 sends already spent (the world's own sends among them): the flood
    // crosses the limit at once.
    const spent = { windowStart: new Date(), count: 118 };
    await limited.database.db
      .insert(rateLimits)
      .values({ key: `send:user:${floodWorld.owner.id}`, ...spent })
      .onConflictDoUpdate({ target: rateLimits.key, set: spent });
    const flood = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(
          limited,
          `/api/chats/${floodWorld.chatId}/messages`,
          { type: "text", clientId: `c-flood-${String(index).padStart(4, "0")}`, text: `Message ${index}` },
          { cookie: floodWorld.owner.cookie },
        ),
      ),
    );
    expectLimited(flood, [201]);
    expect(flood.filter((response) => response.statusCode === 201)).toHaveLength(2);
  });
});

describe("markup in text fields", () => {
  const PAYLOADS = [
    `<script>alert("xss")</script>`,
    `"><img src=x onerror=alert(1)>`,
    `<svg/onload=alert(document.cookie)>`,
    "javascript:alert(1)",
    "{{constructor.constructor('alert(1)')()}}",
  ];

  /** Each create or edit with every free-text field set to the payload, and where to read it back. */
  async function writeAndReadBack(payload: string) {
    const owner = world.owner;
    const results: { field: string; sent: string; stored: unknown }[] = [];
    const keep = (field: string, stored: unknown, sent = payload) => results.push({ field, sent, stored });
    const image = await uploadedImageUrl(testApp, owner.cookie);
    const item = await post(
      testApp,
      "/api/items",
      buildSellForm(image, { productName: payload, type: payload, description: payload }),
      { cookie: owner.cookie },
    );
    expect(item.statusCode, item.body).toBe(201);
    const itemBack = (
      await get(testApp, `/api/items/${item.json().item.id}`, { cookie: owner.cookie })
    ).json().item;
    for (const field of ["productName", "type", "description"]) keep(`item.${field}`, itemBack[field]);

    const recruitment = await post(
      testApp,
      "/api/recruitment-posts",
      buildRecruitment({ purpose: payload, event: payload, qualities: payload, description: payload }),
      { cookie: owner.cookie },
    );
    expect(recruitment.statusCode, recruitment.body).toBe(201);
    const posts = (await get(testApp, "/api/recruitment-posts", { cookie: owner.cookie })).json().posts as {
      id: string;
    }[];
    const postBack = posts.find((p) => p.id === recruitment.json().post.id) as Record<string, unknown>;
    for (const field of ["purpose", "event", "qualities", "description"])
      keep(`recruitment.${field}`, postBack?.[field]);

    const ticket = await post(
      testApp,
      "/api/tickets",
      { purpose: "Other", description: `${payload} (the page shows this)` },
      { cookie: owner.cookie },
    );
    expect(ticket.statusCode, ticket.body).toBe(201);
    const ticketBack = (
      await get(testApp, `/api/tickets/${ticket.json().ticket.ticketId}`, { cookie: owner.cookie })
    ).json().ticket;
    keep("ticket.description", ticketBack.description, `${payload} (the page shows this)`);

    const profile = await testApp.app.inject({
      method: "PATCH",
      url: "/api/me/profile",
      headers: { cookie: owner.cookie },
      payload: { name: payload, bio: payload, profilePhoto: null },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const profileBack = (await get(testApp, `/api/users/${owner.id}`, { cookie: owner.cookie })).json();
    const user = profileBack.user ?? profileBack.profile ?? profileBack;
    keep("profile.name", user.name);
    keep("profile.bio", user.bio);

    const message = await post(
      testApp,
      `/api/chats/${world.chatId}/messages`,
      { type: "text", clientId: `c-${Date.now()}-${payload.length}`, text: payload },
      { cookie: owner.cookie },
    );
    expect(message.statusCode, message.body).toBe(201);
    const thread = (await get(testApp, `/api/chats/${world.chatId}`, { cookie: owner.cookie })).json();
    const sent = (thread.messages as { id: string; text?: string }[]).find(
      (m) => m.id === message.json().message.id,
    );
    keep("message.text", sent?.text);

    const event = await post(
      testApp,
      "/api/admin/events",
      {
        title: payload,
        organizer: payload,
        venue: payload,
        description: payload,
        date: "2099-04-01",
        time: "10:00",
        city: "Pune",
        college: "Fergusson College",
        image: "https://images.example.in/event.jpg",
        registrationUrl: null,
      },
      { cookie: world.admin.cookie },
    );
    expect(event.statusCode, event.body).toBe(201);
    const events = (await get(testApp, "/api/events", { cookie: owner.cookie })).json().events as {
      id: string;
    }[];
    const eventBack = events.find((e) => e.id === event.json().event.id) as
      | Record<string, unknown>
      | undefined;
    for (const field of ["title", "organizer", "venue", "description"])
      keep(`event.${field}`, eventBack?.[field]);
    return results;
  }

  it("stores and answers the same text in JSON for every free-text field", async () => {
    for (const payload of PAYLOADS) {
      const results = await writeAndReadBack(payload);
      expect(results.length).toBe(15);
      expect(results.filter((result) => result.stored !== result.sent)).toEqual([]);
    }
  });

  it("strips markup characters from a signup name, as the signup rules say", async () => {
    const body = buildSignup({ name: `Priya ${PAYLOADS[0]}` });
    const signup = await post(testApp, "/api/auth/signup", body);
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.name).toBe(sanitiseField(body.name));
    expect(signup.json().user.name).not.toMatch(/[<>]/);
  });

  it("answers JSON with nosniff, so a browser never runs it as a page", async () => {
    const response = await get(testApp, `/api/items/${world.itemId}`, { cookie: world.owner.cookie });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("leaves the web app no way to render text as markup", async () => {
    const root = path.resolve(import.meta.dirname, "../../web");
    const files = (await fs.readdir(root, { recursive: true }))
      .filter((name) => /\.(tsx?|jsx?|html)$/.test(name))
      .map((name) => path.join(root, name));
    expect(files.length).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const file of files) {
      const text = await fs.readFile(file, "utf8");
      for (const pattern of [
        /dangerouslySetInnerHTML/,
        /\.innerHTML\s*=/,
        /\.outerHTML\s*=/,
        /insertAdjacentHTML/,
        /document\.write/,
        /\beval\(/,
        /new Function\(/,
      ]) {
        if (pattern.test(text)) offenders.push(`${path.relative(root, file)}: ${pattern}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
