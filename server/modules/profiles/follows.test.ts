import { randomUUID } from "node:crypto";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminIdOf, callAs, fetchProfile, markUserDeleted } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { follows } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;

// Follow rules: PUT/DELETE /api/users/{id}/follow and GET /api/users/{id}/followers (sign-in is
// covered in profiles.test.ts).
let testApp: TestApp;
let viewer: Student;
let adminId: string;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await createStudent(testApp, { name: "Aarav Mehta" });
  adminId = await adminIdOf(testApp);
});
afterAll(() => testApp.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie?: string) =>
  callAs(testApp, method, url, cookie);
const profileOf = (id: string, cookie = viewer.cookie) => fetchProfile(testApp, id, cookie);
const followRows = (followerId: string, followeeId: string) =>
  testApp.database.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
const NOT_FOUND = { error: { code: "not_found", message: SETTINGS_MESSAGES.userNotFound } };

describe("following", () => {
  const follow = (method: "PUT" | "DELETE", who: Student, id: string) =>
    call(method, `/api/users/${id}/follow`, who.cookie);

  it("PUT follows (both sides count it), PUT again changes nothing, DELETE unfollows", async () => {
    const fan = await createStudent(testApp);
    const star = await createStudent(testApp);
    const first = await follow("PUT", fan, star.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ counts: { items: 0, followers: 1, following: 0 } });
    expect((await profileOf(star.id, fan.cookie)).isFollowing).toBe(true);
    expect((await profileOf(fan.id)).profile.counts).toMatchObject({ followers: 0, following: 1 });

    const again = await follow("PUT", fan, star.id);
    expect(again.json().counts.followers).toBe(1);
    expect(await followRows(fan.id, star.id)).toHaveLength(1);

    const off = await follow("DELETE", fan, star.id);
    expect(off.statusCode).toBe(200);
    expect(off.json().counts.followers).toBe(0);
    expect(await followRows(fan.id, star.id)).toEqual([]);
    expect((await profileOf(star.id, fan.cookie)).isFollowing).toBe(false);
    expect((await profileOf(fan.id)).profile.counts.following).toBe(0);
  });

  it("refuses following oneself with 400 and writes no row", async () => {
    const me = await createStudent(testApp);
    const response = await follow("PUT", me, me.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "invalid_input", message: "You cannot follow yourself." },
    });
    expect(await followRows(me.id, me.id)).toEqual([]);
  });

  it("answers 404 for an unknown user, the admin and a deleted user, and writes no row", async () => {
    const me = await createStudent(testApp);
    const gone = await createStudent(testApp);
    await markUserDeleted(testApp, gone.id);
    for (const id of [randomUUID(), adminId, gone.id]) {
      const response = await follow("PUT", me, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await testApp.database.db.select().from(follows).where(eq(follows.followerId, me.id))).toEqual([]);
  });

  it("lists followers with their name, college and photo for the profile link; deleted ones are left out", async () => {
    const star = await createStudent(testApp);
    expect((await call("GET", `/api/users/${star.id}/followers`, viewer.cookie)).json()).toEqual({
      followers: [],
    });
    const fan = await createStudent(testApp, { name: "Meera Iyer", city: "Chennai", college: "IIT Madras" });
    const leaver = await createStudent(testApp, { name: "Vikram Rao" });
    await follow("PUT", fan, star.id);
    await follow("PUT", leaver, star.id);
    await markUserDeleted(testApp, leaver.id);
    const response = await call("GET", `/api/users/${star.id}/followers`, viewer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      followers: [{ id: fan.id, name: "Meera Iyer", college: "IIT Madras", profilePhoto: null }],
    });
  });

  it("answers 404 for the followers of an unknown or deleted user", async () => {
    const gone = await createStudent(testApp);
    await markUserDeleted(testApp, gone.id);
    for (const id of [randomUUID(), gone.id]) {
      const response = await call("GET", `/api/users/${id}/followers`, viewer.cookie);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});
