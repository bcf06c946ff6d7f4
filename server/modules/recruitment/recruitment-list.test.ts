import { randomUUID } from "node:crypto";
import { RECRUITMENT_PAGE_SIZE, type RecruitmentListResponse } from "@shared/api/recruitment";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Student } from "../../../tests/factories/chats";
import { countActiveRecruitmentRows, insertRecruitmentPost } from "../../../tests/factories/recruitment";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let recruiter: Student;
let student: Student;
let puneStudent: Student;
beforeAll(async () => {
  testApp = await createTestApp();
  recruiter = await createStudent(testApp, { name: "Aarav Mehta" });
  student = await createStudent(testApp, { name: "Diya Nair" });
  puneStudent = await createStudent(testApp, {
    name: "Kabir Singh",
    city: "Pune",
    college: "Fergusson College",
  });
});
afterAll(() => testApp.close());

async function listPosts(cookie: string, query: Record<string, string> = {}) {
  const response = await get(testApp, `/api/recruitment-posts?${new URLSearchParams(query)}`, { cookie });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json() as RecruitmentListResponse;
}

describe("GET /api/recruitment-posts", () => {
  // A word only this block's posts contain, so its searches see exactly them.
  const token = `zq${randomUUID().slice(0, 6)}`;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes));
  let ids: Record<"a" | "b" | "c" | "d" | "inactive", string>;

  beforeAll(async () => {
    const insert = (recruiterId: string, values: Parameters<typeof insertRecruitmentPost>[2]) =>
      insertRecruitmentPost(testApp, recruiterId, { description: `Team ${token}`, ...values }).then(
        (row) => row.id,
      );
    ids = {
      a: await insert(recruiter.id, { purpose: "A", maxStudents: 5, years: ["1st Year"], createdAt: at(0) }),
      b: await insert(recruiter.id, {
        purpose: "B",
        maxStudents: 2,
        years: ["2nd Year", "3rd Year"],
        qualities: "Figma, UX",
        createdAt: at(1),
      }),
      c: await insert(puneStudent.id, {
        purpose: "C",
        maxStudents: 9,
        years: ["Any Year"],
        createdAt: at(2),
      }),
      d: await insert(puneStudent.id, {
        purpose: "D",
        maxStudents: 2,
        years: ["4th Year"],
        event: "Kavach Cyber Hackathon",
        createdAt: at(3),
      }),
      inactive: await insert(recruiter.id, { purpose: "Closed", isActive: false, createdAt: at(4) }),
    };
  });

  const purposes = async (query: Record<string, string>) =>
    (await listPosts(student.cookie, { search: token, ...query })).posts.map((post) => post.purpose);

  it("lists only active posts, newest first by default", async () => {
    expect(await purposes({})).toEqual(["D", "C", "B", "A"]);
  });

  it.each([
    ["newest", ["D", "C", "B", "A"]],
    ["oldest", ["A", "B", "C", "D"]],
    ["size-asc", ["D", "B", "A", "C"]],
    ["size-desc", ["C", "A", "D", "B"]],
  ])("sorts %s", async (sort, expected) => {
    expect(await purposes({ sort })).toEqual(expected);
  });

  it.each([
    ["1st Year", ["C", "A"]],
    ["2nd Year", ["C", "B"]],
    ["4th Year", ["D", "C"]],
    ["Any Year", ["C"]],
  ])("filters year %s, counting posts open to any year", async (year, expected) => {
    expect(await purposes({ year })).toEqual(expected);
  });

  it("filters by the recruiter's college", async () => {
    expect(await purposes({ college: "Fergusson College" })).toEqual(["D", "C"]);
    expect(await purposes({ college: "IIT Bombay" })).toEqual(["B", "A"]);
  });

  it("searches purpose, event, skills, description and the recruiter's name, ignoring case", async () => {
    expect(await purposes({ search: `${token.toUpperCase()}` })).toEqual(["D", "C", "B", "A"]);
    const search = async (text: string) =>
      (await listPosts(student.cookie, { search: text, college: "" })).posts
        .filter((post) => Object.values(ids).includes(post.id))
        .map((post) => post.purpose);
    expect(await search("kavach")).toEqual(["D"]);
    expect(await search("FIGMA")).toEqual(["B"]);
    expect(await search("kabir singh")).toEqual(["D", "C"]);
  });

  it("answers one post by id (a notification's link) whatever the other filters, and never an inactive one", async () => {
    const one = await listPosts(student.cookie, { id: ids.c, year: "4th Year", college: "IIT Bombay" });
    expect(one.posts.map((post) => post.purpose)).toEqual(["C"]);
    expect(one).toMatchObject({ matching: 1, totalPages: 1 });
    expect((await listPosts(student.cookie, { id: ids.inactive })).posts).toEqual([]);
    const bad = await get(testApp, "/api/recruitment-posts?id=nope", { cookie: student.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it("reports the total of all active posts, whatever the filters", async () => {
    const active = await countActiveRecruitmentRows(testApp);
    expect((await listPosts(student.cookie)).total).toBe(active);
    const none = await listPosts(student.cookie, { search: `${token}-nothing`, year: "1st Year" });
    expect(none).toEqual({
      posts: [],
      total: active,
      matching: 0,
      page: 1,
      pageSize: RECRUITMENT_PAGE_SIZE,
      totalPages: 1,
    });
    expect((await listPosts(student.cookie)).posts.map((post) => post.id)).not.toContain(ids.inactive);
  });

  it.each([
    ["year", "5th Year"],
    ["sort", "cheapest"],
    ["page", "0"],
    ["page", "two"],
    ["page", "1.5"],
    ["page", "10001"],
  ])("refuses an unknown %s with 400", async (key, value) => {
    const response = await get(testApp, `/api/recruitment-posts?${key}=${encodeURIComponent(value)}`, {
      cookie: student.cookie,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("GET /api/recruitment-posts pages like browse", () => {
  const token = `pg${randomUUID().slice(0, 6)}`;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 10, minutes));
  const count = RECRUITMENT_PAGE_SIZE + 3;

  beforeAll(async () => {
    for (let index = 0; index < count; index++) {
      await insertRecruitmentPost(testApp, index % 2 === 0 ? recruiter.id : puneStudent.id, {
        purpose: `P${String(index).padStart(2, "0")}`,
        description: `Team ${token}`,
        // Sizes repeat, so the size sorts must break ties the same way on every page.
        maxStudents: (index % 3) + 1,
        createdAt: at(index),
      });
    }
  });

  const page = (query: Record<string, string>) =>
    listPosts(student.cookie, { search: token, college: "", ...query });

  it(`answers ${RECRUITMENT_PAGE_SIZE} posts a page with the page, the matching count and the page count`, async () => {
    const first = await page({});
    expect(first).toMatchObject({
      page: 1,
      pageSize: RECRUITMENT_PAGE_SIZE,
      matching: count,
      totalPages: 2,
      total: await countActiveRecruitmentRows(testApp),
    });
    expect(first.posts.map((post) => post.purpose)).toEqual(
      Array.from(
        { length: RECRUITMENT_PAGE_SIZE },
        (_, index) => `P${String(count - 1 - index).padStart(2, "0")}`,
      ),
    );
    const second = await page({ page: "2" });
    expect(second).toMatchObject({ page: 2, matching: count, totalPages: 2 });
    expect(second.posts.map((post) => post.purpose)).toEqual(["P02", "P01", "P00"]);
  });

  it.each(["oldest", "size-asc", "size-desc"])(
    "sorted %s, the pages together hold every matching post once",
    async (sort) => {
      const pages = [await page({ sort }), await page({ sort, page: "2" })];
      const ids = pages.flatMap((answer) => answer.posts.map((post) => post.id));
      expect(ids).toHaveLength(count);
      expect(new Set(ids).size).toBe(count);
    },
  );

  it("answers a page past the end with no posts and the right counts", async () => {
    const beyond = await page({ page: "9" });
    expect(beyond).toMatchObject({ posts: [], page: 9, matching: count, totalPages: 2 });
  });

  it("never answers more than a page, however many posts match", async () => {
    const everything = await listPosts(student.cookie, { college: "" });
    expect(everything.posts.length).toBeLessThanOrEqual(RECRUITMENT_PAGE_SIZE);
    expect(everything.matching).toBeGreaterThanOrEqual(count);
  });
});
