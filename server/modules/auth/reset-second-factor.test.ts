import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../../../tests/helpers/test-app";
import { loadConfig } from "../../config/env";
import { openDatabase } from "../../db/client";
import { secondFactors, sessions, users } from "../../db/schema";
import { ensureAdminAccount } from "./admin-account";

const root = path.resolve(import.meta.dirname, "../../..");
let dataDir = "";
afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** `npm run admin:reset-second-factor`, as an operator runs it beside the server's settings. */
function runCommand() {
  return spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/reset-second-factor.ts")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_EMAIL },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("npm run admin:reset-second-factor", () => {
  it("removes the administrator's second factor and sessions from the stopped server's database", async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-reset-"));
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "silent" });
    let database = await openDatabase({ dataDir: config.dataDir });
    await database.migrate();
    await ensureAdminAccount({ db: database.db, config });
    const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const adminId = admin?.id ?? "";
    await database.db
      .insert(secondFactors)
      .values({ userId: adminId, secret: "A".repeat(32), lastUsedStep: 1 });
    await database.db
      .insert(sessions)
      .values({ id: "session-hash", userId: adminId, expiresAt: new Date(Date.now() + 60_000) });

    // While the database is open (as in a running server) the command refuses and changes nothing.
    const refused = runCommand();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/DATA_DIR|in use|running|lock/i);
    await database.close();

    const result = runCommand();
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`${ADMIN_EMAIL}: Second factor removed and sessions ended`);

    database = await openDatabase({ dataDir: config.dataDir });
    try {
      expect(await database.db.select().from(secondFactors)).toEqual([]);
      expect(await database.db.select().from(sessions).where(eq(sessions.userId, adminId))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
