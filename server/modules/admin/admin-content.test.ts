import { randomUUID } from "node:crypto";
import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { Notification } from "@shared/api/chats";
import { type CampusEvent, EVENT_MESSAGES } from "@shared/api/events";
import { ADMIN_RECRUITMENT_PAGE_SIZE } from "@shared/api/recruitment";
import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { countActiveRecruitmentRows, insertRecruitmentPost } from "../../../tests/factories/recruitment";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { events, items, notifications } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;
let testApp: TestApp;
let baseUrl: string;
let adminCookie: string;
let student: Student;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = await createStudent(testApp, { name: "Ananya Rao" });
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await testApp?.close();
});

async function connect(cookie: string) {
  const socket = await connectLive(baseUrl, cookie);
  sockets.push(socket);
  return socket;
}
const asAdmin = (method: "POST" | "DELETE", url: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });
const countOf = async (table: typeof events | typeof notifications) =>
  (await testApp.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

async function auditFor(action: string, targetId: string) {
  const response = await get(testApp, "/api/admin/audit", { cookie: adminCookie });
  expect(response.statusCode).toBe(200);
  const entries = response.json().entries as { action: string; targetId: string; actorName: string }[];
  return entries.find((entry) => entry.action === action && entry.targetId === targetId);
}
async function notificationsOf(user: Student): Promise<Notification[]> {
  return (await get(testApp, "/api/notifications", { cookie: user.cookie })).json().notifications;
}
const studentEvents = async (): Promise<CampusEvent[]> =>
  (await get(testApp, "/api/events", { cookie: student.cookie })).json().events;

const validEvent = {
  title: "HackMumbai 2099",
  organizer: "IEEE Student Branch",
  date: "2099-06-15",
  time: "10:30",
  venue: "Convocation Hall",
  description: "Build anything in 24 hours.",
  city: "Mumbai",
  college: "IIT Bombay",
  image: "https://images.example.in/hackmumbai.jpg",
  registrationUrl: null as string | null,
};

describe("events", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ...(["title", "organizer", "venue", "description", "city", "college"] as const).flatMap((field) => {
      const label = field[0]?.toUpperCase() + field.slice(1);
      return [
        [`no ${field}`, { [field]: undefined }, EVENT_MESSAGES.required(label)],
        [`a blank ${field}`, { [field]: "   " }, EVENT_MESSAGES.required(label)],
      ] as [string, Record<string, unknown>, string][];
    }),
    ["no date", { date: undefined }, EVENT_MESSAGES.required("Date")],
    ["a date not YYYY-MM-DD", { date: "15-06-2099" }, EVENT_MESSAGES.required("Date")],
    ["no time", { time: undefined }, EVENT_MESSAGES.required("Time")],
    ["a time of 25:00", { time: "25:00" }, EVENT_MESSAGES.required("Time")],
    ["no image URL", { image: undefined }, EVENT_MESSAGES.imageUrl],
    ["an image that is not a URL", { image: "hackmumbai.jpg" }, EVENT_MESSAGES.imageUrl],
    ["a javascript: image URL", { image: "javascript:alert(1)" }, EVENT_MESSAGES.imageUrl],
    ["an empty registration URL string", { registrationUrl: "" }, EVENT_MESSAGES.registrationUrl],
    [
      "a registration URL without a scheme",
      { registrationUrl: "www.example.in/register" },
      EVENT_MESSAGES.registrationUrl,
    ],
  ];
  it.each(cases)(
    "refuses %s with 400 and its own message, storing nothing",
    async (_case, override, message) => {
      const before = await countOf(events);
      const response = await asAdmin("POST", "/api/admin/events", { ...validEvent, ...override });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: "invalid_input", message } });
      expect(await countOf(events)).toBe(before);
    },
  );

  it("posts an event students see on /api/events, live, and audited; a delete removes it", async () => {
    const socket = await connect(student.cookie);
    const changes = () => socket.frames.filter((frame) => (frame.type as string) === "events.changed").length;
    const response = await asAdmin("POST", "/api/admin/events", {
      ...validEvent,
      title: "  HackMumbai 2099  ",
      registrationUrl: "https://hackmumbai.example.in/register",
    });
    expect(response.statusCode).toBe(201);
    const event = response.json().event as CampusEvent;
    expect(event).toMatchObject({
      ...validEvent,
      title: "HackMumbai 2099",
      registrationUrl: "https://hackmumbai.example.in/register",
    });
    await socket.waitUntil(() => changes() >= 1, "an events.changed frame after the create");
    expect(await studentEvents()).toContainEqual(event);
    expect(await auditFor("event.create", event.id)).toMatchObject({ actorName: "Administrator" });

    const deleted = await asAdmin("DELETE", `/api/admin/events/${event.id}`);
    expect(deleted.statusCode).toBe(204);
    await socket.waitUntil(() => changes() >= 2, "an events.changed frame after the delete");
    expect((await studentEvents()).map((e) => e.id)).not.toContain(event.id);
    const adminList = (await get(testApp, "/api/admin/events", { cookie: adminCookie })).json().events;
    expect(adminList.map((e: CampusEvent) => e.id)).not.toContain(event.id);
    expect(await auditFor("event.delete", event.id)).toBeDefined();
    const again = await asAdmin("DELETE", `/api/admin/events/${event.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe("Event not found.");
  });

  it("accepts a null registration URL (box unticked) and stores none", async () => {
    const response = await asAdmin("POST", "/api/admin/events", { ...validEvent, registrationUrl: null });
    expect(response.statusCode).toBe(201);
    const [row] = await testApp.database.db
      .select()
      .from(events)
      .where(eq(events.id, response.json().event.id));
    expect(row?.registrationUrl).toBeNull();
  });

  it("lists past events to the admin, though not among students' upcoming ones", async () => {
    const past = (await asAdmin("POST", "/api/admin/events", { ...validEvent, date: "2020-01-05" })).json()
      .event;
    const adminList = (await get(testApp, "/api/admin/events", { cookie: adminCookie })).json().events;
    expect(adminList.map((e: CampusEvent) => e.id)).toContain(past.id);
    expect((await studentEvents()).map((e) => e.id)).not.toContain(past.id);
  });
});

describe("marketplace posts", () => {
  it("DELETE removes the item and tells the seller it broke the rules, live and audited", async () => {
    const seller = await createStudent(testApp, { name: "Vikram Singh" });
    const item = await insertItem(testApp, seller.id, { productName: "Counterfeit headphones" });
    const listed = (await get(testApp, "/api/admin/items", { cookie: adminCookie })).json().items;
    expect(listed.map((i: { id: string }) => i.id)).toContain(item.id);
    // The administrator's abilities on the student API are any other student's; it removes here.
    expect(listed.find((i: { id: string }) => i.id === item.id).abilities).toEqual({
      canEdit: false,
      canMarkSold: false,
      canDelete: false,
      canContact: true,
      canFavourite: true,
      canReport: true,
      canOffer: true,
      canRelease: false,
      canRenew: false,
    });
    const socket = await connect(seller.cookie);

    expect((await asAdmin("DELETE", `/api/admin/items/${item.id}`)).statusCode).toBe(204);
    expect(await testApp.database.db.select().from(items).where(eq(items.id, item.id))).toEqual([]);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: student.cookie })).statusCode).toBe(404);
    const [notice] = await notificationsOf(seller);
    expect(notice).toMatchObject({
      type: "admin",
      itemId: item.id,
      read: false,
      text: ADMIN_MESSAGES.postRemovedNotice("Counterfeit headphones"),
    });
    expect(notice?.text).toMatch(/removed by the admin for violating the marketplace rules/);
    await socket.waitFor(
      (frame) => frame.type === "notification.created" && frame.data.notification.type === "admin",
      "the admin notification on the seller's socket",
    );
    expect(await auditFor("item.delete", item.id)).toMatchObject({ actorName: "Administrator" });
  });

  it("answers 404 for an unknown item and notifies nobody", async () => {
    const before = await countOf(notifications);
    const response = await asAdmin("DELETE", `/api/admin/items/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe("Item not found");
    expect(await countOf(notifications)).toBe(before);
  });
});

