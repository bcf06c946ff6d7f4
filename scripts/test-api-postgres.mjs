// Runs the API tests a second time on the PostgreSQL server in TEST_DATABASE_URL, when one is set.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: the API tests on a PostgreSQL server are skipped.");
  process.exit(0);
}
const run = spawnSync(
  process.execPath,
  [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--project", "api"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, TEST_DB_TARGET: "postgres" },
  },
);
process.exit(run.status ?? 1);
