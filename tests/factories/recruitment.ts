import type { RecruitmentInput, RecruitmentPost } from "@shared/api/recruitment";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { chats, recruitmentPosts } from "../../server/db/schema";
import type { TestApp } from "../helpers/test-app";

type NewPost = typeof recruitmentPosts.$inferInsert;

/** A valid create/edit body; overrides change single fields (undefined removes one). */
export function buildRecruitment(overrides: Record<string, unknown> = {}): RecruitmentInput {
  return {
    purpose: "Smart India Hackathon team",
    maxStudents: 3,
    event: "Smart India Hackathon 2026",
    qualities: "React, Node.js",
    years: ["2nd Year", "3rd Year"],
    description: "Looking for a frontend developer and a designer.",
    ...overrides,
  } as RecruitmentInput;
}

/** A recruitment API call as the cookie's user, with an optional JSON body. */
export function sendRecruitment(
  testApp: TestApp,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  cookie?: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

/** POST /api/recruitment-posts; fails unless the server answers 201. */
export async function createRecruitmentPost(
  testApp: TestApp,
  cookie: string,
  body: object = buildRecruitment(),
): Promise<RecruitmentPost> {
  const response = await sendRecruitment(testApp, "POST", "/api/recruitment-posts", cookie, body);
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  return response.json().post;
}

/** Writes a post straight to the database, e.g. with a chosen createdAt or inactive. */
export async function insertRecruitmentPost(
  testApp: TestApp,
  recruiterId: string,
  overrides: Partial<NewPost>,
) {
  const [row] = await testApp.database.db
    .insert(recruitmentPosts)
    .values({ ...buildRecruitment(), recruiterId, ...overrides })
    .returning();
  if (!row) throw new Error("recruitment post was not inserted");
  return row;
}

export async function findRecruitmentRow(testApp: TestApp, id: string) {
  const [row] = await testApp.database.db.select().from(recruitmentPosts).where(eq(recruitmentPosts.id, id));
  return row;
}

export async function countRecruitmentRows(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(recruitmentPosts);
  return row?.n ?? 0;
}

export async function countActiveRecruitmentRows(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(recruitmentPosts)
    .where(eq(recruitmentPosts.isActive, true));
  return row?.n ?? 0;
}

/** How many chats exist about a post. */
export async function countChatsAbout(testApp: TestApp, postId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(chats)
    .where(eq(chats.recruitmentPostId, postId));
  return row?.n ?? 0;
}

/** POST a request to join a post, with an optional note, as the cookie's student. */
export function requestToJoin(testApp: TestApp, postId: string, cookie: string | undefined, note = "") {
  return sendRecruitment(testApp, "POST", `/api/recruitment-posts/${postId}/requests`, cookie, { note });
}

/** The recruiter's answer to a request to join. */
export function answerTeamRequest(
  testApp: TestApp,
  id: string,
  what: "accept" | "decline" | "remove" | "leave",
  cookie: string | undefined,
) {
  return sendRecruitment(testApp, "POST", `/api/team-requests/${id}/${what}`, cookie);
}
