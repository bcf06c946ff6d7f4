import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerTeamRequest,
  buildRecruitment,
  createRecruitmentPost,
  insertRecruitmentPost,
  requestToJoin,
  sendRecruitment,
} from "../../../tests/factories/recruitment";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { type Actor, insertStudent } from "../../../tests/security/world";
import { teamRequests, users } from "../../db/schema";

// Every way a request to join moves on or is refused. The students here send many requests and
// edits; the rate rules have their own tests.
let testApp: TestApp;
let meera: Actor;
beforeAll(async () => {
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" }, { startWorkers: false });
  meera = await insertStudent(testApp, "Meera Joshi");
});
afterAll(() => testApp.close());

type Answer = "accept" | "decline" | "remove" | "leave";

const ask = (postId: string, cookie: string | undefined, note = "") =>
  requestToJoin(testApp, postId, cookie, note);
const answer = (id: string, what: Answer, cookie: string | undefined) =>
  answerTeamRequest(testApp, id, what, cookie);
const cancel = (id: string, cookie: string | undefined) =>
  sendRecruitment(testApp, "DELETE", `/api/team-requests/${id}`, cookie);
const resize = (postId: string, maxStudents: number, cookie: string) =>
  sendRecruitment(
    testApp,
    "PATCH",
    `/api/recruitment-posts/${postId}`,
    cookie,
    buildRecruitment({ maxStudents }),
  );
const errorOf = (response: { json(): { error: { message: string } } }) => response.json().error.message;

/** A pending request's id; fails unless the server took it. */
async function requestId(postId: string, student: Actor): Promise<string> {
  const response = await ask(postId, student.cookie);
  if (response.statusCode !== 201) throw new Error(`request failed: ${response.statusCode} ${response.body}`);
  return response.json().request.id;
}

/** A member's request id: asked and accepted. */
async function memberOf(postId: string, student: Actor, recruiter: Actor): Promise<string> {
  const id = await requestId(postId, student);
  const accepted = await answer(id, "accept", recruiter.cookie);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return id;
}

const students = (count: number, name = "Student") =>
  Promise.all(Array.from({ length: count }, (_, index) => insertStudent(testApp, `${name} ${index + 1}`)));

/** The post as the viewer's list shows it, full teams included. */
async function postAs(id: string, viewer: Actor) {
  const list = await sendRecruitment(
    testApp,
    "GET",
    "/api/recruitment-posts?showFull=true&sort=newest",
    viewer.cookie,
  );
  return list.json().posts.find((post: { id: string }) => post.id === id);
}

async function notificationTexts(student: Actor): Promise<string[]> {
  const response = await testApp.app.inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: student.cookie },
  });
  return response.json().notifications.map((notification: { text: string }) => notification.text);
}

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

