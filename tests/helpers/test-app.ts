import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../server/app";
import { type Config, loadConfig } from "../../server/config/env";
import type { Database } from "../../server/db/client";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import { sessionCookieName } from "../../server/plugins/auth";
import type { OutgoingMail } from "../../server/plugins/mail";
import { openTestDatabase } from "./test-database";

export const ADMIN_EMAIL = "admin@campusbazaar.test";
export const ADMIN_PASSWORD = "Admin#Pass2025";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The configuration the app was built with (the test's env over the defaults below). */
  config: Config;
  /** Every mail the app sent, oldest first. */
  mail: OutgoingMail[];
  /** Stops the app (its workers too) and leaves the database open, as a process restart would. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** false: the outbox worker is not started with the app (see buildApp). */
  startWorkers?: boolean;
  /** Fastify's logger option (e.g. loggerOptions with a stream that captures the lines); off by default. */
  logger?: object;
  /** A folder holding a built web app (index.html); by default none, so only the API is served. */
  webRoot?: string;
}

/** A real app on a fresh copy of the template database, driven in process with app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return createTestAppOn(await openTestDatabase(inject("testDatabase")), env, options);
}

/** A real app on a database the caller opened (several instances may share one); close() closes it. */
export async function createTestAppOn(
  database: Database,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-api-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "1000",
    // The test suite's push service runs on loopback (tests/helpers/push-receiver.ts).
    PUSH_ALLOWED_PRIVATE_HOSTS: "localhost",
    ...env,
  });
  const mail: OutgoingMail[] = [];
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    webRoot: options.webRoot ?? path.join(dataDir, "no-web"),
    mailer: { send: async (message) => void mail.push(message) },
    ...(options.startWorkers === undefined ? {} : { startWorkers: options.startWorkers }),
  });
  await ensureAdminAccount({ db: database.db, config });
  let isStopped = false;
  async function stop() {
    if (isStopped) return;
    isStopped = true;
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return {
    app,
    database,
    config,
    mail,
    stop,
    async close() {
      await stop();
      await database.close();
    },
  };
}

/** The session cookie's names: plain over http, `__Host-` prefixed over https. */
const SESSION_COOKIE_NAMES = [sessionCookieName(false), sessionCookieName(true)];

/** The session cookie a response set, ready for the Cookie header of the next request. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => SESSION_COOKIE_NAMES.includes(c.name));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** The token in the link of the newest mail to an address. */
export function tokenFromMail(mail: OutgoingMail[], to: string): string {
  const message = mail.filter((m) => m.to === to).at(-1);
  const token = message?.link ? new URL(message.link).searchParams.get("token") : null;
  if (!token) throw new Error(`no mail with a link to ${to}`);
  return token;
}

/**
 * Waits until `count` mails to an address match (mail sent through the outbox leaves just after the
 * answer) and returns every match, oldest first.
 */
export async function waitForMails(
  testApp: TestApp,
  to: string,
  count = 1,
  matches: (mail: OutgoingMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<OutgoingMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = testApp.mail.filter((mail) => mail.to === to && matches(mail));
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} mails to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const isResetMail = (mail: OutgoingMail) => mail.link?.includes("/reset-password?token=") ?? false;
export const isPasswordChangedMail = (mail: OutgoingMail) =>
  mail.subject === "Your Campus Bazaar password was changed";

/** The token of the `nth` reset link mailed to an address (1 = the first), once it has arrived. */
export async function resetTokenFromMail(testApp: TestApp, to: string, nth = 1): Promise<string> {
  const mail = (await waitForMails(testApp, to, nth, isResetMail))[nth - 1];
  const token = mail?.link ? new URL(mail.link).searchParams.get("token") : null;
  if (!token) throw new Error(`no reset link to ${to}`);
  return token;
}
