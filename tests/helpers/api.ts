import type { User } from "@shared/api/auth";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { type UserRow, users } from "../../server/db/schema";
import { sessionCookieOf, type TestApp } from "./test-app";

export interface RequestOptions {
  /** A `cb_session=...` pair (`__Host-cb_session=...` over https), as sessionCookieOf returns it. */
  cookie?: string;
  headers?: Record<string, string>;
}

function headersOf(options: RequestOptions): Record<string, string> {
  return { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) };
}

export function get(
  testApp: TestApp,
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method: "GET", url, headers: headersOf(options) });
}

/** A POST with a JSON body (or a raw string body), or with no body at all. */
export function post(
  testApp: TestApp,
  url: string,
  payload?: object | string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: "POST",
    url,
    headers: headersOf(options),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Signs in through the API and returns the new session cookie. */
export async function signIn(testApp: TestApp, email: string, password: string): Promise<string> {
  return sessionCookieOf(await post(testApp, "/api/auth/login", { email, password }));
}

/** The user behind a cookie as GET /api/auth/me reports it (null when signed out). */
export async function whoIs(testApp: TestApp, cookie: string): Promise<User | null> {
  return (await get(testApp, "/api/auth/me", { cookie })).json().user;
}

export async function countUsers(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function findUserRow(testApp: TestApp, email: string): Promise<UserRow | undefined> {
  const [row] = await testApp.database.db.select().from(users).where(eq(users.email, email));
  return row;
}
