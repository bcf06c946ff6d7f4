import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import {
  answerTeamRequest,
  buildRecruitment,
  requestToJoin,
  sendRecruitment,
} from "../../../../tests/factories/recruitment";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app";
import { type Actor, insertStudent } from "../../../../tests/security/world";
import { teamRequests } from "../../../db/schema";

export let testApp: TestApp;
export let meera: Actor;

/** Starts the app and the recruiter before the file's tests, and closes it after them. */
export function setUpTeamRequestsApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" }, { startWorkers: false });
    meera = await insertStudent(testApp, "Meera Joshi");
  });
  afterAll(() => testApp.close());
}

export type Answer = "accept" | "decline" | "remove" | "leave";

export const ask = (postId: string, cookie: string | undefined, note = "") =>
  requestToJoin(testApp, postId, cookie, note);
export const answer = (id: string, what: Answer, cookie: string | undefined) =>
  answerTeamRequest(testApp, id, what, cookie);
export const cancel = (id: string, cookie: string | undefined) =>
  sendRecruitment(testApp, "DELETE", `/api/team-requests/${id}`, cookie);
export const resize = (postId: string, maxStudents: number, cookie: string) =>
  sendRecruitment(
    testApp,
    "PATCH",
    `/api/recruitment-posts/${postId}`,
    cookie,
    buildRecruitment({ maxStudents }),
  );
export const errorOf = (response: { json(): { error: { message: string } } }) =>
  response.json().error.message;

/** A pending request's id; fails unless the server took it. */
export async function requestId(postId: string, student: Actor): Promise<string> {
  const response = await ask(postId, student.cookie);
  if (response.statusCode !== 201) throw new Error(`request failed: ${response.statusCode} ${response.body}`);
  return response.json().request.id;
}

/** A member's request id: asked and accepted. */
export async function memberOf(postId: string, student: Actor, recruiter: Actor): Promise<string> {
  const id = await requestId(postId, student);
  const accepted = await answer(id, "accept", recruiter.cookie);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return id;
}

export const students = (count: number, name = "Student") =>
  Promise.all(Array.from({ length: count }, (_, index) => insertStudent(testApp, `${name} ${index + 1}`)));

/** The post as the viewer's list shows it, full teams included. */
export async function postAs(id: string, viewer: Actor) {
  const list = await sendRecruitment(
    testApp,
    "GET",
    "/api/recruitment-posts?showFull=true&sort=newest",
    viewer.cookie,
  );
  return list.json().posts.find((post: { id: string }) => post.id === id);
}

export async function notificationTexts(student: Actor): Promise<string[]> {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: student.cookie },
  });
  return response.json().notifications.map((notification: { text: string }) => notification.text);
}

/** Moves a request's last answer `hours` into the past, as if it had been given then. */
export const answeredHoursAgo = (id: string, hours: number) =>
  testApp.database.db
    .update(teamRequests)
    .set({ updatedAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(teamRequests.id, id));
