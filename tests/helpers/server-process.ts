import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildSignup } from "../factories/users";

const root = path.resolve(import.meta.dirname, "../..");
const READY_TIMEOUT_MS = 90_000;

/** Builds the web app unless a build is there: tests that drive a browser need the served pages. */
export function ensureWebBuild(): void {
  if (fs.existsSync(path.join(root, "dist/web/index.html"))) return;
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (build.status !== 0) throw new Error("The web build failed");
}

/** A free loopback port: the OS picks one, and it is released at once for the caller to use. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Milliseconds from spawn until /api/ready answered 200 (0 until then). */
  readyAfterMs: number;
  /** Resolves once /api/ready answers 200; fails if the process exits first or after the timeout. */
  waitUntilReady(): Promise<void>;
  /** kill -9: no shutdown code runs. */
  kill9(): Promise<void>;
  /** SIGTERM, then waits for the exit and returns its code. */
  terminate(): Promise<number | string>;
}

export interface StartOptions {
  /** Environment over the defaults (HOST, PORT, LOG_LEVEL=warn, NODE_ENV=production). */
  env: Record<string, string>;
  /** A fixed port (a restart keeps its address); a free one by default. */
  port?: number;
  /** Wait for /api/ready before returning (default true). */
  waitForReady?: boolean;
}

/**
 * Starts `node --import tsx server/main.ts` as its own process, as `npm start` does, capturing its
 * output. Durability and scale tests kill, stop and restart these.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      PUBLIC_URL: `http://localhost:${port}`,
      ...options.env,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout?.on("data", (data: Buffer) => chunks.push(data.toString()));
  child.stderr?.on("data", (data: Buffer) => chunks.push(data.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const output = () => chunks.join("");

  const server: ServerProcess = {
    child,
    port,
    baseUrl,
    output,
    exited,
    readyAfterMs: 0,
    async waitUntilReady() {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      let hasExited = false;
      void exited.then(() => {
        hasExited = true;
      });
      while (Date.now() < deadline) {
        if (hasExited) throw new Error(`The server exited during start (${await exited}):\n${output()}`);
        try {
          const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
          await response.body?.cancel();
          if (response.status === 200) {
            server.readyAfterMs = performance.now() - startedAt;
            return;
          }
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  if (options.waitForReady !== false) {
    try {
      await server.waitUntilReady();
    } catch (error) {
      await server.kill9();
      throw error;
    }
  }
  return server;
}

/** Signs a new student up on a server process; their address and session cookie. */
export async function signUpOver(server: ServerProcess): Promise<{ email: string; cookie: string }> {
  const body = buildSignup();
  const response = await fetch(`${server.baseUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  return { email: body.email, cookie };
}
