// `npm run restore -- FILE [--force]`: puts back what `npm run backup` wrote, into the database
// and DATA_DIR the configuration names. It refuses to replace existing data without --force.
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Config, loadConfig, type S3Config } from "../server/config/env";
import { PGLITE_EXTENSIONS } from "../server/db/client";
import { DataDirLockedError, lockDataDir } from "../server/db/data-dir-lock";
import { createS3Storage } from "../server/plugins/s3-storage";
import { BUCKETS, CONTENT_TYPE_SUFFIX, createDiskStorage } from "../server/plugins/storage";
import {
  BackupError,
  type BackupManifest,
  COUNT_QUERY,
  describeCounts,
  EMBEDDED_DUMP_FILE,
  exists,
  FILES_FOLDER,
  isNonEmptyFolder,
  MANIFEST_FILE,
  POSTGRES_DUMP_FILE,
  parseArguments,
  postgresConnection,
  type RowCounts,
  readManifest,
  runCommand,
  runTool,
} from "./backup-archive";

const FORCE_HINT = "Restoring replaces it: run again with --force if that is what you want.";

/**
 * Loads PGlite's dump into a new folder beside the old one, then swaps them, so a failed load
 * leaves the old database as it was.
 */
async function restoreEmbedded(config: Config, staging: string): Promise<RowCounts> {
  const loaded = path.join(staging, "db");
  const dump = await fs.readFile(path.join(staging, EMBEDDED_DUMP_FILE));
  const client = await PGlite.create({
    dataDir: loaded,
    loadDataDir: new Blob([new Uint8Array(dump)]),
    extensions: PGLITE_EXTENSIONS,
  });
  let counts: RowCounts;
  try {
    counts = (await client.query<RowCounts>(COUNT_QUERY)).rows[0] as RowCounts;
  } finally {
    await client.close();
  }
  const folder = path.join(config.dataDir, "db");
  await fs.rm(folder, { recursive: true, force: true });
  await fs.rename(loaded, folder);
  return counts;
}

async function countTables(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
  );
  return rows[0]?.n ?? 0;
}

/**
 * pg_restore writes the dump as SQL and psql runs it in one transaction together with the removal
 * of what was there, so a restore that fails half-way leaves the database as it was.
 */
async function restorePostgres(url: string, staging: string): Promise<RowCounts> {
  const connection = postgresConnection(url);
  const script = path.join(staging, "restore.sql");
  await runTool("pg_restore", [
    "--no-owner",
    "--no-privileges",
    `--file=${script}.body`,
    path.join(staging, POSTGRES_DUMP_FILE),
  ]);
  const body = await fs.readFile(`${script}.body`);
  const clear = [
    "drop schema if exists drizzle cascade;",
    "drop schema if exists public cascade;",
    "create schema public;",
    "",
  ].join("\n");
  await fs.writeFile(script, Buffer.concat([Buffer.from(clear), body]));
  await fs.rm(`${script}.body`);
  await runTool(
    "psql",
    [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "--set=ON_ERROR_STOP=1",
      `--file=${script}`,
      `--dbname=${connection.dbname}`,
    ],
    { env: connection.env },
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<RowCounts>(COUNT_QUERY)).rows[0] as RowCounts;
  } finally {
    await client.end();
  }
}

/** With S3 storage configured, files from local disk go into the bucket, where the server reads them. */
async function copyFilesToBucket(s3: S3Config, folder: string): Promise<number> {
  const source = createDiskStorage(folder);
  const bucket = createS3Storage(s3);
  let copied = 0;
  try {
    for (const name of BUCKETS) {
      const keys = (await fs.readdir(path.join(folder, name)).catch(() => [] as string[])).filter(
        (key) => !key.endsWith(CONTENT_TYPE_SUFFIX),
      );
      for (const key of keys) {
        const file = await source.get(name, key);
        if (!file) continue;
        await bucket.put(name, key, file.data, file.contentType);
        copied++;
      }
    }
  } finally {
    bucket.close?.();
  }
  return copied;
}

