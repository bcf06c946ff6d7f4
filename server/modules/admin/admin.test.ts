import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let adminCookie: string;
beforeAll(async () => {
  testApp = await createTestApp();
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => testApp.close());

async function overview() {
  const response = await get(testApp, "/api/admin/overview", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/admin/overview", () => {
  it("requires sign-in", async () => {
    const response = await get(testApp, "/api/admin/overview");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  it("refuses a student with 403 forbidden", async () => {
    const student = await createStudent(testApp);
    const response = await get(testApp, "/api/admin/overview", { cookie: student.cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: "forbidden", message: "Only the administrator can do that." },
    });
  });

  // The router decodes the path, so access is judged on the matched route, not the raw URL.
  it("refuses a student who spells /api with a percent-escape", async () => {
    const student = await createStudent(testApp);
    for (const cookie of [student.cookie, ""]) {
      const response = await get(testApp, "/%61pi/admin/overview", { cookie });
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain("students");
    }
  });

  it("gives the administrator the directory, student and active item counts", async () => {
    const colleges = (await get(testApp, "/api/colleges")).json().cities as { colleges: unknown[] }[];
    const before = await overview();
    expect(before).toMatchObject({
      cities: colleges.length,
      colleges: colleges.flatMap((city) => city.colleges).length,
    });

    const student = await createStudent(testApp);
    await insertItem(testApp, student.id);
    await insertItem(testApp, student.id, { isActive: false, isSold: true });
    expect(await overview()).toEqual({
      ...before,
      students: before.students + 1,
      activeItems: before.activeItems + 1,
    });
  });
});
