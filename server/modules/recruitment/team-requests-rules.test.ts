// Every way a request to join moves on or is refused: asking, answering, cancelling, and who may
// ask. Asking again, leaving, a full team and races: team-membership.test.ts.
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  buildRecruitment,
  createRecruitmentPost,
  insertRecruitmentPost,
} from "../../../tests/factories/recruitment";
import type { Actor } from "../../../tests/security/world";
import { users } from "../../db/schema";
import {
  answer,
  ask,
  cancel,
  errorOf,
  meera,
  memberOf,
  notificationTexts,
  postAs,
  requestId,
  setUpTeamRequestsApp,
  students,
  testApp,
} from "./testing/team-requests-app";

setUpTeamRequestsApp();

describe("requesting to join", () => {
  it("requires sign-in to request, answer and cancel", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha] = (await students(1, "Asha")) as [Actor];
    const id = await requestId(post.id, asha);
    expect((await ask(post.id, undefined)).statusCode).toBe(401);
    for (const what of ["accept", "decline", "remove"] as const) {
      expect((await answer(id, what, undefined)).statusCode).toBe(401);
    }
    expect((await cancel(id, undefined)).statusCode).toBe(401);
    expect((await postAs(post.id, meera)).pendingCount).toBe(1);
  });

  it("answers 404 for a post or a request that does not exist, and 400 for a malformed id", async () => {
    const [asha] = (await students(1, "Asha")) as [Actor];
    const missing = "00000000-0000-4000-8000-000000000000";
    const noPost = await ask(missing, asha.cookie);
    expect(noPost.statusCode).toBe(404);
    expect(errorOf(noPost)).toBe(RECRUITMENT_MESSAGES.notFound);
    const noRequest = await answer(missing, "accept", meera.cookie);
    expect(noRequest.statusCode).toBe(404);
    expect(errorOf(noRequest)).toBe(TEAM_MESSAGES.requestNotFound);
    expect((await cancel(missing, asha.cookie)).statusCode).toBe(404);
    expect((await ask("not-a-post", asha.cookie)).statusCode).toBe(400);
    expect((await answer("not-a-request", "decline", meera.cookie)).statusCode).toBe(400);
  });

  it("refuses a request to one's own post", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const own = await ask(post.id, meera.cookie);
    expect(own.statusCode).toBe(400);
    expect(errorOf(own)).toBe(TEAM_MESSAGES.ownPostRequest);
    expect((await postAs(post.id, meera)).pendingCount).toBe(0);
  });

  it("takes a request with its note, tells the recruiter, and refuses a second one", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ purpose: "HackDU" }));
    const [asha] = (await students(1, "Asha")) as [Actor];
    const created = await ask(post.id, asha.cookie, "  I know React.  ");
    expect(created.statusCode).toBe(201);
    expect(created.json().request).toMatchObject({ status: "pending", note: "I know React." });
    expect(await notificationTexts(meera)).toContain(TEAM_MESSAGES.requestedNotice("Asha 1", "HackDU"));

    const again = await ask(post.id, asha.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(TEAM_MESSAGES.alreadyRequested);
    expect((await postAs(post.id, meera)).pendingCount).toBe(1);
  });

  it("takes one of two requests sent at once by the same student", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha] = (await students(1, "Asha")) as [Actor];
    const both = await Promise.all([ask(post.id, asha.cookie), ask(post.id, asha.cookie)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await postAs(post.id, meera)).pendingCount).toBe(1);
  });

  it("refuses a member's second request", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha] = (await students(1, "Asha")) as [Actor];
    await memberOf(post.id, asha, meera);
    const again = await ask(post.id, asha.cookie);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(TEAM_MESSAGES.alreadyRequested);
  });
});

describe("answering a request", () => {
  it("lets only the recruiter accept, decline or remove", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const id = await requestId(post.id, asha);
    for (const what of ["accept", "decline"] as const) {
      for (const student of [asha, rohan]) {
        const refused = await answer(id, what, student.cookie);
        expect(refused.statusCode).toBe(403);
        expect(errorOf(refused)).toBe(RECRUITMENT_MESSAGES.notYours);
      }
    }
    expect((await answer(id, "accept", meera.cookie)).statusCode).toBe(200);
    expect((await answer(id, "remove", asha.cookie)).statusCode).toBe(403);
    expect((await answer(id, "remove", rohan.cookie)).statusCode).toBe(403);
    expect((await postAs(post.id, meera)).acceptedCount).toBe(1);
  });

  it("accepts a pending request once, lists the member and tells them", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ purpose: "Robocon" }));
    const [asha] = (await students(1, "Asha")) as [Actor];
    const id = await requestId(post.id, asha);
    const accepted = await answer(id, "accept", meera.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request).toMatchObject({ id, status: "accepted", requesterName: "Asha 1" });
    expect(await notificationTexts(asha)).toContain(TEAM_MESSAGES.acceptedNotice("Robocon"));
    expect(await postAs(post.id, asha)).toMatchObject({
      acceptedCount: 1,
      members: [{ id: asha.id, name: "Asha 1" }],
      myRequest: { id, status: "accepted" },
    });

    for (const what of ["accept", "decline"] as const) {
      const late = await answer(id, what, meera.cookie);
      expect(late.statusCode).toBe(409);
      expect(errorOf(late)).toBe(TEAM_MESSAGES.requestNotPending);
    }
  });

  it("declines a pending request once and tells the student", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ purpose: "Robocon" }));
    const [asha] = (await students(1, "Asha")) as [Actor];
    const id = await requestId(post.id, asha);
    const declined = await answer(id, "decline", meera.cookie);
    expect(declined.json().request.status).toBe("declined");
    expect(await notificationTexts(asha)).toContain(TEAM_MESSAGES.declinedNotice("Robocon"));
    expect(await postAs(post.id, asha)).toMatchObject({
      acceptedCount: 0,
      myRequest: { id, status: "declined" },
    });

    for (const what of ["accept", "decline"] as const) {
      const late = await answer(id, what, meera.cookie);
      expect(late.statusCode).toBe(409);
      expect(errorOf(late)).toBe(TEAM_MESSAGES.requestNotPending);
    }
    const notMember = await answer(id, "remove", meera.cookie);
    expect(notMember.statusCode).toBe(409);
    expect(errorOf(notMember)).toBe(TEAM_MESSAGES.notMember);
  });
});

