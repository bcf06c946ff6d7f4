/**
 * `npm run screenshots`: pictures of the app on a 360x740 phone (device scale 2) for docs/screens,
 * so that a newcomer sees what the product looks like. It builds the web app when no build is
 * there, fills a fresh embedded database with demo data (scripts/seed-demo.ts), starts the server
 * as `npm start` does, and photographs the dashboard, browse, an item and a chat thread as a
 * signed-in demo student.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { findChromium } from "../tests/helpers/browser";
import { ensureWebBuild, startServer } from "../tests/helpers/server-process";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "docs/screens");
const DEMO_PASSWORD = "CampusDemo#2025";
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  hasTouch: true,
  isMobile: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

/** Seeds demo students and items into `dataDir`; returns the e-mail of one seeded student. */
function seed(dataDir: string): string {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/seed-demo.ts"), "--users", "24", "--items", "90"],
    { cwd: root, encoding: "utf8", env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  if (run.status !== 0) throw new Error(`Seeding failed:\n${run.stdout}\n${run.stderr}`);
  const email = /For example: (\S+)/.exec(run.stdout)?.[1];
  if (!email) throw new Error(`The seed named no student:\n${run.stdout}`);
  return email;
}

/** Waits until no spinner or loading text is left and images have arrived, then photographs. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((image) =>
        image.complete ? undefined : new Promise((resolve) => image.addEventListener("load", resolve)),
      ),
    ),
  );
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`  ${path.relative(root, file)}`);
}

async function main(): Promise<void> {
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error("Chromium not found: install Debian's chromium or set CHROME_PATH.");
  ensureWebBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-screens-"));
  const email = seed(dataDir);
  const server = await startServer({ env: { DATA_DIR: dataDir } });
  const browser = await chromium.launch({ executablePath: chromiumPath });
  try {
    const context = await browser.newContext({ ...PHONE, baseURL: server.baseUrl });
    const page = await context.newPage();
    const headers = { origin: server.baseUrl };
    const login = await page.request.post("/api/auth/login", {
      data: { email, password: DEMO_PASSWORD },
      headers,
    });
    if (!login.ok()) throw new Error(`Signing in as ${email} failed: ${login.status()}`);
    const { user } = (await login.json()) as { user: { id: string } };

    // A conversation about someone else's item, so that the thread has something to show.
    const listing = await page.request.get("/api/items?sort=newest");
    const { items } = (await listing.json()) as { items: { id: string; sellerId: string }[] };
    const item = items.find((candidate) => candidate.sellerId !== user.id);
    if (!item) throw new Error("The demo data has no item of another student");
    const opened = await page.request.post("/api/chats", {
      data: { userId: item.sellerId, itemId: item.id },
      headers,
    });
    const { chat } = (await opened.json()) as { chat: { id: string } };
    for (const text of ["Hi! Is this still available?", "Can I pick it up near the library after 5?"]) {
      await page.request.post(`/api/chats/${chat.id}/messages`, {
        data: { type: "text", text, clientId: crypto.randomUUID() },
        headers,
      });
    }

    await fs.mkdir(outDir, { recursive: true });
    console.log("Screens at 360x740:");
    await page.goto("/dashboard");
    await shoot(page, "dashboard");
    await page.goto("/buy");
    await shoot(page, "browse");
    await page.goto(`/item/${item.id}`);
    await shoot(page, "item");
    await page.goto(`/messages?chatId=${chat.id}`);
    await shoot(page, "thread");
  } finally {
    await browser.close();
    await server.terminate();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
