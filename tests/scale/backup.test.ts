import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { seedCollegesIfEmpty } from "../../server/modules/colleges/colleges.seed";
import { openChatRequest, type Student, sendText } from "../factories/chats";
import { buildSellForm, postItem } from "../factories/sell";
import { createStudent, STRONG_PASSWORD } from "../factories/users";
import { get, signIn } from "../helpers/api";
import { startLocalS3 } from "../helpers/s3";
import { createTestAppOn, type TestApp } from "../helpers/test-app";
import { adminQuery } from "../helpers/test-database";
import { uploadedImageUrl } from "../helpers/uploads";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const POSTGRES_URL = process.env.TEST_DATABASE_URL;

interface CommandResult {
  code: number;
  output: string;
}

/** `npm run backup|restore -- ...` as an operator types it, with the variables given (and no others). */
function runNpm(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|DATA_DIR|S3_)/.test(name)),
  );
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      { cwd: ROOT, env: { ...inherited, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * What a campus has after an afternoon: two students (three users with the administrator), an item
 * with its image, a chat message.
 */
interface World {
  seller: Student;
  buyer: Student;
  itemId: string;
  imageUrl: string;
  image: Buffer;
  chatId: string;
  message: string;
}

async function fillThroughApp(testApp: TestApp): Promise<World> {
  const seller = await createStudent(testApp, { name: "Asha Verma" });
  const buyer = await createStudent(testApp, { name: "Rahul Iyer" });
  const imageUrl = await uploadedImageUrl(testApp, seller.cookie, "drafter.jpg");
  const item = await postItem(
    testApp,
    seller.cookie,
    buildSellForm(imageUrl, { productName: "Mini drafter, barely used" }),
  );
  const opened = await openChatRequest(testApp, buyer, seller.id, item.id);
  expect(opened.statusCode).toBe(200);
  const chatId = opened.json().chat.id as string;
  const message = "Is the mini drafter still available? I can pick it up today.";
  await sendText(testApp, buyer, chatId, message);
  const image = (await get(testApp, imageUrl)).rawPayload;
  return { seller, buyer, itemId: item.id, imageUrl, image, chatId, message };
}

/** Everyone and everything of the world is there: sign-ins, the item, its image, the message. */
async function expectWorld(testApp: TestApp, world: World): Promise<void> {
  const sellerCookie = await signIn(testApp, world.seller.email, STRONG_PASSWORD);
  const buyerCookie = await signIn(testApp, world.buyer.email, STRONG_PASSWORD);

  const item = await get(testApp, `/api/items/${world.itemId}`, { cookie: sellerCookie });
  expect(item.statusCode).toBe(200);
  expect(item.json().item).toMatchObject({
    productName: "Mini drafter, barely used",
    productImage: world.imageUrl,
  });

  const image = await get(testApp, world.imageUrl);
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(world.image)).toBe(true);
  const thumbnail = await get(testApp, `${world.imageUrl}?variant=avatar`, {
    headers: { accept: "image/webp" },
  });
  expect(thumbnail.statusCode).toBe(200);
  expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 224, height: 224 });

  const thread = await get(testApp, `/api/chats/${world.chatId}`, { cookie: buyerCookie });
  expect(thread.statusCode).toBe(200);
  expect(thread.json().messages.map((m: { text?: string }) => m.text)).toContain(world.message);
}

async function tempFolder(name: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `campus-bazaar-${name}-`));
}

