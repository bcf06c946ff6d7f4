import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "./app";
import type { Config } from "./config/env";
import { type Database, openDatabase } from "./db/client";
import { ensureAdminAccount } from "./modules/auth/admin-account";
import { seedCollegesIfEmpty } from "./modules/colleges/colleges.seed";

/** Opens and migrates the configured database, seeds it, and builds the app on it. */
export async function startApp(
  config: Config,
  overrides: Partial<BuildAppOptions> = {},
): Promise<{ app: FastifyInstance; database: Database }> {
  const database =
    overrides.database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }));
  try {
    await database.migrate();
    const app = await buildApp({ config, database, ...overrides });
    if (await seedCollegesIfEmpty(database.db)) app.log.info("college directory seeded");
    await ensureAdminAccount({ db: database.db, config });
    return { app, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
