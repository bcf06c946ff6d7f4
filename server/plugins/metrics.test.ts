import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openItemChat, sendText } from "../../tests/factories/chats";
import { createStudent } from "../../tests/factories/users";
import { get } from "../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../tests/helpers/live";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";

const TOKEN = "scrape-token-0123456789abcdef";

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(body: string, name: string, labels = ""): number | undefined {
  const line = body.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}` : " "}`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("GET /metrics without a token configured", () => {
  let testApp: TestApp;
  let baseUrl: string;
  let live: LiveClient | undefined;
  beforeAll(async () => {
    testApp = await createTestApp();
    baseUrl = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await live?.close();
    await testApp?.close();
  });

  it("answers in the Prometheus text format with every family the operator needs", async () => {
    const buyer = await createStudent(testApp, { name: "Aarav Mehta" });
    const seller = await createStudent(testApp, { name: "Diya Nair" });
    const chat = await openItemChat(testApp, buyer, seller, "Study lamp");
    live = await connectLive(baseUrl, seller.cookie);
    await sendText(testApp, buyer, chat.id, "Is the lamp still there?");
    await live.waitFor((frame) => frame.type === "message.created", "the message on the seller's socket");
    expect((await get(testApp, "/api/health")).statusCode).toBe(200);

    const response = await get(testApp, "/metrics");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    for (const family of [
      "http_requests_total",
      "http_request_duration_seconds",
      "live_sockets_open",
      "live_delivery_lag_seconds",
      "outbox_backlog",
      "outbox_failed",
      "db_pool_connections",
      "db_pool_idle",
      "db_pool_waiting",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(body, family).toContain(`# TYPE ${family} `);
    }
    // Requests are counted by route pattern, never by the raw URL.
    expect(sample(body, "http_requests_total", 'route="/api/health",method="GET",status="200"')).toBe(1);
    expect(body).not.toMatch(/route="\/api\/chats\/[0-9a-f]{8}/);
    expect(sample(body, "live_sockets_open")).toBe(1);
    // The seller's socket had the message (and its chat update) written to it: at least one delivery.
    expect(sample(body, "live_delivery_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(body, "outbox_backlog")).toBe(0);
    expect(sample(body, "db_pool_connections")).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /metrics with METRICS_TOKEN set", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it("without the token -> 401, and no figures in the answer", async () => {
    const response = await get(testApp, "/metrics");
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain("http_requests_total");
  });

  it("with a wrong token -> 401", async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, "Basic abc"]) {
      const response = await get(testApp, "/metrics", { headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it("with the token -> 200 and the figures", async () => {
    const response = await get(testApp, "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("# TYPE http_requests_total counter");
    expect(response.body).toContain("# TYPE live_delivery_lag_seconds histogram");
  });
});

describe("GET /api/health and GET /api/ready", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.stop();
  });

  it("both answer 200 while the database and the storage answer", async () => {
    expect((await get(testApp, "/api/health")).json()).toEqual({ status: "ok" });
    expect((await get(testApp, "/api/ready")).json()).toEqual({ status: "ready" });
  });

  it("ready answers 503 once the database is gone, while health still answers 200", async () => {
    await testApp.database.close();
    const ready = await get(testApp, "/api/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe("unavailable");
    expect((await get(testApp, "/api/health")).statusCode).toBe(200);
  });
});
