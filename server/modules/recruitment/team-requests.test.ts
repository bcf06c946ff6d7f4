import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent, uniqueCollege } from "../../../tests/factories/events";
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

let testApp: TestApp;
let meera: Actor;
let asha: Actor;
let rohan: Actor;
beforeAll(async () => {
  testApp = await createTestApp({}, { startWorkers: false });
  [meera, asha, rohan] = await Promise.all([
    insertStudent(testApp, "Meera Joshi"),
    insertStudent(testApp, "Asha Kulkarni"),
    insertStudent(testApp, "Rohan Mehta"),
  ]);
});
afterAll(() => testApp.close());

const ask = (postId: string, cookie: string, note = "") => requestToJoin(testApp, postId, cookie, note);
const answer = (id: string, what: "accept" | "decline" | "remove", cookie: string) =>
  answerTeamRequest(testApp, id, what, cookie);
const postAs = async (id: string, cookie: string) =>
  (await sendRecruitment(testApp, "GET", "/api/recruitment-posts?showFull=true&sort=newest", cookie))
    .json()
    .posts.find((p: { id: string }) => p.id === id);

describe("team requests", () => {
  it("request, accept, full team, remove, raise the size", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 1 }));
    expect((await ask(post.id, meera.cookie)).statusCode).toBe(400);

    const created = await ask(post.id, asha.cookie, "I know React.");
    expect(created.statusCode).toBe(201);
    const request = created.json().request;
    expect(request).toMatchObject({
      status: "pending",
      note: "I know React.",
      requesterName: "Asha Kulkarni",
    });
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(409);

    const list = await sendRecruitment(
      testApp,
      "GET",
      `/api/recruitment-posts/${post.id}/requests`,
      meera.cookie,
    );
    expect(list.json().requests.map((r: { id: string }) => r.id)).toEqual([request.id]);
    expect(
      (await sendRecruitment(testApp, "GET", `/api/recruitment-posts/${post.id}/requests`, rohan.cookie))
        .statusCode,
    ).toBe(403);
    expect((await postAs(post.id, meera.cookie)).pendingCount).toBe(1);
    expect((await postAs(post.id, asha.cookie)).myRequest).toEqual({ id: request.id, status: "pending" });

    expect((await answer(request.id, "accept", rohan.cookie)).statusCode).toBe(403);
    expect((await answer(request.id, "remove", meera.cookie)).statusCode).toBe(409);
    const accepted = await answer(request.id, "accept", meera.cookie);
    expect(accepted.json().request.status).toBe("accepted");
    expect((await answer(request.id, "accept", meera.cookie)).statusCode).toBe(409);

    const seen = await postAs(post.id, rohan.cookie);
    expect(seen).toMatchObject({ isFull: true, acceptedCount: 1, members: [{ name: "Asha Kulkarni" }] });
    expect(seen.abilities.canRequest).toBe(false);
    const open = await sendRecruitment(testApp, "GET", "/api/recruitment-posts?sort=newest", rohan.cookie);
    expect(open.json().posts.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await ask(post.id, rohan.cookie)).statusCode).toBe(409);

    // The size never goes below the team; it may be raised.
    const shrink = await sendRecruitment(
      testApp,
      "PATCH",
      `/api/recruitment-posts/${post.id}`,
      meera.cookie,
      buildRecruitment({ maxStudents: 0 }),
    );
    expect(shrink.statusCode).toBe(400);
    const raise = await sendRecruitment(
      testApp,
      "PATCH",
      `/api/recruitment-posts/${post.id}`,
      meera.cookie,
      buildRecruitment({ maxStudents: 2 }),
    );
    expect(raise.json().post).toMatchObject({ isFull: false, acceptedCount: 1 });

    const removed = await answer(request.id, "remove", meera.cookie);
    expect(removed.json().request.status).toBe("removed");
    // A removed member may ask again a day later (team-requests-rules.test.ts); another may now.
    expect((await ask(post.id, asha.cookie)).statusCode).toBe(409);
    expect((await ask(post.id, rohan.cookie)).statusCode).toBe(201);
  });

  it("decline and cancel, each only once and only by the right student", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie);
    const one = (await ask(post.id, rohan.cookie)).json().request;
    expect(
      (await sendRecruitment(testApp, "DELETE", `/api/team-requests/${one.id}`, meera.cookie)).statusCode,
    ).toBe(403);
    const cancelled = await sendRecruitment(testApp, "DELETE", `/api/team-requests/${one.id}`, rohan.cookie);
    expect(cancelled.json().request.status).toBe("cancelled");
    expect((await answer(one.id, "accept", meera.cookie)).statusCode).toBe(409);

    const two = (await ask(post.id, rohan.cookie)).json().request;
    expect((await answer(two.id, "decline", meera.cookie)).json().request.status).toBe("declined");
    expect(
      (await sendRecruitment(testApp, "DELETE", `/api/team-requests/${two.id}`, rohan.cookie)).statusCode,
    ).toBe(409);
  });

  it("holds at most 10 pending requests, and refuses long notes", async () => {
    const student = await insertStudent(testApp, "Kavya Nair");
    const posts = await Promise.all(
      Array.from({ length: 11 }, () => insertRecruitmentPost(testApp, meera.id, {})),
    );
    for (const post of posts.slice(0, 10)) expect((await ask(post.id, student.cookie)).statusCode).toBe(201);
    const eleventh = await ask(posts[10]?.id ?? "", student.cookie);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe("You can have at most 10 pending requests.");
    const long = await ask(posts[0]?.id ?? "", rohan.cookie, "x".repeat(301));
    expect(long.statusCode).toBe(400);
  });

  it("links a post to an upcoming event only", async () => {
    const bad = await sendRecruitment(
      testApp,
      "POST",
      "/api/recruitment-posts",
      rohan.cookie,
      buildRecruitment({ eventId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Please choose an upcoming event.");
    const past = await insertEvent(testApp, { college: uniqueCollege(), date: "2020-01-01" });
    const late = await sendRecruitment(
      testApp,
      "POST",
      "/api/recruitment-posts",
      rohan.cookie,
      buildRecruitment({ eventId: past.id }),
    );
    expect(late.statusCode).toBe(400);

    const event = await insertEvent(testApp, { college: uniqueCollege(), title: "HackDU" });
    const linked = await createRecruitmentPost(
      testApp,
      rohan.cookie,
      buildRecruitment({ eventId: event.id }),
    );
    expect(linked).toMatchObject({ eventId: event.id, eventTitle: "HackDU" });
    const card = await sendRecruitment(testApp, "GET", `/api/events?id=${event.id}`, asha.cookie);
    expect(card.json().events[0].teamsCount).toBe(1);
    const teams = await sendRecruitment(
      testApp,
      "GET",
      `/api/recruitment-posts?eventId=${event.id}`,
      asha.cookie,
    );
    expect(teams.json().posts.map((p: { id: string }) => p.id)).toEqual([linked.id]);
  });

  it("refuses a request between blocked students, changing nothing", async () => {
    const post = await createRecruitmentPost(testApp, asha.cookie);
    const block = await testApp.app.inject({
      method: "PUT",
      url: `/api/users/${rohan.id}/block`,
      headers: { cookie: asha.cookie },
    });
    expect(block.statusCode).toBeLessThan(300);
    const refused = await ask(post.id, rohan.cookie);
    expect(refused.statusCode).toBe(403);
    const list = await sendRecruitment(
      testApp,
      "GET",
      `/api/recruitment-posts/${post.id}/requests`,
      asha.cookie,
    );
    expect(list.json().requests).toEqual([]);
  });

  it("never overfills a team when two requests are accepted at once", async () => {
    const post = await createRecruitmentPost(testApp, meera.cookie, buildRecruitment({ maxStudents: 1 }));
    const [one, two] = await Promise.all([ask(post.id, asha.cookie), ask(post.id, rohan.cookie)]);
    const answers = await Promise.all([
      answer(one?.json().request.id, "accept", meera.cookie),
      answer(two?.json().request.id, "accept", meera.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error.message).toBe("Team full");
    expect(await postAs(post.id, meera.cookie)).toMatchObject({ acceptedCount: 1, isFull: true });
  });
});
