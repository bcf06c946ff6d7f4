import {
  CLOSE_TOO_MANY_FOR_ADDRESS,
  CLOSE_TOO_MANY_FOR_USER,
  LIVE_SOCKETS_PER_USER,
} from "@shared/live-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildRecruitment, createRecruitmentPost } from "../../tests/factories/recruitment";
import { createStudent } from "../../tests/factories/users";
import { signIn } from "../../tests/helpers/api";
import {
  connectLive,
  type LiveClient,
  listenOnLoopback,
  settle,
  TEST_ORIGIN,
} from "../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { BROADCAST_INTERVAL_MS } from "./gateway";

let testApp: TestApp;
let baseUrl: string;
const openSockets: LiveClient[] = [];
beforeAll(async () => {
  // Recruiters here write more than a minute's limit allows; the limits have their own tests.
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" });
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(async () => {
  await Promise.all(openSockets.map((socket) => socket.close()));
  await testApp?.close();
});

async function connect(cookie: string, url = baseUrl): Promise<LiveClient> {
  const client = await connectLive(url, cookie);
  openSockets.push(client);
  return client;
}

/** When each recruitment.changed frame arrived at a socket (ms, performance clock). */
function recordBroadcasts(client: LiveClient): number[] {
  const times: number[] = [];
  client.socket.on("message", (data) => {
    if ((JSON.parse(String(data)) as { type: string }).type === "recruitment.changed")
      times.push(performance.now());
  });
  return times;
}

describe("broadcasts to everyone are coalesced per topic", () => {
  it("six recruitment writes in a burst reach an open Teammate Finder as at most two frames, the last after the last write", async () => {
    const watcher = await createStudent(testApp);
    const recruiter = await createStudent(testApp);
    const client = await connect(watcher.cookie);
    await settle(BROADCAST_INTERVAL_MS + 100);
    const times = recordBroadcasts(client);

    const started = performance.now();
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    let lastWriteStarted = started;
    for (let edit = 0; edit < 5; edit++) {
      lastWriteStarted = performance.now();
      const response = await testApp.app.inject({
        method: "PATCH",
        url: `/api/recruitment-posts/${post.id}`,
        headers: { cookie: recruiter.cookie },
        payload: buildRecruitment({ maxStudents: edit + 2 }),
      });
      expect(response.statusCode).toBe(200);
    }
    const burst = performance.now() - started;
    await settle(BROADCAST_INTERVAL_MS + 500);

    expect(times.length).toBeGreaterThanOrEqual(1);
    // Two when the burst fits in one interval, as it does unless the machine is very slow.
    expect(times.length).toBeLessThanOrEqual(Math.ceil(burst / BROADCAST_INTERVAL_MS) + 1);
    // The trailing one announces the writes after the first.
    expect(times.at(-1) ?? 0).toBeGreaterThanOrEqual(lastWriteStarted);
  });

  it("a steady stream of writes for three seconds is announced about once a second, never faster", async () => {
    const watcher = await createStudent(testApp);
    const recruiters = await Promise.all(Array.from({ length: 3 }, () => createStudent(testApp)));
    const client = await connect(watcher.cookie);
    await settle(BROADCAST_INTERVAL_MS + 100);
    const times = recordBroadcasts(client);

    const started = performance.now();
    let writes = 0;
    let lastWriteStarted = started;
    let lastWriteEnded = started;
    while (performance.now() - started < 3 * BROADCAST_INTERVAL_MS) {
      lastWriteStarted = performance.now();
      await createRecruitmentPost(testApp, recruiters[writes % recruiters.length]?.cookie ?? "");
      lastWriteEnded = performance.now();
      writes++;
      await settle(100);
    }
    await settle(BROADCAST_INTERVAL_MS + 500);

    // Until the last write was stored: on a slow machine it can land just after an announcement,
    // and is then announced a second later.
    const elapsed = lastWriteEnded - started;
    // One at once, then at most one a second, however slow the machine makes each write.
    expect(times.length).toBeGreaterThanOrEqual(Math.min(writes, 2));
    expect(times.length).toBeLessThanOrEqual(Math.ceil(elapsed / BROADCAST_INTERVAL_MS) + 1);
    expect(times.at(-1) ?? 0).toBeGreaterThanOrEqual(lastWriteStarted);
  });

  it("topics are coalesced apart: an event posted meanwhile is announced at once", async () => {
    const watcher = await createStudent(testApp);
    const recruiter = await createStudent(testApp);
    const admin = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const client = await connect(watcher.cookie);
    await settle(BROADCAST_INTERVAL_MS + 100);
    const recruitmentTimes = recordBroadcasts(client);
    let eventAt = 0;
    client.socket.on("message", (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === "events.changed")
        eventAt = performance.now();
    });
    await createRecruitmentPost(testApp, recruiter.cookie);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/admin/events",
      headers: { cookie: admin },
      payload: {
        title: "Coding night",
        organizer: "Coding Club",
        date: "2099-12-15",
        time: "17:30",
        venue: "Main Auditorium",
        description: "Teams of up to four build for 24 hours.",
        city: "Mumbai",
        college: "IIT Bombay",
        image: "https://images.example.in/event.jpg",
        registrationUrl: null,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    await client.waitFor((frame) => (frame.type as string) === "events.changed", "events.changed");
    // Sharing one interval, the event's frame would have waited a second behind recruitment's.
    expect(recruitmentTimes).toHaveLength(1);
    expect(eventAt - (recruitmentTimes[0] ?? 0)).toBeLessThan(BROADCAST_INTERVAL_MS);
  });
});

interface Outcome {
  socket: WebSocket;
  /** "open" once hello arrived; otherwise the close code and reason. */
  result: { kind: "open" } | { kind: "closed"; code: number; reason: string };
  /** Resolves with the close code and reason when the server later closes it. */
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens /api/live and reports whether it got its hello or was closed first. */
function openLive(url: string, cookie: string): Promise<Outcome> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/api/live`, {
    headers: { cookie, origin: TEST_ORIGIN },
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on("error", () => {});
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("neither hello nor close within 30 s")), 30_000);
    socket.once("message", () => {
      clearTimeout(timer);
      resolve({ socket, result: { kind: "open" }, closed });
    });
    void closed.then(({ code, reason }) => {
      clearTimeout(timer);
      resolve({ socket, result: { kind: "closed", code, reason }, closed });
    });
  });
}

describe("live sockets are capped", () => {
  it(`per user at ${LIVE_SOCKETS_PER_USER}: the eleventh tab closes the oldest with ${CLOSE_TOO_MANY_FOR_USER} and a reason`, async () => {
    const student = await createStudent(testApp);
    const tabs: Outcome[] = [];
    for (let index = 0; index < LIVE_SOCKETS_PER_USER; index++)
      tabs.push(await openLive(baseUrl, student.cookie));
    expect(tabs.map((tab) => tab.result.kind)).toEqual(Array(LIVE_SOCKETS_PER_USER).fill("open"));

    const newest = await openLive(baseUrl, student.cookie);
    expect(newest.result).toEqual({ kind: "open" });
    await expect(tabs[0]?.closed).resolves.toEqual({
      code: CLOSE_TOO_MANY_FOR_USER,
      reason: "too many live connections for this account",
    });
    await settle();
    expect(tabs.slice(1).map((tab) => tab.socket.readyState)).toEqual(
      Array(LIVE_SOCKETS_PER_USER - 1).fill(WebSocket.OPEN),
    );
    expect(newest.socket.readyState).toBe(WebSocket.OPEN);
    // Another student is not affected by this one's tabs.
    const other = await openLive(baseUrl, (await createStudent(testApp)).cookie);
    expect(other.result).toEqual({ kind: "open" });
    for (const tab of [...tabs, newest, other]) tab.socket.close();
  });

  it("per address: past the cap the newest is refused with 4030 and a reason; the open ones stay; a freed place is taken again", async () => {
    const capped = await createTestApp({ LIVE_SOCKETS_PER_ADDRESS: "3" });
    try {
      const url = await listenOnLoopback(capped.app);
      const students = await Promise.all(Array.from({ length: 4 }, () => createStudent(capped)));
      const first = await Promise.all(students.slice(0, 3).map((student) => openLive(url, student.cookie)));
      expect(first.map((tab) => tab.result.kind)).toEqual(["open", "open", "open"]);

      const refused = await openLive(url, students[3]?.cookie ?? "");
      expect(refused.result).toEqual({
        kind: "closed",
        code: CLOSE_TOO_MANY_FOR_ADDRESS,
        reason: "too many live connections from this address",
      });
      await settle();
      expect(first.map((tab) => tab.socket.readyState)).toEqual([
        WebSocket.OPEN,
        WebSocket.OPEN,
        WebSocket.OPEN,
      ]);

      first[0]?.socket.close();
      await first[0]?.closed;
      await settle();
      const again = await openLive(url, students[3]?.cookie ?? "");
      expect(again.result).toEqual({ kind: "open" });
      for (const tab of [...first, again]) tab.socket.close();
    } finally {
      await capped.close();
    }
    // A second app of its own: slow to build on a busy machine.
  }, 180_000);
});
