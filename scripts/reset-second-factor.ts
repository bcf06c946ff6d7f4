/**
 * `npm run admin:reset-second-factor`: for an administrator who lost both the authenticator app and
 * the recovery codes. Forgets the second factor of ADMIN_EMAIL's account and ends its sessions, on
 * the database the server uses (DATA_DIR or DATABASE_URL); the next sign-in sets up a new key.
 * The embedded database must be closed: stop the server first (on PostgreSQL it may run).
 */
import { ConfigError, loadConfig } from "../server/config/env";
import { openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { resetSecondFactor } from "../server/modules/auth/second-factor.service";

const OUTCOMES = {
  reset: "Second factor removed and sessions ended: the next sign-in sets up a new authenticator.",
  none: "No second factor was set up: the next sign-in sets one up. Sessions ended.",
  "no-account": "There is no account with this address: check ADMIN_EMAIL.",
} as const;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await database.migrate();
    const outcome = await resetSecondFactor(database.db, config.ADMIN_EMAIL);
    process.stdout.write(`${config.ADMIN_EMAIL}: ${OUTCOMES[outcome]}\n`);
    if (outcome === "no-account") process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Reset failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
