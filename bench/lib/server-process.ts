/**
 * The server as a child process, measured apart from the load generator: start
 * `node --import tsx server/main.ts` with an environment, wait for /api/ready, sample its CPU and
 * memory from /proc, and stop it with SIGTERM (the server's graceful shutdown).
 *
 *   const server = await startServer({ env: { DATA_DIR: folder, DATABASE_URL: "" } });
 *   const usage = new UsageRecorder([server.pid]);
 *   ... load against server.baseUrl ...
 *   const figures = usage.summary(); // CPU as % of one core, RSS in MB
 *   await server.stop();
 *
 * process.cpuUsage() only sees the calling process, hence /proc/<pid>/stat (user + system ticks)
 * and /proc/<pid>/status (VmRSS, VmHWM). Linux only, like the benchmark machine.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { round } from "./stats";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const READY_POLL_MS = 100;
const STOP_TIMEOUT_MS = 15_000;
/** Lines of the child's output kept to explain a failed start. */
const KEPT_OUTPUT_LINES = 40;

export interface StartServerOptions {
  /**
   * Server settings (see server/config/env.ts) on top of the defaults below: DATA_DIR and
   * DATABASE_URL ("" for the embedded database) are the ones a benchmark always chooses.
   */
  env: Record<string, string>;
  /** Extra arguments for node, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/profiles"]. */
  nodeArgs?: string[];
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  readyTimeoutMs?: number;
}

export interface ServerProcess {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** The last lines the server printed (warnings and errors at LOG_LEVEL=warn). */
  recentOutput(): string;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. Resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A free TCP port on loopback (free when asked; the server takes it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

/** Starts the server and resolves once GET /api/ready answers 200; fails with its output otherwise. */
export async function startServer(options: StartServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    // Load generators sign many users in from one address.
    AUTH_RATE_LIMIT: "1000000",
    // ... and hold thousands of live sockets from it.
    LIVE_SOCKETS_PER_ADDRESS: "1000000",
    // Set, so that no generated password is printed.
    ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
    ...options.env,
  };
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "--import", "tsx", path.join(ROOT, "server", "main.ts")],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const recentOutput = () => output.join("\n");

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (!(await isReady(baseUrl))) {
    if (hasExited) throw new Error(`The server exited during start:\n${recentOutput()}`);
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(`The server was not ready in time:\n${recentOutput()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  if (child.pid === undefined) throw new Error("The server process has no pid");
  return { pid: child.pid, port, baseUrl, recentOutput, stop: () => stopChild(child, exited) };
}

async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// CPU and memory from /proc

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

export interface ProcessSample {
  /** performance.now() when read. */
  atMs: number;
  /** User + system CPU time the process has used since it started. */
  cpuSeconds: number;
  rssBytes: number;
  /** The peak RSS so far (VmHWM). */
  peakRssBytes: number;
  /**
   * Time the main thread was ready to run but waited for a CPU (/proc/<pid>/schedstat): on a
   * busy machine, the share of the wall time other work took from it.
   */
  runQueueWaitSeconds: number;
}

/** One reading of a process; undefined once it has exited (or on a system without /proc). */
export function readProcess(pid: number): ProcessSample | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: count fields after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    const schedstat = fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ");
    return {
      atMs: performance.now(),
      cpuSeconds: ticks / clockTicks(),
      runQueueWaitSeconds: Number(schedstat[1] ?? 0) / 1e9,
      rssBytes: kb("VmRSS") * 1024,
      peakRssBytes: kb("VmHWM") * 1024,
    };
  } catch {
    return undefined;
  }
}

export interface UsageSummary {
  seconds: number;
  /** CPU time over wall time, in % of one core (200% = both cores of a 2-core machine). */
  cpuPercent: number;
  /** Time the main threads waited for a CPU while ready to run, in % of the wall time (summed). */
  cpuWaitPercent: number;
  meanRssMb: number;
  endRssMb: number;
  /** The highest RSS seen in the window (per process, summed over the processes). */
  peakRssMb: number;
}

const mb = (bytes: number) => round(bytes / 1024 ** 2, 1);

/**
 * Samples a set of processes every `intervalMs` until summarised. The set may change while it
 * runs (`pids` is called at each sample), e.g. the database backends serving one database; a
 * process counts from its first sample, and one that exits between samples loses its last interval.
 */
export class UsageRecorder {
  private readonly first = new Map<number, ProcessSample>();
  private readonly last = new Map<number, ProcessSample>();
  private readonly startedMs = performance.now();
  private readonly rssSums: number[] = [];
  private peakRssBytes = 0;
  private readonly timer: NodeJS.Timeout;
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly pids: number[] | (() => Promise<number[]>),
    options: { intervalMs?: number } = {},
  ) {
    void this.sample();
    this.timer = setInterval(() => void this.sample(), options.intervalMs ?? 1_000);
  }

  private sample(): Promise<void> {
    this.pending = this.pending.then(async () => {
      const pids = typeof this.pids === "function" ? await this.pids().catch(() => []) : this.pids;
      let rss = 0;
      for (const pid of pids) {
        const reading = readProcess(pid);
        if (!reading) continue;
        if (!this.first.has(pid)) this.first.set(pid, reading);
        this.last.set(pid, reading);
        rss += reading.rssBytes;
      }
      this.rssSums.push(rss);
      this.peakRssBytes = Math.max(this.peakRssBytes, rss);
    });
    return this.pending;
  }

  /** Takes a last sample, stops sampling and sums up the window. */
  async summary(): Promise<UsageSummary> {
    clearInterval(this.timer);
    await this.sample();
    const seconds = (performance.now() - this.startedMs) / 1000;
    let cpuSeconds = 0;
    let waitSeconds = 0;
    for (const [pid, last] of this.last) {
      const first = this.first.get(pid);
      cpuSeconds += last.cpuSeconds - (first?.cpuSeconds ?? 0);
      waitSeconds += last.runQueueWaitSeconds - (first?.runQueueWaitSeconds ?? 0);
    }
    const meanRss = this.rssSums.reduce((sum, value) => sum + value, 0) / Math.max(1, this.rssSums.length);
    return {
      seconds: round(seconds, 1),
      cpuPercent: round((cpuSeconds / Math.max(seconds, 0.001)) * 100, 1),
      cpuWaitPercent: round((waitSeconds / Math.max(seconds, 0.001)) * 100, 1),
      meanRssMb: mb(meanRss),
      endRssMb: mb(this.rssSums.at(-1) ?? 0),
      peakRssMb: mb(this.peakRssBytes),
    };
  }
}
