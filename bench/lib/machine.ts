import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { round } from "./stats";

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "results");

/** What the figures were measured on, with the load average: other work inflates every figure. */
export function describeMachine(loadAtStart: number) {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    /** One-minute load average at the start and the end of the run. */
    loadAverage: { start: round(loadAtStart, 1), end: round(os.loadavg()[0] ?? 0, 1) },
  };
}

/** Writes bench/results/{name}.json and returns its path relative to the working folder. */
export async function writeResults(name: string, report: unknown): Promise<string> {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}