describe("backup and restore of the embedded database", () => {
  let sourceDir: string;
  let targetDir: string;
  let archive: string;
  let world: World;
  beforeAll(async () => {
    sourceDir = await tempFolder("backup-source");
    targetDir = await tempFolder("backup-target");
    archive = path.join(await tempFolder("backup-archive"), "campus.tar.gz");
  });
  afterAll(async () => {
    for (const dir of [sourceDir, targetDir, path.dirname(archive)]) {
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses to back up while a server has the data folder open, then backs it up once stopped", async () => {
    const database = await openDatabase({ dataDir: sourceDir });
    await database.migrate();
    await seedCollegesIfEmpty(database.db);
    const testApp = await createTestAppOn(database, { DATA_DIR: sourceDir });
    try {
      world = await fillThroughApp(testApp);
      const refused = await runNpm("backup", [archive], { DATA_DIR: sourceDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("is open in a running server");
      await expect(fs.access(archive)).rejects.toThrow();
    } finally {
      await testApp.close();
    }

    const backup = await runNpm("backup", [archive], { DATA_DIR: sourceDir });
    expect(backup.output).toMatch(/Backed up 3 users, 1 items, 1 messages, 1 uploads to /);
    expect(backup.code).toBe(0);
  });

  it("restores into an empty data folder, where the app finds every user, item, message and image", async () => {
    const restore = await runNpm("restore", [archive], { DATA_DIR: targetDir });
    expect(restore.output).toContain("Restored 3 users, 1 items, 1 messages, 1 uploads");
    expect(restore.code).toBe(0);

    const testApp = await createTestAppOn(await openDatabase({ dataDir: targetDir }), {
      DATA_DIR: targetDir,
    });
    try {
      await expectWorld(testApp, world);
      // A server on the folder: restoring there is refused even with --force.
      const refused = await runNpm("restore", [archive, "--force"], { DATA_DIR: targetDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("Stop it before restoring");
    } finally {
      await testApp.close();
    }
  });

  it("refuses to overwrite a data folder that holds a database unless --force", async () => {
    const refused = await runNpm("restore", [archive], { DATA_DIR: targetDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("already holds a database");
    expect(refused.output).toContain("--force");

    const forced = await runNpm("restore", [archive, "--force"], { DATA_DIR: targetDir });
    expect(forced.output).toContain("Restored 3 users");
    expect(forced.code).toBe(0);
  });

  it("restored with the S3 variables set, puts the files into the bucket, where the app serves them", async () => {
    const s3 = await startLocalS3();
    const dir = await tempFolder("backup-to-s3");
    try {
      const restore = await runNpm("restore", [archive], { DATA_DIR: dir, ...s3.env });
      expect(restore.output).toContain(`Copied 1 files into the S3 bucket ${s3.config.bucket}.`);
      expect(restore.code).toBe(0);
      await expect(fs.access(path.join(dir, "files"))).rejects.toThrow();

      const testApp = await createTestAppOn(await openDatabase({ dataDir: dir }), {
        DATA_DIR: dir,
        ...s3.env,
      });
      try {
        await expectWorld(testApp, world);
      } finally {
        await testApp.close();
      }
    } finally {
      await s3.stop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("says plainly when the file is missing or is not a backup", async () => {
    const missing = await runNpm("restore", [path.join(targetDir, "nothing.tar.gz")], {
      DATA_DIR: targetDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("There is no file");

    const notBackup = path.join(targetDir, "notes.tar.gz");
    await fs.writeFile(notBackup, "shopping list: calculator, drafter");
    const unreadable = await runNpm("restore", [notBackup, "--force"], { DATA_DIR: targetDir });
    expect(unreadable.code).toBe(1);
    expect(unreadable.output).toContain("is not a Campus Bazaar backup");

    const usage = await runNpm("backup", [], { DATA_DIR: sourceDir });
    expect(usage.code).toBe(1);
    expect(usage.output).toContain("Usage: npm run backup -- FILE");
  });
});

describe.skipIf(!POSTGRES_URL)("backup and restore on a PostgreSQL server (TEST_DATABASE_URL)", () => {
  const created: string[] = [];
  const folders: string[] = [];
  const postgresUrl = POSTGRES_URL as string;

  async function freshDatabase(): Promise<string> {
    const name = `campus_bazaar_backup_${process.pid}_${created.length}`;
    await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    await adminQuery(postgresUrl, `create database ${name}`);
    created.push(name);
    const url = new URL(POSTGRES_URL as string);
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(async () => {
    for (const name of created) await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    for (const dir of folders) await fs.rm(dir, { recursive: true, force: true });
  });

  it("backs up a live database with its files and restores both into a fresh database", async () => {
    const sourceUrl = await freshDatabase();
    const targetUrl = await freshDatabase();
    const sourceDir = await tempFolder("backup-pg-source");
    const targetDir = await tempFolder("backup-pg-target");
    const archiveDir = await tempFolder("backup-pg-archive");
    folders.push(sourceDir, targetDir, archiveDir);
    const archive = path.join(archiveDir, "campus.tar.gz");

    let database: Database = await openDatabase({ databaseUrl: sourceUrl, dataDir: sourceDir });
    await database.migrate();
    await seedCollegesIfEmpty(database.db);
    let testApp = await createTestAppOn(database, { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir });
    let world: World;
    try {
      world = await fillThroughApp(testApp);
      // On a PostgreSQL server the backup runs beside the live instance.
      const backup = await runNpm("backup", [archive], { DATABASE_URL: sourceUrl, DATA_DIR: sourceDir });
      expect(backup.output).toMatch(/Backed up 3 users, 1 items, 1 messages, 1 uploads to /);
      expect(backup.code).toBe(0);
    } finally {
      await testApp.close();
    }

    const restore = await runNpm("restore", [archive], { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
    expect(restore.output).toContain("Restored 3 users, 1 items, 1 messages, 1 uploads");
    expect(restore.code).toBe(0);

    database = await openDatabase({ databaseUrl: targetUrl, dataDir: targetDir });
    testApp = await createTestAppOn(database, { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
    try {
      await expectWorld(testApp, world);
    } finally {
      await testApp.close();
    }

    const refused = await runNpm("restore", [archive], { DATABASE_URL: targetUrl, DATA_DIR: targetDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/already has \d+ tables.*--force/);
    const forced = await runNpm("restore", [archive, "--force"], {
      DATABASE_URL: targetUrl,
      DATA_DIR: targetDir,
    });
    expect(forced.output).toContain("Restored 3 users, 1 items, 1 messages, 1 uploads");
    expect(forced.code).toBe(0);
  });

  it("refuses a backup of the other kind of database", async () => {
    const emptyDir = await tempFolder("backup-pg-kind");
    folders.push(emptyDir);
    const archive = path.join(emptyDir, "embedded.tar.gz");
    const database = await openDatabase({ dataDir: emptyDir });
    await database.migrate();
    await database.close();
    expect((await runNpm("backup", [archive], { DATA_DIR: emptyDir })).code).toBe(0);
    const refused = await runNpm("restore", [archive], {
      DATABASE_URL: await freshDatabase(),
      DATA_DIR: emptyDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("This backup holds an embedded database");
  });
});