describe("cancelling a request", () => {
  it("lets only the requester cancel, while it is pending", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const id = await requestId(post.id, asha);
    expect((await cancel(id, meera.cookie)).statusCode).toBe(403);
    expect((await cancel(id, rohan.cookie)).statusCode).toBe(403);
    const cancelled = await cancel(id, asha.cookie);
    expect(cancelled.json().request.status).toBe("cancelled");
    expect(await postAs(post.id, meera)).toMatchObject({ pendingCount: 0, acceptedCount: 0 });

    const twice = await cancel(id, asha.cookie);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(TEAM_MESSAGES.requestNotPending);
    for (const what of ["accept", "decline"] as const) {
      expect((await answer(id, what, meera.cookie)).statusCode).toBe(409);
    }
  });

  it("refuses to cancel an accepted, declined or removed request", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha, rohan, kavya] = (await students(3, "Asha")) as [Actor, Actor, Actor];
    const accepted = await memberOf(post.id, asha, meera);
    const declined = await requestId(post.id, rohan);
    await answer(declined, "decline", meera.cookie);
    const removed = await memberOf(post.id, kavya, meera);
    await answer(removed, "remove", meera.cookie);

    for (const [id, student] of [
      [accepted, asha],
      [declined, rohan],
      [removed, kavya],
    ] as const) {
      const refused = await cancel(id, student.cookie);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(TEAM_MESSAGES.requestNotPending);
    }
    expect((await postAs(post.id, meera)).members).toEqual([{ id: asha.id, name: "Asha 1" }]);
  });
});

describe("who may ask", () => {
  it("holds at most 10 pending requests; an answered or cancelled one frees its place", async () => {
    const [kavya] = (await students(1, "Kavya")) as [Actor];
    const posts = await Promise.all(
      Array.from({ length: 12 }, () => insertRecruitmentPost(testApp, meera.id, {})),
    );
    const ids: string[] = [];
    for (const post of posts.slice(0, 10)) ids.push(await requestId(post.id, kavya));
    const eleventh = await ask(posts[10]?.id ?? "", kavya.cookie);
    expect(eleventh.statusCode).toBe(409);
    expect(errorOf(eleventh)).toBe(TEAM_MESSAGES.tooManyPending);

    await cancel(ids[0] ?? "", kavya.cookie);
    expect((await ask(posts[10]?.id ?? "", kavya.cookie)).statusCode).toBe(201);
    expect((await ask(posts[11]?.id ?? "", kavya.cookie)).statusCode).toBe(409);
    await answer(ids[1] ?? "", "accept", meera.cookie);
    expect((await ask(posts[11]?.id ?? "", kavya.cookie)).statusCode).toBe(201);
  });

  it("refuses a student who blocked the recruiter, or whom the recruiter blocked", async () => {
    const [asha, rohan, recruiter] = (await students(3, "Asha")) as [Actor, Actor, Actor];
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    for (const [blocker, blocked] of [
      [asha, recruiter],
      [recruiter, rohan],
    ] as const) {
      const block = await testApp.app.inject({
        method: "PUT",
        url: `/api/users/${blocked.id}/block`,
        headers: { cookie: blocker.cookie },
      });
      expect(block.statusCode).toBeLessThan(300);
    }
    for (const student of [asha, rohan]) {
      const refused = await ask(post.id, student.cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe(TEAM_MESSAGES.cannotRequest);
    }
    expect((await postAs(post.id, recruiter)).pendingCount).toBe(0);
  });

  it("refuses a suspended student, and hides a suspended recruiter's post", async () => {
    const [asha, recruiter, rohan] = (await students(3, "Asha")) as [Actor, Actor, Actor];
    const post = await createRecruitmentPost(testApp, recruiter.cookie);
    const suspend = (id: string) =>
      testApp.database.db
        .update(users)
        .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 86_400_000) })
        .where(eq(users.id, id));
    await suspend(asha.id);
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(401);
    await suspend(recruiter.id);
    const hidden = await ask(post.id, rohan.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden)).toBe(RECRUITMENT_MESSAGES.notFound);
  });
});
