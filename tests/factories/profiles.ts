import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { users } from "../../server/db/schema";
import { findUserRow } from "../helpers/api";
import { ADMIN_EMAIL, type TestApp } from "../helpers/test-app";
import { multipartBody } from "../helpers/uploads";

/** An inject call with an optional session cookie and JSON body. */
export function callAs(
  testApp: TestApp,
  method: "GET" | "PUT" | "DELETE" | "PATCH",
  url: string,
  cookie?: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** GET /api/users/{id} as the cookie's user; fails unless the answer is 200. */
export async function fetchProfile(testApp: TestApp, id: string, cookie: string) {
  const response = await callAs(testApp, "GET", `/api/users/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The administrator's user id (the account createTestApp makes). */
export async function adminIdOf(testApp: TestApp): Promise<string> {
  const admin = await findUserRow(testApp, ADMIN_EMAIL);
  if (!admin) throw new Error("no admin account");
  return admin.id;
}

/** Marks an account deleted: users.deleted_at set, the row kept. */
export async function markUserDeleted(testApp: TestApp, id: string): Promise<void> {
  await testApp.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
}

/** POST /api/uploads/profile-photo with one file; the server reads the bytes, not the name or type. */
export async function uploadProfilePhoto(
  testApp: TestApp,
  cookie: string | undefined,
  data: Buffer,
  filename = "me.jpg",
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipartBody([{ data, filename, type: "image/jpeg" }]);
  return testApp.app.inject({
    method: "POST",
    url: "/api/uploads/profile-photo",
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}
