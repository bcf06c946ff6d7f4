// What `npm run backup` writes and `npm run restore` reads: one gzipped tar holding
//   manifest.json     what is inside (this file's BackupManifest)
//   database.tar      the embedded database: PGlite's own dump of its data folder, or
//   database.pgdump   a PostgreSQL server: pg_dump's custom format
//   files/            uploaded files from DATA_DIR/files (absent when they live in S3)
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { ConfigError } from "../server/config/env";
import { DataDirLockedError } from "../server/db/data-dir-lock";

export const MANIFEST_FILE = "manifest.json";
export const EMBEDDED_DUMP_FILE = "database.tar";
export const POSTGRES_DUMP_FILE = "database.pgdump";
export const FILES_FOLDER = "files";

const FORMAT = "campus-bazaar-backup";

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: "embedded" | "postgres";
  hasFiles: boolean;
  counts: RowCounts;
}

export interface RowCounts {
  users: number;
  items: number;
  messages: number;
  uploads: number;
}

/** Counted in the backup and again after a restore, so the operator sees the two agree. */
export const COUNT_QUERY = `select
  (select count(*) from users)::int as users,
  (select count(*) from items)::int as items,
  (select count(*) from messages)::int as messages,
  (select count(*) from uploads)::int as uploads`;

/** A plain message for the operator; the command prints it and exits with 1. */
export class BackupError extends Error {
  override name = "BackupError";
}

export function newManifest(
  fields: Omit<BackupManifest, "format" | "version" | "createdAt">,
): BackupManifest {
  return { format: FORMAT, version: 1, createdAt: new Date().toISOString(), ...fields };
}

export async function readManifest(file: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await fs.readFile(file, "utf8"));
  } catch {
    throw new BackupError("This file is not a Campus Bazaar backup (it has no manifest).");
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) {
    throw new BackupError("This file is not a Campus Bazaar backup this version can read.");
  }
  return manifest as BackupManifest;
}

export function describeCounts(counts: RowCounts): string {
  return `${counts.users} users, ${counts.items} items, ${counts.messages} messages, ${counts.uploads} uploads`;
}

/** The command line: one file name and, for restore, --force. */
export function parseArguments(argv: string[], usage: string): { file: string; isForced: boolean } {
  const isForced = argv.includes("--force");
  const rest = argv.filter((arg) => arg !== "--force");
  const [file] = rest;
  if (rest.length !== 1 || !file || file.startsWith("-")) throw new BackupError(`Usage: ${usage}`);
  return { file, isForced };
}

/** libpq reads the password from PGPASSWORD, so it never shows in the process list. */
export function postgresConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

const INSTALL_HINTS: Record<string, string> = {
  tar: "install tar",
  pg_dump: "install the PostgreSQL client tools (Debian and Ubuntu: apt install postgresql-client)",
  pg_restore: "install the PostgreSQL client tools (Debian and Ubuntu: apt install postgresql-client)",
  psql: "install the PostgreSQL client tools (Debian and Ubuntu: apt install postgresql-client)",
};

/** Runs a tool to the end; its error output becomes the message when it fails. */
export function runTool(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} was not found: ${INSTALL_HINTS[command] ?? `install ${command}`}.`)
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit code ${code}):\n${errors.trim()}`));
    });
  });
}

export async function isNonEmptyFolder(folder: string): Promise<boolean> {
  try {
    return (await fs.readdir(folder)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command's main: a known problem prints its message alone, anything else its stack. */
export function runCommand(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (
        error instanceof BackupError ||
        error instanceof ConfigError ||
        error instanceof DataDirLockedError
      ) {
        process.stderr.write(`${error.message}\n`);
      } else {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
      process.exit(1);
    },
  );
}