/** Refuses to replace a database or files that are there, unless forced. */
async function checkTarget(config: Config, manifest: BackupManifest, isForced: boolean): Promise<void> {
  if (isForced) return;
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const tables = await countTables(client);
      if (tables > 0) {
        throw new BackupError(
          `The PostgreSQL database in DATABASE_URL already has ${tables} tables. ${FORCE_HINT}`,
        );
      }
    } finally {
      await client.end();
    }
  } else if (await isNonEmptyFolder(path.join(config.dataDir, "db"))) {
    throw new BackupError(`${path.join(config.dataDir, "db")} already holds a database. ${FORCE_HINT}`);
  }
  const filesFolder = path.join(config.dataDir, FILES_FOLDER);
  if (manifest.hasFiles && !config.s3 && (await isNonEmptyFolder(filesFolder))) {
    throw new BackupError(`${filesFolder} already holds uploaded files. ${FORCE_HINT}`);
  }
}

function lockForRestore(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(`A running server has ${dataDir} open. Stop it before restoring into that folder.`);
  }
}

async function restore(): Promise<void> {
  const { file, isForced } = parseArguments(process.argv.slice(2), "npm run restore -- FILE [--force]");
  const config = loadConfig();
  const source = path.resolve(file);
  if (!(await exists(source))) throw new BackupError(`There is no file ${source}.`);
  const isEmbedded = !config.DATABASE_URL;

  // The embedded database and the files may only change while no server has the folder open.
  const release = isEmbedded ? lockForRestore(config.dataDir) : () => {};
  // Inside DATA_DIR, so the restored folders move into place by renaming.
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(config.dataDir, ".restore-"));
  try {
    await runTool("tar", ["-xzf", source, "-C", staging]).catch((error: unknown) => {
      if (error instanceof BackupError && error.message.startsWith("tar failed")) {
        throw new BackupError(`${source} is not a Campus Bazaar backup: it could not be unpacked.`);
      }
      throw error;
    });
    const manifest = await readManifest(path.join(staging, MANIFEST_FILE));
    if (manifest.database === "embedded" && !isEmbedded) {
      throw new BackupError(
        "This backup holds an embedded database; restore it with DATABASE_URL unset, into DATA_DIR.",
      );
    }
    if (manifest.database === "postgres" && isEmbedded) {
      throw new BackupError(
        "This backup holds a PostgreSQL database; set DATABASE_URL to the server to restore it into.",
      );
    }
    await checkTarget(config, manifest, isForced);
    if (!isEmbedded) {
      console.log("Restoring the PostgreSQL database. Stop every instance using it first.");
    }

    console.log(`Restoring the backup of ${manifest.createdAt} (${describeCounts(manifest.counts)})...`);
    const counts = isEmbedded
      ? await restoreEmbedded(config, staging)
      : await restorePostgres(config.DATABASE_URL as string, staging);
    const where = isEmbedded ? `the embedded database in ${config.dataDir}` : "the PostgreSQL database";
    console.log(`Restored ${describeCounts(counts)} into ${where}.`);
    const stagedFiles = path.join(staging, FILES_FOLDER);
    if (!manifest.hasFiles) {
      console.log("The backup held no uploaded files (none were on local disk when it was made).");
    } else if (config.s3) {
      const copied = await copyFilesToBucket(config.s3, stagedFiles);
      console.log(`Copied ${copied} files into the S3 bucket ${config.s3.bucket}.`);
    } else {
      const filesFolder = path.join(config.dataDir, FILES_FOLDER);
      await fs.rm(filesFolder, { recursive: true, force: true });
      await fs.rename(stagedFiles, filesFolder);
      console.log(`Uploaded files are back in ${filesFolder}.`);
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    release();
  }
}

runCommand(restore);