describe("recruitment posts", () => {
  it("DELETE removes the post and notifies the recruiter, audited", async () => {
    const recruiter = await createStudent(testApp, { name: "Sneha Patil" });
    const created = await post(
      testApp,
      "/api/recruitment-posts",
      {
        purpose: "Spam team",
        maxStudents: 4,
        event: "",
        qualities: "",
        years: [],
        description: "Join now!!!",
      },
      { cookie: recruiter.cookie },
    );
    expect(created.statusCode).toBe(201);
    const postId = created.json().post.id as string;
    const adminPosts = (await get(testApp, "/api/admin/recruitment-posts", { cookie: adminCookie })).json()
      .posts;
    expect(adminPosts.map((p: { id: string }) => p.id)).toContain(postId);
    expect(adminPosts.find((p: { id: string }) => p.id === postId).abilities).toEqual({
      canEdit: false,
      canDelete: false,
      canMessage: true,
      canRequest: true,
      canManageRequests: false,
    });
    const socket = await connect(student.cookie);

    expect((await asAdmin("DELETE", `/api/admin/recruitment-posts/${postId}`)).statusCode).toBe(204);
    const visible = (await get(testApp, "/api/recruitment-posts", { cookie: student.cookie })).json().posts;
    expect(visible.map((p: { id: string }) => p.id)).not.toContain(postId);
    const [notice] = await notificationsOf(recruiter);
    expect(notice).toMatchObject({
      type: "admin",
      recruitmentPostId: postId,
      text: ADMIN_MESSAGES.recruitmentRemovedNotice("Spam team"),
    });
    expect(notice?.text).toMatch(/removed by the admin for violating the rules/);
    await socket.waitFor((frame) => (frame.type as string) === "recruitment.changed", "recruitment.changed");
    expect(await auditFor("recruitment.delete", postId)).toMatchObject({ actorName: "Administrator" });
    expect((await asAdmin("DELETE", `/api/admin/recruitment-posts/${postId}`)).statusCode).toBe(404);
  });

  it(`lists ${ADMIN_RECRUITMENT_PAGE_SIZE} a page, newest first, with the total of active posts`, async () => {
    const recruiter = await createStudent(testApp);
    for (let index = 0; index <= ADMIN_RECRUITMENT_PAGE_SIZE; index++) {
      await insertRecruitmentPost(testApp, recruiter.id, { purpose: `Team ${index}` });
    }
    const total = await countActiveRecruitmentRows(testApp);
    const first = await get(testApp, "/api/admin/recruitment-posts", { cookie: adminCookie });
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json().total).toBe(total);
    expect(first.json().posts).toHaveLength(ADMIN_RECRUITMENT_PAGE_SIZE);
    const last = Math.ceil(total / ADMIN_RECRUITMENT_PAGE_SIZE);
    const end = await get(testApp, `/api/admin/recruitment-posts?page=${last}`, { cookie: adminCookie });
    expect(end.json().posts).toHaveLength(total - (last - 1) * ADMIN_RECRUITMENT_PAGE_SIZE);
    const bad = await get(testApp, "/api/admin/recruitment-posts?page=0", { cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
  });
});

describe("colleges", () => {
  const directory = async () =>
    (await get(testApp, "/api/colleges")).json().cities as {
      city: string;
      colleges: { id: string; name: string }[];
    }[];

  it.each([
    ["an empty city", { city: "", college: "North Hill Institute" }],
    ["a blank college", { city: "Ziro", college: "   " }],
    ["no college", { city: "Ziro" }],
    ["no city", { college: "North Hill Institute" }],
  ])("refuses %s: 'City and College are required'", async (_case, body) => {
    const before = await directory();
    const response = await asAdmin("POST", "/api/admin/colleges", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "invalid_input", message: ADMIN_MESSAGES.collegeRequired },
    });
    expect(await directory()).toEqual(before);
  });

  it("adds a college the signup picker lists and accepts; no duplicates; delete removes it", async () => {
    expect((await directory()).some((entry) => entry.city === "Ziro")).toBe(false);
    const added = await asAdmin("POST", "/api/admin/colleges", {
      city: " Ziro ",
      college: " North Hill Institute ",
    });
    expect(added.statusCode).toBe(201);
    const college = added.json().college;
    expect(college).toEqual({ id: expect.any(String), city: "Ziro", name: "North Hill Institute" });
    expect((await directory()).find((entry) => entry.city === "Ziro")?.colleges).toEqual([
      { id: college.id, name: "North Hill Institute" },
    ]);
    const cities = (await directory()).map((entry) => entry.city);
    expect(cities).toEqual([...cities].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await auditFor("college.add", college.id)).toMatchObject({ actorName: "Administrator" });

    const newcomer = await createStudent(testApp, { city: "Ziro", college: "North Hill Institute" });
    expect((await get(testApp, "/api/auth/me", { cookie: newcomer.cookie })).json().user).toMatchObject({
      city: "Ziro",
      college: "North Hill Institute",
    });

    for (const body of [
      { city: "Ziro", college: "North Hill Institute" },
      { city: "  Ziro", college: "North Hill Institute  " },
      { city: "Mumbai", college: "IIT Bombay" },
    ]) {
      const duplicate = await asAdmin("POST", "/api/admin/colleges", body);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({
        error: { code: "conflict", message: ADMIN_MESSAGES.collegeExists },
      });
    }

    expect((await asAdmin("DELETE", `/api/admin/colleges/${college.id}`)).statusCode).toBe(204);
    expect((await directory()).some((entry) => entry.city === "Ziro")).toBe(false);
    const refused = await post(
      testApp,
      "/api/auth/signup",
      buildSignup({ city: "Ziro", college: "North Hill Institute" }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SIGNUP_MESSAGES.college);
    expect(await auditFor("college.delete", college.id)).toMatchObject({ actorName: "Administrator" });
    expect((await asAdmin("DELETE", `/api/admin/colleges/${college.id}`)).statusCode).toBe(404);
  });
});
