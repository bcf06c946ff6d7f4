import { randomUUID } from "node:crypto";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageFormat, makeImage, NOT_IMAGES } from "../../../tests/factories/images";
import { insertFollow, insertItem } from "../../../tests/factories/items";
import {
  adminIdOf,
  callAs,
  fetchProfile,
  markUserDeleted,
  uploadProfilePhoto,
} from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { uploadedImageUrl } from "../../../tests/helpers/uploads";
import { follows, users } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;

let testApp: TestApp;
let viewer: Student;
let adminId: string;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = await createStudent(testApp, { name: "Aarav Mehta" });
  adminId = await adminIdOf(testApp);
});
afterAll(() => testApp.close());

const call = (method: "GET" | "PUT" | "DELETE" | "PATCH", url: string, cookie?: string, payload?: object) =>
  callAs(testApp, method, url, cookie, payload);
const profileOf = (id: string, cookie = viewer.cookie) => fetchProfile(testApp, id, cookie);
const editProfile = (cookie: string | undefined, body: object) =>
  call("PATCH", "/api/me/profile", cookie, body);
const userRow = async (id: string) =>
  (await testApp.database.db.select().from(users).where(eq(users.id, id)))[0];
const uploadPhoto = (cookie: string | undefined, data: Buffer, filename?: string) =>
  uploadProfilePhoto(testApp, cookie, data, filename);
async function photoUrlOf(student: Student): Promise<string> {
  const response = await uploadPhoto(student.cookie, await makeImage("jpeg"));
  expect(response.statusCode).toBe(201);
  return response.json().url;
}

const NOT_FOUND = { error: { code: "not_found", message: SETTINGS_MESSAGES.userNotFound } };

