import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "./browser";
import { freePort } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromiumPath: string | null;
  }
}

export const E2E_ADMIN_EMAIL = "admin@campusbazaar.test";
export const E2E_ADMIN_PASSWORD = "Admin#Pass2025";

const root = path.resolve(import.meta.dirname, "../..");

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 60 s:\n${log()}`);
}

/**
 * Builds the web app and starts the real server as its own process on a fresh embedded database,
 * as `npm start` would. Browser tests then drive it through Chromium.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  project.provide("chromiumPath", chromiumPath);
  if (!chromiumPath) {
    const message =
      "Chromium not found (set CHROME_PATH or install Debian's chromium): browser tests are SKIPPED.";
    if (process.env.E2E_REQUIRED === "1") throw new Error(`${message} E2E_REQUIRED=1 forbids skipping.`);
    process.stderr.write(`\n${"!".repeat(80)}\n${message}\n${"!".repeat(80)}\n\n`);
    project.provide("baseUrl", "");
    project.provide("dataDir", "");
    return;
  }

  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    // The production bundle people get, with its size budget checked, whatever vitest set.
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error("The web build failed");

  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-e2e-"));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const logStream = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      AUTH_RATE_LIMIT: "200",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(logStream);
  child.stderr?.pipe(logStream);
  await waitForHealth(baseUrl, child, () => fs.readFileSync(logFile, "utf8"));

  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await fsp.rm(dataDir, { recursive: true, force: true });
  };
}
