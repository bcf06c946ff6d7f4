import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client";
import { vacuumAnalyze } from "../db/maintenance";
import { removeDeletedReportPhotos } from "../modules/trust/reports.service";
import { removeUnattachedUploads } from "../modules/uploads/uploads.service";
import type { Storage } from "../plugins/storage";
import { pruneLiveEvents } from "../realtime/live-events";
import { deleteExpiredRows } from "./jobs.repository";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Removes what has expired: week-old live events, ended sessions, used links, expired sign-in
 * challenges, old rate windows, uploads that no item or profile took within a day (with their files),
 * and the photo copies of reports that are gone.
 * On the embedded database it then runs VACUUM ANALYZE: PGlite has no autovacuum, so without it dead
 * rows would pile up and the planner would keep the row counts of the day the tables were created.
 */
export async function runHousekeeping(database: Database, storage: Storage): Promise<void> {
  const { db } = database;
  await pruneLiveEvents(db);
  await deleteExpiredRows(db);
  await removeUnattachedUploads({ db, storage });
  // The trigger reports_queue_photo_deletion in docs/database.md queues these photos.
  await removeDeletedReportPhotos({ db, storage });
  if (database.kind === "embedded") await vacuumAnalyze(db);
}

/** Runs housekeeping hourly; any instance may run it, the deletes are idempotent. */
export function startHousekeeping(database: Database, storage: Storage, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    runHousekeeping(database, storage).catch((error) => log.warn({ err: error }, "housekeeping failed"));
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
