// `npm run backup -- FILE`: the database (embedded or the PostgreSQL server in DATABASE_URL) and
// the uploaded files on local disk, in one archive that `npm run restore -- FILE` puts back.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Config, loadConfig } from "../server/config/env";
import { PGLITE_EXTENSIONS } from "../server/db/client";
import { DataDirLockedError, lockDataDir } from "../server/db/data-dir-lock";
import {
  BackupError,
  COUNT_QUERY,
  describeCounts,
  EMBEDDED_DUMP_FILE,
  exists,
  FILES_FOLDER,
  isNonEmptyFolder,
  MANIFEST_FILE,
  newManifest,
  POSTGRES_DUMP_FILE,
  parseArguments,
  postgresConnection,
  type RowCounts,
  runCommand,
  runTool,
} from "./backup-archive";

/** PGlite's own dump of its data folder; it must be closed elsewhere, so the folder is locked. */
async function dumpEmbedded(config: Config, staging: string): Promise<RowCounts> {
  const folder = path.join(config.dataDir, "db");
  if (!(await isNonEmptyFolder(folder))) {
    throw new BackupError(`There is no embedded database in ${folder} to back up.`);
  }
  const client = await PGlite.create({ dataDir: folder, extensions: PGLITE_EXTENSIONS });
  try {
    const { rows } = await client.query<RowCounts>(COUNT_QUERY);
    const dump = await client.dumpDataDir("none");
    await fs.writeFile(path.join(staging, EMBEDDED_DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
    return rows[0] as RowCounts;
  } finally {
    await client.close();
  }
}

/**
 * pg_dump rather than SQL written here: it reads one consistent snapshot while the instances keep
 * serving, and knows every kind of object (extensions, sequences, indexes) the migrations create.
 */
async function dumpPostgres(url: string, staging: string): Promise<RowCounts> {
  const connection = postgresConnection(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<RowCounts>(COUNT_QUERY);
    await runTool(
      "pg_dump",
      [
        "--format=custom",
        `--file=${path.join(staging, POSTGRES_DUMP_FILE)}`,
        `--dbname=${connection.dbname}`,
      ],
      { env: connection.env },
    );
    return rows[0] as RowCounts;
  } finally {
    await client.end();
  }
}

function lockForBackup(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The embedded database in ${dataDir} is open in a running server. ` +
        "Stop the server, run the backup, then start it again (on a PostgreSQL server, backups run live).",
    );
  }
}

async function backup(): Promise<void> {
  const { file } = parseArguments(process.argv.slice(2), "npm run backup -- FILE");
  const config = loadConfig();
  const target = path.resolve(file);
  const isEmbedded = !config.DATABASE_URL;
  const filesFolder = path.join(config.dataDir, FILES_FOLDER);
  const hasFiles = !config.s3 && (await isNonEmptyFolder(filesFolder));

  const release = isEmbedded ? lockForBackup(config.dataDir) : () => {};
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-backup-"));
  const partial = `${target}.partial`;
  try {
    console.log(
      `Backing up the ${isEmbedded ? `embedded database in ${config.dataDir}` : "PostgreSQL database"}...`,
    );
    const counts = isEmbedded
      ? await dumpEmbedded(config, staging)
      : await dumpPostgres(config.DATABASE_URL as string, staging);
    const manifest = newManifest({ database: isEmbedded ? "embedded" : "postgres", hasFiles, counts });
    await fs.writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const dumpFile = isEmbedded ? EMBEDDED_DUMP_FILE : POSTGRES_DUMP_FILE;
    // Files are written once under unique names and never changed, so copying them after the
    // database dump finds every file it names. Half-written files (*.tmp) are left out.
    await runTool("tar", [
      "--exclude=*.tmp",
      "-czf",
      partial,
      "-C",
      staging,
      MANIFEST_FILE,
      dumpFile,
      ...(hasFiles ? ["-C", config.dataDir, FILES_FOLDER] : []),
    ]);
    await fs.rename(partial, target);
    const size = (await fs.stat(target)).size;
    console.log(`Backed up ${describeCounts(counts)} to ${target} (${(size / 1024 / 1024).toFixed(1)} MB).`);
    if (config.s3) {
      console.log(
        `Uploaded files are in the S3 bucket ${config.s3.bucket} and are not in this backup: ` +
          "keep them with the bucket's versioning or replication.",
      );
    } else if (!hasFiles) {
      console.log(`There were no uploaded files in ${filesFolder}.`);
    }
  } finally {
    release();
    await fs.rm(staging, { recursive: true, force: true });
    if (await exists(partial)) await fs.rm(partial, { force: true });
  }
}

runCommand(backup);
