import fs from "node:fs";
import path from "node:path";

/** Folders this process holds: its own pid in a lock file is only stale if it is not one of these. */
const heldFolders = new Set<string>();

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on the embedded database folder. Two processes on one PGlite folder
 * silently lose rows, so a second one must refuse to start. The lock file holds the owner's pid;
 * a lock left by a process that no longer runs (killed with -9) is taken over at once.
 * Returns the function that releases the lock.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const folder = fs.realpathSync(dir);
  if (heldFolders.has(folder)) {
    throw new DataDirLockedError(`The embedded database in ${dir} is already open in this process.`);
  }
  const lockPath = path.join(folder, "campus-bazaar.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      heldFolders.add(folder);
      return () => {
        heldFolders.delete(folder);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is already in use by process ${owner}. ` +
            `Its lock is ${lockPath}. Stop that process, or give this one another DATA_DIR (or a DATABASE_URL).`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the embedded database in ${dir}.`);
}
