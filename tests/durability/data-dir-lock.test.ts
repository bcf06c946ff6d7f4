import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../helpers/server-process";

const started: ServerProcess[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const server of started) await server.kill9();
  for (const folder of folders) await fsp.rm(folder, { recursive: true, force: true });
});

describe("the embedded data folder", () => {
  it("refuses a second server process on the same folder, naming the lock and its holder", async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-lock-"));
    folders.push(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: "Admin#Pass2025" };
    const first = await startServer({ env });
    started.push(first);

    const second = await startServer({ env, waitForReady: false });
    started.push(second);
    const code = await second.exited;

    expect(code).not.toBe(0);
    expect(typeof code).toBe("number");
    const lockFile = path.join(await fsp.realpath(dataDir), "campus-bazaar.lock");
    expect(second.output()).toContain(`already in use by process ${first.child.pid}`);
    expect(second.output()).toContain(lockFile);
    // The first server still serves, untouched by the refused start.
    const ready = await fetch(`${first.baseUrl}/api/ready`);
    expect(ready.status).toBe(200);

    // Once the holder is gone (even by kill -9), a new process takes the folder over.
    await first.kill9();
    const third = await startServer({ env });
    started.push(third);
    expect((await fetch(`${third.baseUrl}/api/ready`)).status).toBe(200);
  });
});
