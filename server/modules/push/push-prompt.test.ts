import { PUSH_PROMPT } from "@shared/push-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { pushPrompts } from "../../db/schema";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

const promptOf = async (cookie: string) => {
  const response = await get(testApp, "/api/me/push-prompt", { cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toContain("no-store");
  return response.json() as { isDue: boolean };
};

const answer = (cookie: string, value: string) =>
  post(testApp, "/api/me/push-prompt", { answer: value }, { cookie });

/** As if the last 'Not now' had been `days` ago: the server's clock moved on. */
async function notNowDaysAgo(userId: string, days: number) {
  await testApp.database.db
    .update(pushPrompts)
    .set({ lastNotNowAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(pushPrompts.userId, userId));
}

describe("the card offering pushes", () => {
  it("requires sign-in", async () => {
    expect((await get(testApp, "/api/me/push-prompt")).statusCode).toBe(401);
    expect((await post(testApp, "/api/me/push-prompt", { answer: "not_now" })).statusCode).toBe(401);
  });

  it("is due at first; after 'Not now' not again within a week, on any device; again after a week", async () => {
    const student = await createStudent(testApp);
    const phone = student.cookie;
    const laptop = await signIn(testApp, student.email, STRONG_PASSWORD);
    expect(await promptOf(phone)).toEqual({ isDue: true });

    const notNow = await answer(phone, "not_now");
    expect(notNow.statusCode, notNow.body).toBe(200);
    expect(notNow.json()).toEqual({ isDue: false });
    // The same card answered again (another tab) counts once.
    expect((await answer(laptop, "not_now")).json()).toEqual({ isDue: false });
    expect(await promptOf(laptop)).toEqual({ isDue: false });

    await notNowDaysAgo(student.id, PUSH_PROMPT.notNowWaitDays - 1);
    expect(await promptOf(phone)).toEqual({ isDue: false });
    await notNowDaysAgo(student.id, PUSH_PROMPT.notNowWaitDays);
    expect(await promptOf(phone)).toEqual({ isDue: true });
    const [row] = await testApp.database.db
      .select()
      .from(pushPrompts)
      .where(eq(pushPrompts.userId, student.id));
    expect(row?.notNowCount).toBe(1);
  });

  it("is never offered again after three 'Not now', nor after 'Turn on'", async () => {
    const student = await createStudent(testApp);
    for (let round = 1; round <= PUSH_PROMPT.notNowMax; round += 1) {
      expect(await promptOf(student.cookie)).toEqual({ isDue: true });
      await answer(student.cookie, "not_now");
      await notNowDaysAgo(student.id, 30);
    }
    expect(await promptOf(student.cookie)).toEqual({ isDue: false });

    const other = await createStudent(testApp);
    expect((await answer(other.cookie, "turned_on")).json()).toEqual({ isDue: false });
    expect(await promptOf(other.cookie)).toEqual({ isDue: false });
  });

  it("refuses an answer it does not know, with a clear message", async () => {
    const student = await createStudent(testApp);
    const response = await answer(student.cookie, "maybe");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("not_now");
    expect(await promptOf(student.cookie)).toEqual({ isDue: true });
  });
});
