import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent } from "../../tests/factories/users";
import { get, post } from "../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../tests/helpers/uploads";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("Cache-Control of the API's answers", () => {
  it("is no-store for personal answers: the signed-in user, a profile, chats, notifications", async () => {
    const student = await createStudent(testApp);
    const other = await createStudent(testApp);
    for (const url of [
      "/api/auth/me",
      `/api/users/${other.id}`,
      `/api/users/${student.id}`,
      "/api/chats",
      "/api/notifications",
      "/api/dashboard",
      "/api/me/items",
    ]) {
      const response = await get(testApp, url, { cookie: student.cookie });
      expect(response.statusCode, url).toBeLessThan(300);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("is no-store for a sign-in's answer and for refusals", async () => {
    const student = await createStudent(testApp);
    const login = await post(testApp, "/api/auth/login", {
      email: student.email,
      password: student.password,
    });
    expect(login.headers["cache-control"]).toBe("no-store");
    const refused = await get(testApp, "/api/notifications");
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it("keeps the caching of the answers that are the same for everyone: files and the college directory", async () => {
    const student = await createStudent(testApp);
    const file = await uploadedImageUrl(testApp, student.cookie);
    for (const cookie of [student.cookie, undefined]) {
      const image = await get(testApp, file, cookie ? { cookie } : {});
      expect(image.statusCode).toBe(200);
      expect(image.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const colleges = await get(testApp, "/api/colleges", cookie ? { cookie } : {});
      expect(colleges.statusCode).toBe(200);
      expect(colleges.headers["cache-control"]).toBeUndefined();
    }
  });
});
