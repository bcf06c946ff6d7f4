import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config/env";
import type { Database } from "../../server/db/client";
import { ensureAdminAccount } from "../../server/modules/auth/admin-account";
import type { OutgoingMail } from "../../server/plugins/mail";
import { openTestDatabase } from "./test-database";

export const ADMIN_EMAIL = "admin@campusbazaar.test";
export const ADMIN_PASSWORD = "Admin#Pass2025";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every mail the app sent, oldest first. */
  mail: OutgoingMail[];
  close(): Promise<void>;
}

/** A real app on a fresh copy of the template database, driven in process with app.inject. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-api-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "1000",
    ...env,
  });
  const database = await openTestDatabase(inject("testDatabase"));
  const mail: OutgoingMail[] = [];
  const app = await buildApp({
    config,
    database,
    logger: false,
    webRoot: path.join(dataDir, "no-web"),
    mailer: { send: async (message) => void mail.push(message) },
  });
  await ensureAdminAccount({ db: database.db, config });
  return {
    app,
    database,
    mail,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, ready for the Cookie header of the next request. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "cb_session");
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `cb_session=${cookie.value}`;
}

/** The token in the link of the newest mail to an address. */
export function tokenFromMail(mail: OutgoingMail[], to: string): string {
  const message = mail.filter((m) => m.to === to).at(-1);
  const token = message?.link ? new URL(message.link).searchParams.get("token") : null;
  if (!token) throw new Error(`no mail with a link to ${to}`);
  return token;
}
