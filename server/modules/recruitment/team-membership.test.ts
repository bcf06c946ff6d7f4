// A team over time: asking again after an answer, leaving, filling up and reopening, and answers
// that race. The request rules themselves: team-requests-rules.test.ts.
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { describe, expect, it } from "vitest";
import {
  buildRecruitment,
  createRecruitmentPost,
  sendRecruitment,
} from "../../../tests/factories/recruitment";
import type { Actor } from "../../../tests/security/world";
import {
  answer,
  answeredHoursAgo,
  ask,
  cancel,
  errorOf,
  meera,
  memberOf,
  notificationTexts,
  postAs,
  requestId,
  resize,
  setUpTeamRequestsApp,
  students,
  testApp,
} from "./testing/team-requests-app";

setUpTeamRequestsApp();

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
