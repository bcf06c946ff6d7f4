import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

let dir: string;
let lockFile: string;
let child: ChildProcess | undefined;
const releases: (() => void)[] = [];

function lock(): () => void {
  const release = lockDataDir(dir);
  releases.push(release);
  return release;
}

function captureError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected an error, none was thrown");
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "campus-bazaar-lock-"));
  lockFile = path.join(dir, "campus-bazaar.lock");
});

afterEach(() => {
  for (const release of releases.splice(0)) release();
  child?.kill();
  child = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("lockDataDir", () => {
  it("writes this process's pid into the lock file and removes it on release", () => {
    const release = lock();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("can lock the same folder again in the same process after release", () => {
    lock()();
    lock();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });

  it("refuses a second lock in the same process while the first is held", () => {
    lock();
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it("refuses a folder locked by another live process, naming the process", () => {
    child = spawn("sleep", ["30"], { stdio: "ignore" });
    const pid = child.pid;
    expect(pid).toBeGreaterThan(0);
    fs.writeFileSync(lockFile, String(pid));

    const error = captureError(() => lockDataDir(dir));
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(error.message).toContain(`The embedded database in ${dir} is already in use by process ${pid}.`);
    expect(error.message).toContain("DATA_DIR");
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(pid));
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const { pid, status } = spawnSync("true");
    expect(status).toBe(0);
    fs.writeFileSync(lockFile, String(pid));

    lock();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });

  it("takes over a lock file that holds no pid", () => {
    fs.writeFileSync(lockFile, "");
    lock();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
  });
});