/** Moves a request's last answer `hours` into the past, as if it had been given then. */
const answeredHoursAgo = (id: string, hours: number) =>
  testApp.database.db
    .update(teamRequests)
    .set({ updatedAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(teamRequests.id, id));

describe("asking again", () => {
  // An open request (pending or accepted) stands in the way of a new one, and so, for
  // TEAM_ASK_AGAIN_HOURS, does the recruiter's no (declined or removed): a student who cancelled or
  // left may ask again at once, and the recruiter answers afresh.
  it("takes a new request after a cancelled one", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha] = (await students(1, "Asha")) as [Actor];
    const first = await requestId(post.id, asha);
    await cancel(first, asha.cookie);
    const second = await ask(post.id, asha.cookie);
    expect(second.statusCode).toBe(201);
    expect(second.json().request.id).not.toBe(first);
    expect(await postAs(post.id, asha)).toMatchObject({
      myRequest: { id: second.json().request.id, status: "pending" },
    });
  });

  it("takes a new request a day after a declined one, not before", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const first = await requestId(post.id, asha);
    await answer(first, "decline", meera.cookie);
    expect(await postAs(post.id, asha)).toMatchObject({
      myRequest: { id: first, status: "declined" },
      abilities: { canRequest: false },
    });
    // Only the declined student waits, and only for this team.
    expect((await postAs(post.id, rohan)).abilities.canRequest).toBe(true);
    const soon = await ask(post.id, asha.cookie);
    expect(soon.statusCode).toBe(409);
    expect(errorOf(soon)).toBe(TEAM_MESSAGES.askAgainLater);
    const other = await createRecruitmentPost(testApp, meera.cookie);
    expect((await ask(other.id, asha.cookie)).statusCode).toBe(201);

    await answeredHoursAgo(first, 23.9);
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(409);
    await answeredHoursAgo(first, 24.1);
    expect(await postAs(post.id, asha)).toMatchObject({ myRequest: null, abilities: { canRequest: true } });
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(201);
  });

  it("removes a member once, tells them, frees their spot and lets them ask again a day later", async () => {
    const post = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Robocon", maxStudents: 1 }),
    );
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const id = await memberOf(post.id, asha, meera);
    expect((await postAs(post.id, rohan)).isFull).toBe(true);

    const removed = await answer(id, "remove", meera.cookie);
    expect(removed.json().request.status).toBe("removed");
    expect(await notificationTexts(asha)).toContain(TEAM_MESSAGES.removedNotice("Robocon"));
    expect(await postAs(post.id, rohan)).toMatchObject({ isFull: false, acceptedCount: 0, members: [] });
    const twice = await answer(id, "remove", meera.cookie);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(TEAM_MESSAGES.notMember);

    expect((await postAs(post.id, asha)).myRequest).toEqual({ id, status: "removed" });
    expect(errorOf(await ask(post.id, asha.cookie))).toBe(TEAM_MESSAGES.askAgainLater);
    await answeredHoursAgo(id, 25);
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(201);
  });

  it("refuses to remove a student whose request is still pending", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha] = (await students(1, "Asha")) as [Actor];
    const id = await requestId(post.id, asha);
    const refused = await answer(id, "remove", meera.cookie);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe(TEAM_MESSAGES.notMember);
    expect((await postAs(post.id, meera)).pendingCount).toBe(1);
  });
});

describe("leaving a team", () => {
  it("lets a member leave once, tells the recruiter, frees the spot and lets them ask again", async () => {
    const post = await createRecruitmentPost(
      testApp,
      meera.cookie,
      buildRecruitment({ purpose: "Smart India Hackathon", maxStudents: 1 }),
    );
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const id = await memberOf(post.id, asha, meera);
    expect((await postAs(post.id, asha)).myRequest).toEqual({ id, status: "accepted" });

    const left = await answer(id, "leave", asha.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json().request).toMatchObject({ id, status: "left" });
    expect(await notificationTexts(meera)).toContain(
      TEAM_MESSAGES.leftNotice("Asha 1", "Smart India Hackathon"),
    );
    expect(await postAs(post.id, rohan)).toMatchObject({ isFull: false, acceptedCount: 0, members: [] });
    const requests = await sendRecruitment(
      testApp,
      "GET",
      `/api/recruitment-posts/${post.id}/requests`,
      meera.cookie,
    );
    expect(requests.json().requests).toEqual([]);

    const twice = await answer(id, "leave", asha.cookie);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(TEAM_MESSAGES.notOnTeam);
    // Leaving was the student's own choice: they may ask again at once.
    expect(await postAs(post.id, asha)).toMatchObject({ myRequest: null, abilities: { canRequest: true } });
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(201);
  });

  it("lets only the member leave, and only while on the team", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    const pending = await requestId(post.id, asha);
    const notYet = await answer(pending, "leave", asha.cookie);
    expect(notYet.statusCode).toBe(409);
    expect(errorOf(notYet)).toBe(TEAM_MESSAGES.notOnTeam);

    await answer(pending, "accept", meera.cookie);
    for (const caller of [meera, rohan]) {
      const refused = await answer(pending, "leave", caller.cookie);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe(RECRUITMENT_MESSAGES.notYours);
    }
    expect((await answer(pending, "leave", undefined)).statusCode).toBe(401);
    expect(await postAs(post.id, rohan)).toMatchObject({ acceptedCount: 1, members: [{ name: "Asha 1" }] });
  });
});

