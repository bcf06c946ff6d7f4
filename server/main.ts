import { startApp } from "./bootstrap";
import { ConfigError, loadConfig } from "./config/env";
import { DataDirLockedError } from "./db/data-dir-lock";
import { printableError } from "./lib/loggable-error";

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, database } = await startApp(config);

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Campus Bazaar is ready at ${config.publicUrl} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Campus Bazaar could not start: ${printableError(error)}\n`);
  }
  process.exit(1);
});