describe("sign-in is required", () => {
  it.each([
    ["GET", "/api/users/:id"],
    ["GET", "/api/users/:id/followers"],
    ["PUT", "/api/users/:id/follow"],
    ["DELETE", "/api/users/:id/follow"],
    ["PATCH", "/api/me/profile"],
  ] as const)("%s %s signed out -> 401", async (method, url) => {
    const target = await createStudent(testApp);
    const body = method === "PATCH" ? { name: "Intruder", bio: "", profilePhoto: null } : undefined;
    const response = await call(method, url.replace(":id", target.id), undefined, body);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
    expect(await testApp.database.db.select().from(follows).where(eq(follows.followeeId, target.id))).toEqual(
      [],
    );
  });

  it("POST /api/uploads/profile-photo signed out -> 401", async () => {
    const response = await uploadPhoto(undefined, await makeImage("png"), "me.png");
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/users/{id}", () => {
  it("shows the profile, its counts, isOwn and isFollowing", async () => {
    const owner = await createStudent(testApp, {
      name: "Neha Joshi",
      city: "Pune",
      college: "COEP Technological University",
    });
    const [fan1, fan2, idol] = [await createStudent(testApp), viewer, await createStudent(testApp)];
    await insertFollow(testApp, fan1.id, owner.id);
    await insertFollow(testApp, fan2.id, owner.id);
    await insertFollow(testApp, owner.id, idol.id);
    await insertItem(testApp, owner.id);
    await insertItem(testApp, owner.id, { isActive: false, isSold: true, soldAt: new Date() });
    const body = await profileOf(owner.id);
    expect(body.profile).toEqual({
      id: owner.id,
      name: "Neha Joshi",
      bio: "",
      // The defaults (issues 18, 36): the e-mail for nobody, the number only where its owner shares it.
      email: null,
      mobile: null,
      college: "COEP Technological University",
      // Not waiting for 'My college isn't listed' (decision 048).
      collegePending: false,
      city: "Pune",
      profilePhoto: null,
      isVerified: false,
      isEmailConfirmed: false,
      counts: { items: 2, followers: 2, following: 1 },
      abilities: { canEdit: false, canFollow: true, canReport: true, canBlock: true },
    });
    expect(body).toMatchObject({ isOwn: false, isFollowing: true, isBlocked: false });
    expect(await profileOf(owner.id, idol.cookie)).toMatchObject({ isOwn: false, isFollowing: false });
    expect(await profileOf(owner.id, owner.cookie)).toMatchObject({ isOwn: true, isFollowing: false });
  });

  it("carries abilities: one edits only oneself and follows anyone else, the administrator too", async () => {
    const owner = await createStudent(testApp);
    const item = await insertItem(testApp, owner.id);
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const own = await profileOf(owner.id, owner.cookie);
    expect(own.profile.abilities).toEqual({
      canEdit: true,
      canFollow: false,
      canReport: false,
      canBlock: false,
    });
    expect((await profileOf(owner.id)).profile.abilities).toEqual({
      canEdit: false,
      canFollow: true,
      canReport: true,
      canBlock: true,
    });
    expect((await profileOf(owner.id, adminCookie)).profile.abilities).toEqual({
      canEdit: false,
      canFollow: true,
      canReport: true,
      canBlock: true,
    });
    // The server refuses what the abilities leave out.
    const selfFollow = await call("PUT", `/api/users/${owner.id}/follow`, owner.cookie);
    expect(selfFollow.statusCode).toBe(400);
    // The posted items carry the viewer's abilities too.
    expect(own.items.find((each: { id: string }) => each.id === item.id).abilities).toMatchObject({
      canEdit: true,
      canContact: false,
    });
    const seen = (await profileOf(owner.id)).items.find((each: { id: string }) => each.id === item.id);
    expect(seen.abilities).toMatchObject({ canEdit: false, canContact: true });
  });

  it("lists available items newest first, then sold ones by most recent sale", async () => {
    const owner = await createStudent(testApp);
    const day = (n: number) => new Date(Date.UTC(2025, 2, n, 10));
    const sold = { isActive: false, isSold: true };
    const rows: [string, object][] = [
      ["soldLongAgo", { ...sold, createdAt: day(1), soldAt: day(5) }],
      ["oldAvailable", { createdAt: day(2) }],
      ["soldLately", { ...sold, createdAt: day(3), soldAt: day(9) }],
      ["newAvailable", { createdAt: day(4) }],
    ];
    const labelOf = new Map<string, string>();
    for (const [label, overrides] of rows)
      labelOf.set((await insertItem(testApp, owner.id, overrides)).id, label);
    const { items } = await profileOf(owner.id);
    expect(items.map((item: { id: string }) => labelOf.get(item.id))).toEqual([
      "newAvailable",
      "oldAvailable",
      "soldLately",
      "soldLongAgo",
    ]);
    expect(items[2]).toMatchObject({ isActive: false, isSold: true, soldAt: day(9).toISOString() });
  });

  it("answers 404 'User not found' for an unknown id, the admin and a deleted user", async () => {
    const gone = await createStudent(testApp);
    await markUserDeleted(testApp, gone.id);
    for (const id of [randomUUID(), adminId, gone.id]) {
      const response = await call("GET", `/api/users/${id}`, viewer.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it.each(["not-a-uuid", "12345", "%27%3B%20drop%20table%20users%3B--", "x".repeat(300)])(
    "answers 400 or 404, never 500, for the malformed id %s (profile, followers, follow)",
    async (id) => {
      const attempts = [
        ["GET", ""],
        ["GET", "/followers"],
        ["PUT", "/follow"],
        ["DELETE", "/follow"],
      ] as const;
      for (const [method, suffix] of attempts) {
        const response = await call(method, `/api/users/${id}${suffix}`, viewer.cookie);
        expect([400, 404]).toContain(response.statusCode);
      }
    },
  );
});

describe("PATCH /api/me/profile", () => {
  it("edits the caller only, even when the body names another user's id", async () => {
    const me = await createStudent(testApp, { name: "Rohan Das" });
    const other = await createStudent(testApp, { name: "Sara Ali" });
    const otherBefore = await userRow(other.id);
    const response = await editProfile(me.cookie, {
      id: other.id,
      name: "  Rohan K. Das ",
      bio: " Final-year ECE, selling my lab kit. ",
      profilePhoto: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: me.id,
      name: "Rohan K. Das",
      bio: "Final-year ECE, selling my lab kit.",
    });
    expect((await profileOf(me.id)).profile).toMatchObject({ name: "Rohan K. Das" });
    expect(await userRow(other.id)).toEqual(otherBefore);
  });

  it.each([
    ["a 1-character name", { name: "A" }, SETTINGS_MESSAGES.nameTooShort],
    ["a blank name", { name: "   " }, SETTINGS_MESSAGES.nameTooShort],
    ["a 101-character name", { name: "n".repeat(101) }, "Name must be at most 100 characters"],
    ["a 501-character bio", { bio: "b".repeat(501) }, "Bio must be at most 500 characters"],
  ])("refuses %s with 400 and changes nothing", async (_label, overrides, message) => {
    const me = await createStudent(testApp);
    const before = await userRow(me.id);
    const response = await editProfile(me.cookie, {
      name: "Valid Name",
      bio: "",
      profilePhoto: null,
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: "invalid_input", message } });
    expect(await userRow(me.id)).toEqual(before);
  });

  it("takes a bio of exactly 500 characters", async () => {
    const me = await createStudent(testApp);
    const response = await editProfile(me.cookie, {
      name: me.name,
      bio: "b".repeat(500),
      profilePhoto: null,
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(me.id))?.bio).toHaveLength(500);
  });

  it("sets one's own uploaded photo, and null removes it", async () => {
    const me = await createStudent(testApp);
    const url = await photoUrlOf(me);
    const set = await editProfile(me.cookie, { name: me.name, bio: "", profilePhoto: url });
    expect(set.statusCode).toBe(200);
    expect((await profileOf(me.id)).profile.profilePhoto).toBe(url);
    const removed = await editProfile(me.cookie, { name: me.name, bio: "", profilePhoto: null });
    expect(removed.json().user.profilePhoto).toBeNull();
    expect((await userRow(me.id))?.profilePhoto).toBeNull();
  });

  it.each([
    ["another user's profile photo", async () => photoUrlOf(await createStudent(testApp))],
    ["one's own item image", async (me: Student) => uploadedImageUrl(testApp, me.cookie)],
    ["an external URL", async () => "https://images.example.in/me.jpg"],
    [
      "a made-up file in the profiles bucket",
      async (me: Student) => `/api/files/profiles/profile-${me.id}-1.jpg`,
    ],
  ])("refuses %s as the photo with 400 and changes nothing", async (_label, urlFor) => {
    const me = await createStudent(testApp);
    const url = await urlFor(me);
    const before = await userRow(me.id);
    const response = await editProfile(me.cookie, { name: "Changed Name", bio: "new", profilePhoto: url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "invalid_input", message: SETTINGS_MESSAGES.photoImagesOnly },
    });
    expect(await userRow(me.id)).toEqual(before);
  });
});

describe("POST /api/uploads/profile-photo", () => {
  const formats: [ImageFormat, string][] = [
    ["jpeg", "jpg"],
    ["png", "png"],
    ["webp", "webp"],
  ];
  it.each(formats)("stores a %s as profile-{uid}-{timestamp}-{random}.%s", async (format, extension) => {
    const me = await createStudent(testApp);
    const response = await uploadPhoto(me.cookie, await makeImage(format), `me.${extension}`);
    expect(response.statusCode).toBe(201);
    const url: string = response.json().url;
    // The random part, 128 bits in base64url, keeps the address from being guessed from the time.
    expect(url).toMatch(
      new RegExp(`^/api/files/profiles/profile-${me.id}-\\d+-[A-Za-z0-9_-]{22}\\.(jpg|png|webp)$`),
    );
    expect(url.endsWith(`.${extension}`)).toBe(true);
    const file = await call("GET", url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^image\//);
  });

  it("refuses a file that is no image with 415", async () => {
    const me = await createStudent(testApp);
    const response = await uploadPhoto(me.cookie, NOT_IMAGES.text);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe("unsupported_media_type");
  });
});