describe("a full team", () => {
  it("refuses new requests and the acceptance of pending ones with 'Team full'", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 1 }));
    const [asha, rohan, kavya] = (await students(3, "Asha")) as [Actor, Actor, Actor];
    const first = await requestId(post.id, asha);
    const waiting = await requestId(post.id, rohan);
    await answer(first, "accept", meera.cookie);

    const late = await ask(post.id, kavya.cookie);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(TEAM_MESSAGES.teamFull);
    const over = await answer(waiting, "accept", meera.cookie);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toBe(TEAM_MESSAGES.teamFull);
    expect(await postAs(post.id, kavya)).toMatchObject({
      isFull: true,
      acceptedCount: 1,
      abilities: { canRequest: false },
    });
    // A pending request of a full team may still be declined or cancelled.
    expect((await cancel(waiting, rohan.cookie)).statusCode).toBe(200);
  });

  it("reopens when the recruiter raises the size", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 1 }));
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    await memberOf(post.id, asha, meera);
    expect((await ask(post.id, rohan.cookie)).statusCode).toBe(409);

    const raised = await resize(post.id, 2, meera.cookie);
    expect(raised.statusCode).toBe(200);
    expect(raised.json().post).toMatchObject({ maxStudents: 2, isFull: false, acceptedCount: 1 });
    await memberOf(post.id, rohan, meera);
    expect(await postAs(post.id, meera)).toMatchObject({ isFull: true, acceptedCount: 2 });
  });

  it("keeps the size within 1 to 20 and never below the accepted members", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 3 }));
    const [asha, rohan] = (await students(2, "Asha")) as [Actor, Actor];
    await memberOf(post.id, asha, meera);
    await memberOf(post.id, rohan, meera);

    const below = await resize(post.id, 1, meera.cookie);
    expect(below.statusCode).toBe(400);
    expect(errorOf(below)).toBe(TEAM_MESSAGES.sizeBelowTeam(2));
    for (const size of [0, 21]) {
      const outside = await resize(post.id, size, meera.cookie);
      expect(outside.statusCode).toBe(400);
      expect(errorOf(outside)).toBe(RECRUITMENT_MESSAGES.teamSize);
    }
    expect((await postAs(post.id, meera)).maxStudents).toBe(3);

    const exact = await resize(post.id, 2, meera.cookie);
    expect(exact.statusCode).toBe(200);
    expect(exact.json().post).toMatchObject({ maxStudents: 2, isFull: true, acceptedCount: 2 });
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

describe("under concurrency", () => {
  it("accepts exactly one of several requests for the last spot", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 3 }));
    const members = await students(2, "Member");
    for (const member of members) await memberOf(post.id, member, meera);
    const waiting = await Promise.all(
      (await students(5, "Waiting")).map((student) => requestId(post.id, student)),
    );

    const answers = await Promise.all(waiting.map((id) => answer(id, "accept", meera.cookie)));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((response) => response.statusCode === 409)) {
      expect(errorOf(refused)).toBe(TEAM_MESSAGES.teamFull);
    }
    expect(await postAs(post.id, meera)).toMatchObject({ acceptedCount: 3, maxStudents: 3, isFull: true });
  });

  it("never leaves more members than the size when an accept races a smaller size", async () => {
    for (let round = 0; round < 5; round++) {
      const [recruiter, member, waiting] = (await students(3, `Round ${round}`)) as [Actor, Actor, Actor];
      const post = await createRecruitmentPost(
        testApp,
        recruiter.cookie,
        buildRecruitment({ maxStudents: 2 }),
      );
      await memberOf(post.id, member, recruiter);
      const id = await requestId(post.id, waiting);

      const [accepted, shrunk] = await Promise.all([
        answer(id, "accept", recruiter.cookie),
        resize(post.id, 1, recruiter.cookie),
      ]);
      // Whichever comes first wins; the other is refused with its reason.
      if (accepted.statusCode === 200) {
        expect(shrunk.statusCode).toBe(400);
        expect(errorOf(shrunk)).toBe(TEAM_MESSAGES.sizeBelowTeam(2));
      } else {
        expect(accepted.statusCode).toBe(409);
        expect(errorOf(accepted)).toBe(TEAM_MESSAGES.teamFull);
        expect(shrunk.statusCode).toBe(200);
      }
      const seen = await postAs(post.id, recruiter);
      expect(seen.acceptedCount).toBeLessThanOrEqual(seen.maxStudents);
    }
  });
});
