import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "./app";
import type { Config } from "./config/env";
import { type Database, openDatabase } from "./db/client";
import { isAutovacuumOn } from "./db/maintenance";
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
    if (database.kind === "postgres" && !(await isAutovacuumOn(database.db))) {
      app.log.warn(
        "autovacuum is off on this PostgreSQL server: the planner's statistics and the tables' dead rows are " +
          "left as they are, and queries slow down as the tables grow. Turn it on (autovacuum = on).",
      );
    }
    await ensureAdminAccount({ db: database.db, config });
    return { app, database };
  } catch (error) {
    await database.close();
    throw error;
  }
}
