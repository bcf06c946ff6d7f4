import type { User } from "@shared/api/auth";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { type UserRow, users } from "../../server/db/schema";
import { completeSecondFactor, type FactorStore, memoryFactorStore } from "./second-factor";
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

const factorStores = new WeakMap<object, Map<string, FactorStore>>();

/** The administrator's authenticator for one database: set up on its first sign-in, then remembered. */
export function adminFactorStore(testApp: TestApp, email: string): FactorStore {
  const stores = factorStores.get(testApp.database) ?? new Map<string, FactorStore>();
  factorStores.set(testApp.database, stores);
  const store = stores.get(email) ?? memoryFactorStore();
  stores.set(email, store);
  return store;
}

/**
 * Signs in through the API, both steps for the administrator (a code of the authenticator set up at
 * the first sign-in), and returns the final answer: the one that carries the session cookie.
 */
export async function signInResponse(
  testApp: TestApp,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  const response = await post(testApp, "/api/auth/login", { email, password });
  const challenge = response.statusCode === 200 ? response.json().secondFactor : undefined;
  if (!challenge) return response;
  return completeSecondFactor(challenge, adminFactorStore(testApp, email), async (body) => {
    const answer = await post(testApp, "/api/auth/second-factor", body);
    return {
      status: answer.statusCode,
      recoveryCodes: answer.statusCode === 200 ? answer.json().recoveryCodes : null,
      response: answer,
    };
  });
}

/** Signs in through the API (both steps for the administrator) and returns the new session cookie. */
export async function signIn(testApp: TestApp, email: string, password: string): Promise<string> {
  return sessionCookieOf(await signInResponse(testApp, email, password));
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
