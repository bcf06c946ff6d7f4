// Meetup spots per college and their approval, meetups in an item's chat (only between its two
// members, at least 30 minutes ahead, accepted by the other side), the calendar file, and the
// reminder an hour before, through the outbox, once.
import type { ChatMeetupsResponse, Meetup } from "@shared/api/meetups";
import { MEETUP_MESSAGES, MEETUP_TEXTS } from "@shared/meetups-constants";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newClientId, openChatRequest, type Student } from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback } from "../../../tests/helpers/live";
import { ADMIN_EMAIL, createTestApp, createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { startSessionFor } from "../../../tests/security/world";
import {
  auditLog,
  colleges,
  meetups,
  notifications,
  outbox,
  pushSubscriptions,
  sessions,
  users,
} from "../../db/schema";
import { runMeetupReminders } from "./meetups.service";

const MINUTE = 60 * 1000;
let testApp: TestApp;
let adminCookie: string;
let buyer: Student;
let seller: Student;
let stranger: Student;
let sellerCollegeId: string;
let buyerCollegeId: string;

async function collegeId(city: string, name: string): Promise<string> {
  const [row] = await testApp.database.db
    .select({ id: colleges.id })
    .from(colleges)
    .where(and(eq(colleges.city, city), eq(colleges.name, name)));
  if (!row) throw new Error(`no college ${name}`);
  return row.id;
}

beforeAll(async () => {
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" }, { startWorkers: false });
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin");
  adminCookie = await startSessionFor(testApp, admin.id);
  [buyer, seller, stranger] = await Promise.all([
    createStudent(testApp, { name: "Aarav Mehta", city: "New Delhi", college: "IIT Delhi" }),
    createStudent(testApp, { name: "Kunal Shah", city: "Mumbai", college: "IIT Bombay" }),
    createStudent(testApp, { name: "Kabir Singh" }),
  ]);
  sellerCollegeId = await collegeId("Mumbai", "IIT Bombay");
  buyerCollegeId = await collegeId("New Delhi", "IIT Delhi");
});
afterAll(() => testApp.close());

const addSpot = (collegeIdOf: string, name: string, directions = "By the main doors.") =>
  post(
    testApp,
    `/api/admin/colleges/${collegeIdOf}/meetup-spots`,
    { name, directions },
    { cookie: adminCookie },
  );

async function spotId(collegeIdOf: string, name: string, directions?: string): Promise<string> {
  const response = await addSpot(collegeIdOf, name, directions);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().spot.id;
}

async function dealChat(who = buyer, withSeller = seller): Promise<string> {
  const item = await insertItem(testApp, withSeller.id, { productName: "Casio fx-991EX" });
  const response = await openChatRequest(testApp, who, item.sellerId, item.id);
  expect(response.statusCode).toBe(200);
  return response.json().chat.id;
}

const meetupsOf = async (who: Student, chatId: string): Promise<ChatMeetupsResponse> => {
  const response = await get(testApp, `/api/chats/${chatId}/meetups`, { cookie: who.cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json();
};

const propose = (who: Student, chatId: string, spot: string, startsAt: Date, clientId = newClientId()) =>
  post(
    testApp,
    `/api/chats/${chatId}/meetups`,
    { clientId, spotId: spot, startsAt: startsAt.toISOString() },
    { cookie: who.cookie },
  );

const accept = (who: Student, chatId: string, meetupId: string) =>
  post(testApp, `/api/chats/${chatId}/meetups/${meetupId}/accept`, {}, { cookie: who.cookie });

const inHours = (hours: number) => new Date(Date.now() + hours * 60 * MINUTE);

describe("meetup spots", () => {
  it("the administrator adds, edits and removes a college's spots, each audited", async () => {
    const college = await collegeId("Chennai", "IIT Madras");
    const added = await addSpot(college, "Library entrance", "At the main doors of the central library.");
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json().spot;
    expect((await addSpot(college, "library ENTRANCE")).statusCode).toBe(409);

    const edited = await testApp.app.inject({
      method: "PATCH",
      url: `/api/admin/meetup-spots/${id}`,
      headers: { cookie: adminCookie },
      payload: { name: "Library steps", directions: "On the steps in front of the library." },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = await get(testApp, "/api/admin/meetup-spots", { cookie: adminCookie });
    expect(listed.headers["cache-control"]).toBe("no-store");
    expect(listed.json().spots).toContainEqual(
      expect.objectContaining({ id, name: "Library steps", status: "approved", collegeName: "IIT Madras" }),
    );
    const removed = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/meetup-spots/${id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(204);
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "meetup-spot.add",
      "meetup-spot.edit",
      "meetup-spot.remove",
    ]);
  });

  it("a student's suggestion waits for approval; approved, it is offered in the chat; rejected, it is gone", async () => {
    const chatId = await dealChat();
    const suggest = (name: string) =>
      post(
        testApp,
        `/api/colleges/${sellerCollegeId}/meetup-spots`,
        { name, directions: "Next to the billing counter." },
        { cookie: buyer.cookie },
      );
    const first = await suggest("Hostel 4 canteen");
    expect(first.statusCode, first.body).toBe(201);
    const second = await suggest("Behind the workshop");
    const names = async () => (await meetupsOf(buyer, chatId)).spots.map((spot) => spot.name);
    expect(await names()).not.toContain("Hostel 4 canteen");

    const approved = await post(
      testApp,
      `/api/admin/meetup-spots/${first.json().spot.id}/approve`,
      {},
      { cookie: adminCookie },
    );
    expect(approved.statusCode).toBe(204);
    const rejected = await post(
      testApp,
      `/api/admin/meetup-spots/${second.json().spot.id}/reject`,
      {},
      { cookie: adminCookie },
    );
    expect(rejected.statusCode).toBe(204);
    expect(await names()).toContain("Hostel 4 canteen");
    expect(await names()).not.toContain("Behind the workshop");
    // Only the administrator decides.
    const byStudent = await post(
      testApp,
      `/api/admin/meetup-spots/${first.json().spot.id}/approve`,
      {},
      { cookie: buyer.cookie },
    );
    expect(byStudent.statusCode).toBe(403);
    // Bad input is a clear 400.
    const blank = await suggest("   ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MEETUP_MESSAGES.spotName);
  });

  it("a chat offers the item's college's spots first, then the buyer's", async () => {
    await spotId(sellerCollegeId, "Main gate IITB");
    await spotId(buyerCollegeId, "Main gate IITD");
    const chatId = await dealChat();
    const { spots, colleges: offered, canPropose } = await meetupsOf(buyer, chatId);
    expect(canPropose).toBe(true);
    expect(offered.map((college) => college.name)).toEqual(["IIT Bombay", "IIT Delhi"]);
    const owners = spots.map((spot) => spot.collegeId);
    expect(owners.indexOf(buyerCollegeId)).toBeGreaterThan(owners.lastIndexOf(sellerCollegeId));
  });
});

describe("meetups in a chat", () => {
  it("only the chat's two members see, propose and accept meetups", async () => {
    const chatId = await dealChat();
    const spot = await spotId(sellerCollegeId, "Members-only spot");
    expect((await get(testApp, `/api/chats/${chatId}/meetups`, { cookie: stranger.cookie })).statusCode).toBe(
      403,
    );
    expect((await propose(stranger, chatId, spot, inHours(3))).statusCode).toBe(403);
    const made = await propose(buyer, chatId, spot, inHours(3));
    expect(made.statusCode, made.body).toBe(201);
    const meetupId = made.json().meetup.id;
    expect((await accept(stranger, chatId, meetupId)).statusCode).toBe(403);
    const own = await accept(buyer, chatId, meetupId);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(MEETUP_MESSAGES.notYours);
    const calendar = await get(testApp, `/api/chats/${chatId}/meetups/${meetupId}/calendar.ics`, {
      cookie: stranger.cookie,
    });
    expect(calendar.statusCode).toBe(403);
    const [row] = await testApp.database.db.select().from(meetups).where(eq(meetups.id, meetupId));
    expect(row?.status).toBe("proposed");
  });

  it("a time must be at least 30 minutes ahead, and a spot one of the chat's colleges'", async () => {
    const chatId = await dealChat();
    const spot = await spotId(sellerCollegeId, "Time-check spot");
    const soon = await propose(buyer, chatId, spot, new Date(Date.now() + 20 * MINUTE));
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error.message).toBe(MEETUP_MESSAGES.tooSoon);
    expect((await propose(buyer, chatId, spot, new Date(Date.now() - MINUTE))).statusCode).toBe(400);
    expect((await propose(buyer, chatId, spot, inHours(24 * 40))).statusCode).toBe(400);
    const garbled = await post(
      testApp,
      `/api/chats/${chatId}/meetups`,
      { clientId: newClientId(), spotId: spot, startsAt: "tomorrow at five" },
      { cookie: buyer.cookie },
    );
    expect(garbled.statusCode).toBe(400);
    const elsewhere = await spotId(await collegeId("Kanpur", "IIT Kanpur"), "Another campus's spot");
    const wrongSpot = await propose(buyer, chatId, elsewhere, inHours(2));
    expect(wrongSpot.statusCode).toBe(400);
    expect(wrongSpot.json().error.message).toBe(MEETUP_MESSAGES.spotNotFound);
    expect((await propose(buyer, chatId, spot, new Date(Date.now() + 31 * MINUTE))).statusCode).toBe(201);
  });

  it("posts a meetup card; the other side accepts it, live, and the calendar file says only spot, time and item", async () => {
    const chatId = await dealChat();
    const spot = await spotId(sellerCollegeId, "Library entrance", "At the main doors, by the notice board.");
    const baseUrl = await listenOnLoopback(testApp.app);
    const sellerLive = await connectLive(baseUrl, seller.cookie);
    try {
      const clientId = newClientId();
      const made = await propose(buyer, chatId, spot, inHours(5), clientId);
      expect(made.statusCode, made.body).toBe(201);
      const { message, meetup } = made.json() as { message: { id: string; type: string }; meetup: Meetup };
      expect(message).toMatchObject({ id: meetup.id, type: "meetup" });
      // A retried send is the same card.
      const again = await propose(buyer, chatId, spot, inHours(5), clientId);
      expect(again.statusCode).toBe(200);
      expect(again.json().meetup.id).toBe(meetup.id);

      await sellerLive.waitFor(
        (frame) => frame.type === "message.created" && frame.data.message.id === meetup.id,
        "the card's message.created",
      );
      const sellerView = await meetupsOf(seller, chatId);
      expect(sellerView.meetups[0]).toMatchObject({
        id: meetup.id,
        status: "proposed",
        spot: { name: "Library entrance", directions: "At the main doors, by the notice board." },
        abilities: { canAccept: true, canSuggestAnother: true },
      });
      expect((await meetupsOf(buyer, chatId)).meetups[0]?.abilities.canAccept).toBe(false);
      const notices = await testApp.database.db
        .select({ text: notifications.text })
        .from(notifications)
        .where(eq(notifications.userId, seller.id));
      expect(notices.map((row) => row.text).join("\n")).toMatch(
        /Aarav Mehta suggested meeting at Library entrance, .+ IST\./,
      );

      const accepted = await accept(seller, chatId, meetup.id);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().meetup.status).toBe("accepted");
      expect((await accept(seller, chatId, meetup.id)).statusCode).toBe(409);
      expect((await meetupsOf(buyer, chatId)).meetups[0]?.status).toBe("accepted");

      const calendar = await get(testApp, `/api/chats/${chatId}/meetups/${meetup.id}/calendar.ics`, {
        cookie: buyer.cookie,
      });
      expect(calendar.statusCode).toBe(200);
      expect(calendar.headers["content-type"]).toContain("text/calendar");
      expect(calendar.headers["cache-control"]).toBe("no-store");
      expect(calendar.body).toContain("DTSTART;TZID=Asia/Kolkata:");
      expect(calendar.body).toContain("LOCATION:Library entrance");
      expect(calendar.body).toContain("SUMMARY:Meetup: Casio fx-991EX");
      const unfolded = calendar.body.replaceAll("\r\n ", "");
      expect(unfolded).toContain(
        `DESCRIPTION:At the main doors\\, by the notice board.\\n\\n${MEETUP_TEXTS.safety}`,
      );
      for (const personal of [
        buyer.name,
        seller.name,
        buyer.email,
        seller.email,
        buyer.mobile,
        seller.mobile,
      ]) {
        expect(unfolded).not.toContain(personal);
      }
    } finally {
      await sellerLive.close();
    }
  });

  it("'Suggest another' replaces the open suggestion", async () => {
    const chatId = await dealChat();
    const spot = await spotId(sellerCollegeId, "Replace spot");
    const first = (await propose(buyer, chatId, spot, inHours(4))).json().meetup.id;
    const second = await propose(seller, chatId, spot, inHours(6));
    expect(second.statusCode).toBe(201);
    const { meetups: listed } = await meetupsOf(buyer, chatId);
    expect(listed.map((meetup) => meetup.status)).toEqual(["proposed", "replaced"]);
    // The replaced one can no longer be accepted; its proposer never could.
    expect((await accept(seller, chatId, first)).statusCode).toBe(409);
    expect((await accept(buyer, chatId, first)).statusCode).toBe(403);
  });
});

describe("meetup reminders", () => {
  it("reminds both members an hour before, by notification and push through the outbox, once", async () => {
    const chatId = await dealChat();
    const spot = await spotId(sellerCollegeId, "Reminder spot");
    // Both have a device for pushes.
    for (const who of [buyer, seller]) {
      const [session] = await testApp.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, who.id))
        .limit(1);
      if (!session) throw new Error("no session");
      await testApp.database.db.insert(pushSubscriptions).values({
        userId: who.id,
        sessionId: session.id,
        endpoint: `https://push.example.test/${who.id}`,
        p256dh: "key",
        auth: "auth",
      });
    }
    const startsAt = inHours(3);
    const meetupId = (await propose(buyer, chatId, spot, startsAt)).json().meetup.id;
    const job = () => ({
      db: testApp.database.db,
      bus: testApp.database.createBus(() => {}),
      log: testApp.app.log,
    });
    // Not accepted yet, and not within the hour: nothing is due.
    expect(await runMeetupReminders(job(), new Date(startsAt.getTime() - 30 * MINUTE))).toBe(0);
    expect((await accept(seller, chatId, meetupId)).statusCode).toBe(200);
    expect(await runMeetupReminders(job(), new Date(startsAt.getTime() - 2 * 60 * MINUTE))).toBe(0);

    // Two instances at once, then a third after a restart: one reminder each.
    const second = await createTestAppOn(testApp.database, {}, { startWorkers: false });
    const due = new Date(startsAt.getTime() - 50 * MINUTE);
    const [a, b] = await Promise.all([
      runMeetupReminders(job(), due),
      runMeetupReminders(
        { db: second.database.db, bus: second.database.createBus(() => {}), log: second.app.log },
        due,
      ),
    ]);
    expect(a + b).toBe(1);
    await second.stop();
    expect(await runMeetupReminders(job(), new Date(startsAt.getTime() - 10 * MINUTE))).toBe(0);

    for (const who of [buyer, seller]) {
      const reminders = await testApp.database.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, who.id), sql`${notifications.text} like 'Reminder: your meetup%'`),
        );
      expect(reminders, who.name).toHaveLength(1);
      expect(reminders[0]?.text).toMatch(
        /^Reminder: your meetup for Casio fx-991EX is at Reminder spot, .+ IST\.$/,
      );
      expect(reminders[0]?.chatId).toBe(chatId);
      const pushes = await testApp.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, "push"), sql`${outbox.payload}->>'notificationId' = ${reminders[0]?.id}`));
      expect(pushes, who.name).toHaveLength(1);
    }
  });
});

