import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../factories/images";
import { buildSignup } from "../factories/users";
import { findChromium, launchBrowser, openPage, type TrackedPage } from "../helpers/browser";
import { connectLive, type LiveClient } from "../helpers/live";
import { type RoundRobinProxy, startRoundRobinProxy } from "../helpers/round-robin-proxy";
import { type LocalS3, startLocalS3 } from "../helpers/s3";
import { ensureWebBuild, freePort, type ServerProcess, startServer } from "../helpers/server-process";

/**
 * Two instances of the server on one PostgreSQL database and one S3 bucket, behind a round-robin
 * proxy, with Chromium driven through the proxy as a student would use it.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const chromiumPath = findChromium();
const AUTH_RATE_LIMIT = 4;

if (!postgresUrl || !chromiumPath) {
  const missing = [!postgresUrl && "TEST_DATABASE_URL", !chromiumPath && "Chromium"].filter(Boolean);
  process.stderr.write(
    `\n${"!".repeat(80)}\n${missing.join(" and ")} missing: the two-instance test is SKIPPED.\n${"!".repeat(80)}\n\n`,
  );
}

describe.skipIf(!postgresUrl || !chromiumPath)("two instances behind a load balancer", () => {
  const scratch = `campus_bazaar_instances_${randomBytes(5).toString("hex")}`;
  const folders: string[] = [];
  let admin: pg.Client;
  let s3: LocalS3;
  let proxy: RoundRobinProxy;
  let instances: ServerProcess[] = [];
  let browser: Browser;
  const pages: TrackedPage[] = [];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ensureWebBuild();
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${scratch}`);
    const url = new URL(postgresUrl as string);
    url.pathname = `/${scratch}`;
    s3 = await startLocalS3();
    const ports = [await freePort(), await freePort()];
    proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
    for (const port of ports) {
      const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-instance-"));
      folders.push(dataDir);
      // One after the other: the first runs the migrations.
      instances.push(
        await startServer({
          port,
          env: {
            ...s3.env,
            DATA_DIR: dataDir,
            DATABASE_URL: url.toString(),
            PUBLIC_URL: proxy.url,
            TRUST_PROXY: "1",
            ADMIN_PASSWORD: "Admin#Pass2025",
            AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
          },
        }),
      );
    }
    browser = await launchBrowser(chromiumPath as string);
  });

  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    for (const page of pages) await page.context.close();
    await browser?.close();
    await proxy?.close();
    for (const instance of instances) await instance.terminate();
    instances = [];
    await s3?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${scratch} with (force)`);
      await admin.end();
    }
    for (const folder of folders) await fsp.rm(folder, { recursive: true, force: true });
  });

  const [first, second] = [() => instances[0] as ServerProcess, () => instances[1] as ServerProcess];

  async function studentPage(name: string): Promise<TrackedPage & { id: string; email: string }> {
    const tracked = await openPage(browser, proxy.url);
    pages.push(tracked);
    const body = buildSignup({ name });
    const response = await tracked.page.request.post("/api/auth/signup", {
      data: body,
      headers: { origin: proxy.url },
    });
    expect(response.status()).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    return { ...tracked, id: user.id, email: body.email };
  }

  async function cookieOf(context: BrowserContext): Promise<string> {
    const session = (await context.cookies()).find((c) => c.name === "cb_session");
    if (!session) throw new Error("the browser has no session cookie");
    return `cb_session=${session.value}`;
  }

  async function postItem(page: Page, productName: string): Promise<{ id: string; image: string }> {
    const upload = await page.request.post("/api/uploads/images", {
      multipart: {
        file: { name: "lamp.png", mimeType: "image/png", buffer: await makeImage("png", { width: 200 }) },
      },
      headers: { origin: proxy.url },
    });
    expect(upload.status()).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const created = await page.request.post("/api/items", {
      data: {
        productName,
        type: "Desk lamp",
        price: 400,
        category: "other",
        condition: "used",
        description: "Warm light, two brightness levels",
        showMobileNumber: false,
        productImage: url,
      },
      headers: { origin: proxy.url },
    });
    expect(created.status()).toBe(201);
    return { id: ((await created.json()) as { item: { id: string } }).item.id, image: url };
  }

  it("a session made through one instance is valid on the other", async () => {
    const student = await studentPage("Kavya Reddy");
    const cookie = await cookieOf(student.context);
    for (const instance of [first(), second()]) {
      const me = await fetch(`${instance.baseUrl}/api/auth/me`, { headers: { cookie } });
      expect(me.status, instance.baseUrl).toBe(200);
      expect(((await me.json()) as { user: { id: string } }).user.id).toBe(student.id);
    }
    // Through the proxy the browser's pages and calls land on both instances, signed in on each.
    await student.page.goto("/dashboard");
    await student.page
      .getByRole("link", { name: /^Notifications/ })
      .first()
      .waitFor();
    for (let i = 0; i < 4; i++) {
      const me = await student.page.request.get("/api/auth/me");
      expect(me.status()).toBe(200);
    }
    for (const [target, counts] of proxy.served) expect(counts.requests, target).toBeGreaterThan(0);
    expect(student.errors).toEqual([]);
  });

  it("an item posted through one instance appears through the other, with its image", async () => {
    const seller = await studentPage("Rohan Gupta");
    const productName = `Study Lamp ${randomBytes(3).toString("hex")}`;
    const item = await postItem(seller.page, productName);
    const cookie = await cookieOf(seller.context);
    const images: Buffer[] = [];
    for (const instance of [first(), second()]) {
      const detail = await fetch(`${instance.baseUrl}/api/items/${item.id}`, { headers: { cookie } });
      expect(detail.status, instance.baseUrl).toBe(200);
      const image = await fetch(`${instance.baseUrl}${item.image}`, { redirect: "follow" });
      expect(image.status, `${item.image} from ${instance.baseUrl}`).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
      images.push(Buffer.from(await image.arrayBuffer()));
    }
    expect(images[0]?.length).toBeGreaterThan(0);
    expect(images[0]?.equals(images[1] as Buffer)).toBe(true);

    // The browser shows it, image loaded, whichever instance serves each request.
    const buyer = await studentPage("Meera Pillai");
    await buyer.page.goto(`/item/${item.id}`);
    await buyer.page.getByRole("heading", { name: productName }).waitFor();
    const image = buyer.page.locator(`img[src^="${item.image}"]`).first();
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(buyer.errors).toEqual([]);
  });

  it("a chat message sent through one instance reaches a socket on the other", async () => {
    const seller = await studentPage("Ananya Das");
    const buyer = await studentPage("Vikram Singh");
    const item = await postItem(seller.page, `Cycle ${randomBytes(3).toString("hex")}`);
    const sellerCookie = await cookieOf(seller.context);
    const buyerCookie = await cookieOf(buyer.context);

    // Pinned: the socket on the second instance, the send through the first.
    const socket = await connectLive(second().baseUrl, sellerCookie, { origin: proxy.url });
    sockets.push(socket);
    const opened = await fetch(`${first().baseUrl}/api/chats`, {
      method: "POST",
      headers: { cookie: buyerCookie, "content-type": "application/json" },
      body: JSON.stringify({ userId: seller.id, itemId: item.id }),
    });
    expect(opened.status).toBe(200);
    const { chat } = (await opened.json()) as { chat: { id: string } };
    const text = `Still available? ${randomBytes(2).toString("hex")}`;
    const sent = await fetch(`${first().baseUrl}/api/chats/${encodeURIComponent(chat.id)}/messages`, {
      method: "POST",
      headers: { cookie: buyerCookie, "content-type": "application/json" },
      body: JSON.stringify({ type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text }),
    });
    expect(sent.status).toBe(201);
    await socket.waitFor(
      (frame) => frame.type === "message.created" && frame.data.message.text === text,
      "the message on the other instance's socket",
      15_000,
    );

    // In the browser, through the proxy: the seller's open thread shows the buyer's reply live.
    await seller.page.goto(`/messages?chatId=${encodeURIComponent(chat.id)}`);
    await seller.page.getByRole("log").getByText(text).waitFor();
    await buyer.page.goto(`/messages?chatId=${encodeURIComponent(chat.id)}`);
    const reply = `Can I see it at 6? ${randomBytes(2).toString("hex")}`;
    for (let i = 0; i < 3; i++) {
      // Several sends, so they go through both instances in turn.
      await buyer.page.getByRole("textbox", { name: "Type a message" }).fill(`${reply} #${i}`);
      await buyer.page.getByRole("textbox", { name: "Type a message" }).press("Enter");
      await buyer.page.getByRole("log").getByText(`${reply} #${i}`).waitFor();
    }
    for (let i = 0; i < 3; i++) {
      await seller.page.getByRole("log").getByText(`${reply} #${i}`).waitFor({ timeout: 15_000 });
    }
    for (const [target, counts] of proxy.served) expect(counts.upgrades, target).toBeGreaterThan(0);
    expect(seller.errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });

  async function liveSocketsOpen(instance: ServerProcess): Promise<number> {
    const text = await (await fetch(`${instance.baseUrl}/metrics`)).text();
    const line = text.split("\n").find((l) => l.startsWith("live_sockets_open "));
    return Number(line?.split(" ")[1] ?? Number.NaN);
  }

  it("rate limits hold across instances: sign-in attempts on both count toward one limit", async () => {
    const student = await studentPage("Ishaan Kapoor");
    const attempt = (instance: ServerProcess) =>
      fetch(`${instance.baseUrl}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: student.email, password: "Wrong#Password1" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_RATE_LIMIT + 2; i++) {
      const response = await attempt(i % 2 === 0 ? first() : second());
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Each instance alone saw at most half the limit; together they refuse what passes it.
    expect(statuses.slice(0, AUTH_RATE_LIMIT)).toEqual(Array(AUTH_RATE_LIMIT).fill(401));
    expect(statuses.slice(AUTH_RATE_LIMIT)).toEqual([429, 429]);
  });

  it("an instance stopped with SIGTERM: its browser reconnects through the proxy to the other and stays live", async () => {
    // Only this test's page holds a live socket from here on.
    for (const socket of sockets.splice(0)) await socket.close();
    for (const page of pages.splice(0)) await page.context.close();
    const seller = await studentPage("Pooja Verma");
    const buyer = await studentPage("Sahil Khan");
    const item = await postItem(seller.page, `Hostel kettle ${randomBytes(3).toString("hex")}`);
    const opened = await buyer.page.request.post("/api/chats", {
      data: { userId: seller.id, itemId: item.id },
      headers: { origin: proxy.url },
    });
    expect(opened.status()).toBe(200);
    const { chat } = (await opened.json()) as { chat: { id: string } };
    await seller.page.goto(`/messages?chatId=${encodeURIComponent(chat.id)}`);
    await seller.page.getByRole("log").waitFor();

    let holder: ServerProcess | undefined;
    await expect
      .poll(
        async () => {
          const counts = await Promise.all(instances.map(liveSocketsOpen));
          holder = instances[counts.indexOf(1)];
          return counts.reduce((sum, n) => sum + n, 0);
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const survivor = instances.find((instance) => instance !== holder) as ServerProcess;
    expect(await (holder as ServerProcess).terminate()).toBe(0);

    await expect.poll(() => liveSocketsOpen(survivor), { timeout: 60_000, interval: 500 }).toBe(1);
    const text = `Is it still there? ${randomBytes(2).toString("hex")}`;
    const sent = await buyer.page.request.post(`/api/chats/${encodeURIComponent(chat.id)}/messages`, {
      data: { type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text },
      headers: { origin: proxy.url },
    });
    expect(sent.status()).toBe(201);
    await seller.page.getByRole("log").getByText(text).waitFor({ timeout: 15_000 });
    expect(seller.errors).toEqual([]);
  });
});
