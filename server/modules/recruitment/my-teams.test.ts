// Issue 40, 'Teams': 'My teams' lists a student's teams, full ones included; a member always sees
// their team; a removal tells the student; an answered request leaves the recruiter's unread count;
// a request shows the requester's college.
import type { RecruitmentPost } from "@shared/api/recruitment";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buildRecruitment,
  createRecruitmentPost,
  sendRecruitment,
} from "../../../tests/factories/recruitment";
import type { Actor } from "../../../tests/security/world";
import { users } from "../../db/schema";
import {
  answer,
  meera,
  memberOf,
  notificationTexts,
  requestId,
  setUpTeamRequestsApp,
  students,
  testApp,
} from "./testing/team-requests-app";

setUpTeamRequestsApp();

async function list(viewer: Actor, query: string): Promise<RecruitmentPost[]> {
  const response = await sendRecruitment(testApp, "GET", `/api/recruitment-posts?${query}`, viewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().posts;
}
const ids = (posts: RecruitmentPost[]) => posts.map((post) => post.id);

async function unreadNotifications(viewer: Actor): Promise<number> {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/api/notifications/counts",
    headers: { cookie: viewer.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().unread;
}

describe("My teams", () => {
  it("lists the teams a student recruits for or belongs to, full ones included, and no others", async () => {
    const [asha, dev, stranger] = (await students(3, "Mine")) as [Actor, Actor, Actor];
    const full = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Full team", maxStudents: 1 }),
    );
    const open = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Open team" }),
    );
    const ashasOwn = await createRecruitmentPost(
      testApp,
      asha.cookie,
      buildRecruitment({ purpose: "Asha's team" }),
    );
    const pendingOnly = await createRecruitmentPost(
      testApp,
      dev.cookie,
      buildRecruitment({ purpose: "Dev's team" }),
    );
    await memberOf(full.id, asha, meera);
    await requestId(pendingOnly.id, asha);

    const mine = ids(await list(asha, "mine=true"));
    expect(mine).toEqual(expect.arrayContaining([full.id, ashasOwn.id]));
    expect(mine).not.toContain(open.id);
    expect(mine).not.toContain(pendingOnly.id);
    expect(mine).toHaveLength(2);
    // The recruiter's own teams, full or not.
    expect(ids(await list(meera, "mine=true"))).toEqual(expect.arrayContaining([full.id, open.id]));
    expect(await list(stranger, "mine=true")).toEqual([]);
  });

  it("keeps a full team in its member's and recruiter's list while others no longer see it", async () => {
    const [asha, stranger] = (await students(2, "Full")) as [Actor, Actor];
    const full = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Quiz pair", maxStudents: 1 }),
    );
    await memberOf(full.id, asha, meera);
    // The default list hides full teams, and every college shows.
    expect(ids(await list(asha, "sort=newest"))).toContain(full.id);
    expect(ids(await list(meera, "sort=newest"))).toContain(full.id);
    expect(ids(await list(stranger, "sort=newest"))).not.toContain(full.id);
    const [asSeen] = (await list(asha, "mine=true")).filter((post) => post.id === full.id);
    expect(asSeen).toMatchObject({ isFull: true, myRequest: { status: "accepted" } });
  });
});

describe("answering and removing", () => {
  it("tells a removed member in a notification", async () => {
    const [asha] = (await students(1, "Removed")) as [Actor];
    const post = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Robotics crew" }),
    );
    const id = await memberOf(post.id, asha, meera);
    const removed = await answer(id, "remove", meera.cookie);
    expect(removed.statusCode).toBe(200);
    expect(await notificationTexts(asha)).toContain(TEAM_MESSAGES.removedNotice("Robotics crew"));
  });

  it("takes an answered request out of the recruiter's unread count", async () => {
    const [recruiter, asha, dev] = (await students(3, "Count")) as [Actor, Actor, Actor];
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const first = await requestId(post.id, asha);
    const second = await requestId(post.id, dev);
    expect(await unreadNotifications(recruiter)).toBe(2);
    await answer(first, "accept", recruiter.cookie);
    expect(await unreadNotifications(recruiter)).toBe(1);
    await answer(second, "decline", recruiter.cookie);
    expect(await unreadNotifications(recruiter)).toBe(0);
  });

  it("shows the recruiter each requester's college from their profile", async () => {
    const [asha] = (await students(1, "College")) as [Actor];
    await testApp.database.db.update(users).set({ college: "VJTI Mumbai" }).where(eq(users.id, asha.id));
    const post = await createRecruitmentPost(testApp, meera.cookie);
    await requestId(post.id, asha);
    const response = await sendRecruitment(
      testApp,
      "GET",
      `/api/recruitment-posts/${post.id}/requests`,
      meera.cookie,
    );
    expect(response.json().requests).toEqual([
      expect.objectContaining({
        requesterId: asha.id,
        requesterName: "College 1",
        requesterCollege: "VJTI Mumbai",
      }),
    ]);
  });
});