describe("rate limits", () => {
  it("a script suggesting meetups or spots is held with 429 and Retry-After", async () => {
    const strict = await createTestAppOn(
      testApp.database,
      { WRITE_RATE_LIMIT_SCALE: "1" },
      { startWorkers: false },
    );
    try {
      // Students of their own: the counters are per student, and the others spent some already.
      const [scripted, other] = await Promise.all([
        createStudent(testApp, { name: "Script Buyer", city: "New Delhi", college: "IIT Delhi" }),
        createStudent(testApp, { name: "Script Seller", city: "Mumbai", college: "IIT Bombay" }),
      ]);
      const chatId = await dealChat(scripted, other);
      const spot = await spotId(sellerCollegeId, "Rate-limit spot");
      const proposals = [];
      for (let index = 0; index < 11; index++) {
        proposals.push(
          await strict.app.inject({
            method: "POST",
            url: `/api/chats/${chatId}/meetups`,
            headers: { cookie: scripted.cookie },
            payload: { clientId: newClientId(), spotId: spot, startsAt: inHours(2 + index).toISOString() },
          }),
        );
      }
      expect(proposals.slice(0, 10).map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      const refused = proposals[10];
      expect(refused?.statusCode).toBe(429);
      expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);

      const suggestions = [];
      for (let index = 0; index < 6; index++) {
        suggestions.push(
          await strict.app.inject({
            method: "POST",
            url: `/api/colleges/${buyerCollegeId}/meetup-spots`,
            headers: { cookie: other.cookie },
            payload: { name: `Flood spot ${index}`, directions: "Somewhere on campus." },
          }),
        );
      }
      expect(suggestions.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await strict.stop();
    }
  });
});
