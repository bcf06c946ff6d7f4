import { randomUUID } from "node:crypto";
import type { ChatSummary } from "@shared/api/chats";
import { RECRUITMENT_MESSAGES, type RecruitmentPost } from "@shared/api/recruitment";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMessages, notificationRowsOf, type Student } from "../../../tests/factories/chats";
import {
  buildRecruitment,
  countChatsAbout,
  countRecruitmentRows,
  createRecruitmentPost,
  findRecruitmentRow,
  sendRecruitment,
} from "../../../tests/factories/recruitment";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { chats, messages } from "../../db/schema";

let testApp: TestApp;
let recruiter: Student;
let student: Student;
beforeAll(async () => {
  // One recruiter posts and edits many times here; the posting limits have their own tests.
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" });
  recruiter = await createStudent(testApp, { name: "Aarav Mehta" });
  student = await createStudent(testApp, { name: "Diya Nair" });
});
afterAll(() => testApp.close());

const invalidInput = (message: string) => ({ error: { code: "invalid_input", message } });

async function listPosts(cookie: string, query: Record<string, string> = {}) {
  const response = await get(testApp, `/api/recruitment-posts?${new URLSearchParams(query)}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { posts: RecruitmentPost[]; total: number };
}

describe("signed out", () => {
  it.each([
    ["GET", "/api/recruitment-posts"],
    ["POST", "/api/recruitment-posts"],
    ["PATCH", `/api/recruitment-posts/${randomUUID()}`],
    ["DELETE", `/api/recruitment-posts/${randomUUID()}`],
    ["POST", `/api/recruitment-posts/${randomUUID()}/message`],
  ] as const)("%s %s requires sign-in and writes nothing", async (method, url) => {
    const before = await countRecruitmentRows(testApp);
    const response = await sendRecruitment(testApp, method, url, undefined, buildRecruitment());
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await countRecruitmentRows(testApp)).toBe(before);
  });
});

describe("POST /api/recruitment-posts", () => {
  it.each([
    ["a blank purpose", { purpose: "   " }, RECRUITMENT_MESSAGES.purposeRequired],
    ["team size 0", { maxStudents: 0 }, RECRUITMENT_MESSAGES.teamSize],
    ["team size 21", { maxStudents: 21 }, RECRUITMENT_MESSAGES.teamSize],
    ["team size 2.5", { maxStudents: 2.5 }, RECRUITMENT_MESSAGES.teamSize],
    ['team size "3" as text', { maxStudents: "3" }, RECRUITMENT_MESSAGES.teamSize],
    ["no team size", { maxStudents: undefined }, RECRUITMENT_MESSAGES.teamSize],
    ["a blank description", { description: " \n " }, RECRUITMENT_MESSAGES.descriptionRequired],
    ["an unknown year", { years: ["5th Year"] }, null],
  ])("refuses %s with 400 and writes no post", async (_rule, overrides, message) => {
    const before = await countRecruitmentRows(testApp);
    const response = await sendRecruitment(
      testApp,
      "POST",
      "/api/recruitment-posts",
      recruiter.cookie,
      buildRecruitment(overrides),
    );
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json()).toEqual(invalidInput(message));
    else expect(response.json().error.code).toBe("invalid_input");
    expect(await countRecruitmentRows(testApp)).toBe(before);
  });

  it("accepts team sizes 1 and 20, the limits", async () => {
    for (const maxStudents of [1, 20]) {
      const post = await createRecruitmentPost(testApp, recruiter.cookie, buildRecruitment({ maxStudents }));
      expect(post.maxStudents).toBe(maxStudents);
    }
  });

  it("creates an active post with the recruiter's name and college, texts trimmed", async () => {
    const post = await createRecruitmentPost(
      testApp,
      recruiter.cookie,
      buildRecruitment({ purpose: "  ML project  ", event: "", qualities: "" }),
    );
    expect(post).toMatchObject({
      recruiterId: recruiter.id,
      recruiterName: "Aarav Mehta",
      recruiterCollege: "IIT Bombay",
      purpose: "ML project",
      maxStudents: 3,
      event: "",
      qualities: "",
      years: ["2nd Year", "3rd Year"],
    });
    expect(await findRecruitmentRow(testApp, post.id)).toMatchObject({ isActive: true });
    const listed = await listPosts(student.cookie, { search: "ML project" });
    expect(listed.posts.map((row) => row.id)).toContain(post.id);
  });

  it("stores ['Any Year'] when no year is chosen, and each chosen year once", async () => {
    const none = await createRecruitmentPost(testApp, recruiter.cookie, buildRecruitment({ years: [] }));
    expect(none.years).toEqual(["Any Year"]);
    expect((await findRecruitmentRow(testApp, none.id))?.years).toEqual(["Any Year"]);
    const twice = await createRecruitmentPost(
      testApp,
      recruiter.cookie,
      buildRecruitment({ years: ["1st Year", "1st Year"] }),
    );
    expect(twice.years).toEqual(["1st Year"]);
  });
});

describe("PATCH and DELETE /api/recruitment-posts/{id}", () => {
  it("lets only the owner edit: another student gets 403 and the post is unchanged", async () => {
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const before = await findRecruitmentRow(testApp, post.id);
    const url = `/api/recruitment-posts/${post.id}`;
    const edit = buildRecruitment({ purpose: "Taken over", maxStudents: 9 });

    const refused = await sendRecruitment(testApp, "PATCH", url, student.cookie, edit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: "forbidden", message: RECRUITMENT_MESSAGES.notYours } });
    expect(await findRecruitmentRow(testApp, post.id)).toEqual(before);

    const response = await sendRecruitment(testApp, "PATCH", url, recruiter.cookie, {
      ...edit,
      purpose: "Robotics team",
      years: [],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().post).toMatchObject({
      purpose: "Robotics team",
      maxStudents: 9,
      years: ["Any Year"],
    });
    const after = await findRecruitmentRow(testApp, post.id);
    expect(after?.updatedAt.getTime()).toBeGreaterThan(
      before?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });

  it("checks an edit like a new post", async () => {
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const response = await sendRecruitment(
      testApp,
      "PATCH",
      `/api/recruitment-posts/${post.id}`,
      recruiter.cookie,
      buildRecruitment({ maxStudents: 21 }),
    );
    expect(response.json()).toEqual(invalidInput(RECRUITMENT_MESSAGES.teamSize));
    expect((await findRecruitmentRow(testApp, post.id))?.maxStudents).toBe(3);
  });

  it("lets only the owner delete: another student gets 403 and the post stays", async () => {
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const url = `/api/recruitment-posts/${post.id}`;
    const refused = await sendRecruitment(testApp, "DELETE", url, student.cookie);
    expect(refused.statusCode).toBe(403);
    expect(await findRecruitmentRow(testApp, post.id)).toBeDefined();

    expect((await sendRecruitment(testApp, "DELETE", url, recruiter.cookie)).statusCode).toBe(204);
    expect(await findRecruitmentRow(testApp, post.id)).toBeUndefined();
    expect((await sendRecruitment(testApp, "DELETE", url, recruiter.cookie)).statusCode).toBe(404);
  });
});

describe("POST /api/recruitment-posts/{id}/message", () => {
  const chatsOf = async (user: Student): Promise<ChatSummary[]> =>
    (await get(testApp, "/api/chats", { cookie: user.cookie })).json().chats;

  it("refuses a message to one's own post with 400 and opens no chat", async () => {
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const response = await sendRecruitment(
      testApp,
      "POST",
      `/api/recruitment-posts/${post.id}/message`,
      recruiter.cookie,
      {},
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput(RECRUITMENT_MESSAGES.ownPost));
    expect(await countChatsAbout(testApp, post.id)).toBe(0);
  });

  it("answers 404 for a post that does not exist", async () => {
    const response = await sendRecruitment(
      testApp,
      "POST",
      `/api/recruitment-posts/${randomUUID()}/message`,
      student.cookie,
      {},
    );
    expect(response.statusCode).toBe(404);
  });

  it("opens the recruitment chat once, with one inquiry and one notification, listed for both", async () => {
    const post = await createRecruitmentPost(
      testApp,
      recruiter.cookie,
      buildRecruitment({ purpose: "AI team" }),
    );
    const url = `/api/recruitment-posts/${post.id}/message`;
    const chatId = `recruitment_${student.id}_${recruiter.id}_${post.id}`;
    const notificationsBefore = (await notificationRowsOf(testApp, recruiter.id)).length;

    const first = await sendRecruitment(testApp, "POST", url, student.cookie, { clientId: randomUUID() });
    expect(first.statusCode).toBe(200);
    expect(first.json().chat).toMatchObject({
      id: chatId,
      kind: "recruitment",
      tab: "recruitment",
      recruitmentPurpose: "AI team",
      counterpart: { id: recruiter.id, name: "Aarav Mehta" },
      abilities: { canSend: true, canOffer: false },
    });
    const [chatRow] = await testApp.database.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chatRow).toMatchObject({ kind: "recruitment", recruitmentPostId: post.id });
    const inquiries = await testApp.database.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(inquiries).toHaveLength(1);
    expect(inquiries[0]).toMatchObject({ type: "recruitment_inquiry", senderId: student.id });

    const second = await sendRecruitment(testApp, "POST", url, student.cookie, { clientId: randomUUID() });
    expect(second.statusCode).toBe(200);
    expect(second.json().chat.id).toBe(chatId);
    expect(await countMessages(testApp, chatId)).toBe(1);

    const added = (await notificationRowsOf(testApp, recruiter.id)).slice(notificationsBefore);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      type: "recruitment_message",
      chatId,
      recruitmentPostId: post.id,
      fromUserId: student.id,
    });

    expect((await chatsOf(student)).find((chat) => chat.id === chatId)).toMatchObject({
      tab: "recruitment",
      counterpart: { id: recruiter.id },
    });
    expect((await chatsOf(recruiter)).find((chat) => chat.id === chatId)).toMatchObject({
      tab: "recruitment",
      counterpart: { id: student.id },
    });
  });
});

describe("abilities: what each viewer may do with a post", () => {
  const RECRUITER = {
    canEdit: true,
    canDelete: true,
    canMessage: false,
    canRequest: false,
    canManageRequests: true,
  };
  const ANYONE_ELSE = {
    canEdit: false,
    canDelete: false,
    canMessage: true,
    canRequest: true,
    canManageRequests: false,
  };
  const listedAs = async (cookie: string, id: string, purpose: string) =>
    (await listPosts(cookie, { search: purpose })).posts.find((each) => each.id === id)?.abilities;

  it("gives the recruiter edit and delete, and everyone else, the administrator too, a message", async () => {
    const purpose = `Robotics ${randomUUID().slice(0, 8)}`;
    const post = await createRecruitmentPost(testApp, recruiter.cookie, buildRecruitment({ purpose }));
    expect(post.abilities).toEqual(RECRUITER);
    expect(await listedAs(recruiter.cookie, post.id, purpose)).toEqual(RECRUITER);
    expect(await listedAs(student.cookie, post.id, purpose)).toEqual(ANYONE_ELSE);
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await listedAs(adminCookie, post.id, purpose)).toEqual(ANYONE_ELSE);

    const edited = await sendRecruitment(
      testApp,
      "PATCH",
      `/api/recruitment-posts/${post.id}`,
      recruiter.cookie,
      buildRecruitment({ purpose }),
    );
    expect(edited.json().post.abilities).toEqual(RECRUITER);
    // The server refuses what the abilities leave out, to the administrator as to any student.
    for (const cookie of [student.cookie, adminCookie]) {
      const refused = await sendRecruitment(
        testApp,
        "DELETE",
        `/api/recruitment-posts/${post.id}`,
        cookie,
        {},
      );
      expect(refused.statusCode).toBe(403);
    }
  });
});
