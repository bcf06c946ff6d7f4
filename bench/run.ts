// `npm run bench`: every benchmark in turn, each in its own process so that one's memory and
// sockets do not colour the next. `npm run bench -- browse chat` runs only those.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** In order: name, then the script under bench/. */
const BENCHMARKS: ReadonlyArray<readonly [string, string]> = [
  ["browse", "browse.ts"],
  ["chat", "chat.ts"],
  ["frontend", "frontend.ts"],
  ["load", "load.ts"],
  ["saved-searches", "saved-searches.ts"],
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHMARKS.some(([known]) => known === name));
if (unknown.length > 0) {
  process.stderr.write(
    `Unknown benchmark ${unknown.join(", ")}; choose from ${BENCHMARKS.map(([name]) => name).join(", ")}.\n`,
  );
  process.exit(2);
}

let failed = 0;
for (const [name, script] of BENCHMARKS) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stdout.write(`\n=== ${name} ===\n`);
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(here, script)], { stdio: "inherit" });
  if (run.status !== 0) {
    failed += 1;
    process.stderr.write(`Benchmark ${name} failed (exit ${run.status ?? run.signal}).\n`);
  }
}
process.exit(failed > 0 ? 1 : 0);
