import { eq, like, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../tests/factories/items";
import { buildRecruitment, countRecruitmentRows, sendRecruitment } from "../../tests/factories/recruitment";
import { buildSellForm, countItems, sendItem } from "../../tests/factories/sell";
import { createStudent } from "../../tests/factories/users";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../tests/helpers/uploads";
import { items, rateLimits } from "../db/schema";
import { WRITE_LIMITS } from "./rate-limit-rules";

type Student = Awaited<ReturnType<typeof createStudent>>;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const [itemBurst, itemHour] = WRITE_LIMITS.itemPost.windows;

/** A seller with an uploaded photo to put on the items. */
async function seller(): Promise<Student & { image: string }> {
  const student = await createStudent(testApp);
  return { ...student, image: await uploadedImageUrl(testApp, student.cookie, "desk-lamp.jpg") };
}

const postItem = (student: Student & { image: string }, name: string) =>
  sendItem(
    testApp,
    "POST",
    "/api/items",
    student.cookie,
    buildSellForm(student.image, { productName: name }),
  );

/** As if the user's last minute of posting were over: the burst window starts again. */
async function endMinuteWindows(userId: string): Promise<void> {
  await testApp.database.db
    .update(rateLimits)
    .set({ windowStart: sql`now() - interval '61 seconds'` })
    .where(like(rateLimits.key, `%:user:${userId}:60s`));
}

function expectTooFast(response: LightMyRequestResponse, maxRetryAfter: number) {
  expect(response.statusCode).toBe(429);
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = response.json();
  expect(body.error.code).toBe("rate_limited");
  expect(body.error.message).toMatch(
    /^You're (posting|changing your profile|starting chats) too fast\. Try again in (a minute|\d+ minutes)\.$/,
  );
  const retryAfter = Number(response.headers["retry-after"]);
  expect(
    Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= maxRetryAfter,
    String(retryAfter),
  ).toBe(true);
}

describe("POST /api/items per user", () => {
  it("lets a student clearing a hostel room post 50 items in an hour", async () => {
    const student = await seller();
    const before = await countItems(testApp);
    // Ten a minute, five minutes in a row: the pace of someone photographing and listing fast.
    for (let minute = 0; minute < 5; minute++) {
      for (let index = 0; index < 10; index++) {
        const response = await postItem(student, `Room clear-out ${minute}-${index}`);
        expect(response.statusCode, response.body).toBe(201);
      }
      await endMinuteWindows(student.id);
    }
    expect(await countItems(testApp)).toBe(before + 50);
  });

  it("stops a script posting a hundred in a minute after the burst, writing nothing more", async () => {
    const student = await seller();
    const before = await countItems(testApp);
    const statuses: number[] = [];
    let refusal: LightMyRequestResponse | undefined;
    for (let index = 0; index < 100; index++) {
      const response = await postItem(student, `Spam ${index}`);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refusal ??= response;
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(itemBurst?.limit ?? 0);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - (itemBurst?.limit ?? 0));
    expect(await countItems(testApp)).toBe(before + (itemBurst?.limit ?? 0));
    if (!refusal) throw new Error("no refusal");
    expectTooFast(refusal, 60);
  });

  it("caps the hour at 60 even at a pace under the burst, with a wait of up to an hour", async () => {
    const student = await seller();
    let posted = 0;
    while (posted < (itemHour?.limit ?? 0)) {
      for (let index = 0; index < 10; index++) {
        expect((await postItem(student, `Steady ${posted}`)).statusCode).toBe(201);
        posted++;
      }
      await endMinuteWindows(student.id);
      // Sold meanwhile, so the 50-active-listings cap (issue 20) does not refuse first.
      await testApp.database.db
        .update(items)
        .set({ isActive: false, isSold: true })
        .where(eq(items.sellerId, student.id));
    }
    const refused = await postItem(student, "One too many");
    expectTooFast(refused, 3600);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(60);
  });

  it("counts each user apart, and a refused invalid form costs nothing", async () => {
    const flooder = await seller();
    const neighbour = await seller();
    for (let index = 0; index < 12; index++) await postItem(flooder, `Flood ${index}`);
    expect((await postItem(neighbour, "Cycle")).statusCode).toBe(201);
    for (let index = 0; index < 20; index++) {
      const invalid = await sendItem(testApp, "POST", "/api/items", neighbour.cookie, { productName: "" });
      expect(invalid.statusCode).toBe(400);
    }
    expect((await postItem(neighbour, "Kettle")).statusCode).toBe(201);
  });
});

describe("recruitment posts per user: creating and editing share one limit", () => {
  it("allows six writes a minute, then answers 429 and changes nothing", async () => {
    const recruiter = await createStudent(testApp);
    const [burst] = WRITE_LIMITS.recruitmentWrite.windows;
    const created = await sendRecruitment(
      testApp,
      "POST",
      "/api/recruitment-posts",
      recruiter.cookie,
      buildRecruitment(),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().post.id as string;
    for (let index = 1; index < (burst?.limit ?? 0); index++) {
      const edited = await sendRecruitment(
        testApp,
        "PATCH",
        `/api/recruitment-posts/${id}`,
        recruiter.cookie,
        buildRecruitment({ maxStudents: index + 1 }),
      );
      expect(edited.statusCode).toBe(200);
    }
    const rows = await countRecruitmentRows(testApp);
    const refusedEdit = await sendRecruitment(
      testApp,
      "PATCH",
      `/api/recruitment-posts/${id}`,
      recruiter.cookie,
      buildRecruitment({ purpose: "Changed too often" }),
    );
    expectTooFast(refusedEdit, 60);
    const refusedPost = await sendRecruitment(
      testApp,
      "POST",
      "/api/recruitment-posts",
      recruiter.cookie,
      buildRecruitment(),
    );
    expectTooFast(refusedPost, 60);
    expect(await countRecruitmentRows(testApp)).toBe(rows);
    const list = await testApp.app.inject({
      method: "GET",
      url: "/api/recruitment-posts?college=",
      headers: { cookie: recruiter.cookie },
    });
    const mine = list.json().posts.find((post: { id: string }) => post.id === id);
    expect(mine.purpose).toBe(buildRecruitment().purpose);
  });
});

describe("profile edits per user", () => {
  it("allow ten changes a minute across profile, name and holiday mode, then 429", async () => {
    const student = await createStudent(testApp);
    const [burst] = WRITE_LIMITS.profileEdit.windows;
    const edits = [
      () =>
        testApp.app.inject({
          method: "PATCH",
          url: "/api/me/profile",
          headers: { cookie: student.cookie },
          payload: { name: "Asha Rao", bio: "Second year", profilePhoto: null },
        }),
      () =>
        testApp.app.inject({
          method: "PATCH",
          url: "/api/me/name",
          headers: { cookie: student.cookie },
          payload: { name: "Asha K Rao" },
        }),
      () =>
        testApp.app.inject({
          method: "PUT",
          url: "/api/me/holiday",
          headers: { cookie: student.cookie },
          payload: { isActive: false },
        }),
    ];
    for (let index = 0; index < (burst?.limit ?? 0); index++) {
      const response = await edits[index % edits.length]?.();
      expect(response?.statusCode, response?.body).toBe(200);
      expect(response?.headers["cache-control"]).toBe("no-store");
    }
    for (const edit of edits) expectTooFast(await edit(), 60);
  });
});

describe("opening chats per user", () => {
  it("allows twenty a minute, then answers 429 and opens no chat; others are not held up", async () => {
    const seller = await createStudent(testApp);
    const buyer = await createStudent(testApp);
    const other = await createStudent(testApp);
    const [burst] = WRITE_LIMITS.chatOpen.windows;
    const limit = burst?.limit ?? 0;
    expect(limit).toBe(20);
    const products = await Promise.all(
      Array.from({ length: limit + 1 }, (_, index) =>
        insertItem(testApp, seller.id, { productName: `Chat limit lamp ${index}` }),
      ),
    );
    const open = (student: Student, itemId: string) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/chats",
        headers: { cookie: student.cookie },
        payload: { userId: seller.id, itemId },
      });
    for (const product of products.slice(0, limit)) {
      const response = await open(buyer, product.id);
      expect(response.statusCode, response.body).toBe(200);
    }
    const last = products[limit];
    if (!last) throw new Error("no item");
    expectTooFast(await open(buyer, last.id), 60);
    const chats = await testApp.app.inject({
      method: "GET",
      url: "/api/chats",
      headers: { cookie: buyer.cookie },
    });
    expect(chats.json().chats).toHaveLength(limit);
    // Another student opening a chat about the same item is counted apart.
    expect((await open(other, last.id)).statusCode).toBe(200);
  });
});
