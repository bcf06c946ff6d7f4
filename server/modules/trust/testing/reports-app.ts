import type { ReportQueueResponse } from "@shared/api/reports";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { createStudent } from "../../../../tests/factories/users";
import { get, post, signIn } from "../../../../tests/helpers/api";
import { type LiveClient, listenOnLoopback } from "../../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { rowsOf } from "../../../db/rows";
import { reports } from "../../../db/schema";

export let testApp: TestApp;
export let baseUrl: string;
export let adminCookie: string;
export const sockets: LiveClient[] = [];

/** Starts the app before the file's tests; closes its sockets and the app after them. */
export function setUpReportsApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp();
    baseUrl = await listenOnLoopback(testApp.app);
    adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await testApp?.close();
  });
}

export type Student = Awaited<ReturnType<typeof createStudent>>;

export function report(who: Student | { cookie: string }, body: object) {
  return post(testApp, "/api/reports", { reason: "Scam or fraud", ...body }, { cookie: who.cookie });
}

export async function queue(): Promise<ReportQueueResponse> {
  const response = await get(testApp, "/api/admin/reports", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json();
}

export function act(reportId: string, body: object, cookie = adminCookie) {
  return post(testApp, `/api/admin/reports/${reportId}/action`, body, { cookie });
}

export async function notificationTexts(userId: string): Promise<string[]> {
  const rows = await testApp.database.db.execute(
    sql`select text from notifications where user_id = ${userId} order by created_at`,
  );
  return rowsOf<{ text: string }>(rows).map((row) => row.text);
}

export async function reportCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(reports);
  return row?.n ?? 0;
}
