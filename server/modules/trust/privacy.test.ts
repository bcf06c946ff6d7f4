import { randomBytes, randomInt } from "node:crypto";
import type { LiveFrame } from "@shared/live-events";
import { MOBILE_VISIBILITIES, PRIVACY_MESSAGES } from "@shared/trust-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newClientId,
  notificationRowsOf,
  openChatRequest,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { insertItem } from "../../../tests/factories/items";
import { callAs, fetchProfile } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../../../tests/helpers/live";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { users } from "../../db/schema";

// Contact privacy (issues 18 and 36): GET/PUT /api/me/privacy, and a number shared by consent only.
// A student's number reaches another student by 'Share my number' in a chat (that chat's thread),
// by the tick 'show my mobile number' on an item (that item), or on the profile for 'All students';
// never by a reply, a chat, a follow. The admin API is the exception.
let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());

const tag = () => randomBytes(4).toString("hex");
/** A student with a number nobody else has, so finding it in an answer means it leaked. */
const student = (name: string) => createStudent(testApp, { name, mobile: `9${randomInt(100_000_000, 1e9)}` });
const setPrivacy = (who: Student, body: object) =>
  callAs(testApp, "PUT", "/api/me/privacy", who.cookie, body);

async function openChat(who: Student, item: { id: string; sellerId: string }): Promise<string> {
  const response = await openChatRequest(testApp, who, item.sellerId, item.id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().chat.id;
}

async function shareNumber(who: Student, chatId: string) {
  const response = await sendRequest(testApp, who.cookie, chatId, {
    type: "number",
    clientId: newClientId(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

/**
 * Every student-API answer that carries the person, their items or a chat with them, as the viewer
 * gets it: profile (with its items), followers both ways, reputation, browse and search, each item,
 * favourites, the chat list and each thread, notifications and the dashboard.
 */
async function everythingSeenBy(
  viewer: Student,
  person: Student,
  options: { itemIds?: string[]; chatIds?: string[]; search: string },
): Promise<string> {
  const urls = [
    `/api/users/${person.id}`,
    `/api/users/${person.id}/followers`,
    `/api/users/${viewer.id}/followers`,
    `/api/users/${person.id}/reputation`,
    "/api/items",
    `/api/items?search=${encodeURIComponent(options.search)}`,
    ...(options.itemIds ?? []).map((id) => `/api/items/${id}`),
    "/api/me/favourites",
    "/api/chats",
    ...(options.chatIds ?? []).map((id) => `/api/chats/${id}`),
    "/api/notifications",
    "/api/dashboard/",
  ];
  const bodies = await Promise.all(urls.map((url) => get(testApp, url, { cookie: viewer.cookie })));
  for (const [index, response] of bodies.entries()) expect(response.statusCode, urls[index]).toBe(200);
  return bodies.map((response) => response.body).join("\n");
}

/** The live frames that carry the text, as [type, chatId of its message]. */
const framesNaming = (frames: LiveFrame[], text: string) =>
  frames
    .filter((frame) => JSON.stringify(frame).includes(text))
    .map((frame) => [
      frame.type,
      frame.type === "message.created" ? frame.data.message.chatId : "(not a message)",
    ]);

describe("privacy settings", () => {
  it("offer two choices for the number, 'shared' by default; PUT changes only mine", async () => {
    expect(MOBILE_VISIBILITIES).toEqual(["shared", "all"]);
    const me = await student("Kavya Nair");
    const read = await get(testApp, "/api/me/privacy", { cookie: me.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.json()).toEqual({ privacy: { mobileVisibility: "shared", emailVisibility: "nobody" } });
    const changed = await setPrivacy(me, { mobileVisibility: "all", emailVisibility: "all" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ privacy: { mobileVisibility: "all", emailVisibility: "all" } });
    const back = await setPrivacy(me, { mobileVisibility: "shared", emailVisibility: "nobody" });
    expect(back.json().privacy).toEqual({ mobileVisibility: "shared", emailVisibility: "nobody" });
  });

  it("refuses the old choices and any other with a clear 400, keeping the one I had", async () => {
    const me = await student("Kavya Nair");
    for (const mobileVisibility of ["chatting", "nobody", "friends"]) {
      const bad = await setPrivacy(me, { mobileVisibility, emailVisibility: "nobody" });
      expect(bad.statusCode, mobileVisibility).toBe(400);
      expect(bad.json().error.message).toContain("Please choose who can see your mobile number.");
    }
    const emailBad = await setPrivacy(me, { mobileVisibility: "shared", emailVisibility: "chatting" });
    expect(emailBad.statusCode).toBe(400);
    expect(emailBad.json().error.message).toContain("Please choose who can see your e-mail address.");
    expect((await get(testApp, "/api/me/privacy", { cookie: me.cookie })).json().privacy).toEqual({
      mobileVisibility: "shared",
      emailVisibility: "nobody",
    });
  });
});

describe("a number is shared by consent only", () => {
  it("a stranger who asks and is answered, a follower and a second buyer get no number anywhere, live events included; 'Share my number' shows it in that one chat", async () => {
    const search = `Consent lamp ${tag()}`;
    const seller = await student("Ishaan Rao");
    const asker = await student("Tara Sen");
    const follower = await student("Dev Patel");
    const otherBuyer = await student("Neha Joshi");
    // Not ticked: the items themselves carry no number.
    const lamp = await insertItem(testApp, seller.id, { productName: `${search} one` });
    const shelf = await insertItem(testApp, seller.id, { productName: `${search} two` });
    const tabs = new Map<Student, LiveClient>();
    for (const who of [asker, follower, otherBuyer]) tabs.set(who, await connectLive(baseUrl, who.cookie));
    const tabOf = (who: Student) => tabs.get(who) as LiveClient;
    try {
      for (const [from, to] of [
        [follower, seller],
        [seller, follower],
        [asker, seller],
      ] as const)
        expect((await callAs(testApp, "PUT", `/api/users/${to.id}/follow`, from.cookie)).statusCode).toBe(
          200,
        );
      for (const [who, item] of [
        [asker, lamp],
        [follower, lamp],
      ] as const)
        expect((await callAs(testApp, "PUT", `/api/items/${item.id}/favourite`, who.cookie)).statusCode).toBe(
          204,
        );

      // The stranger asks, the seller answers: the old rule ('People I'm chatting with') opened the
      // number here. The asker has a second chat with the seller, about the shelf.
      const askerChat = await openChat(asker, lamp);
      const askerShelfChat = await openChat(asker, shelf);
      await sendText(testApp, asker, askerChat, "Is it available? Please send your number.");
      await sendText(testApp, seller, askerChat, "Yes, it is.");
      await sendText(testApp, seller, askerShelfChat, "The shelf too.");
      const otherChat = await openChat(otherBuyer, lamp);
      await sendText(testApp, otherBuyer, otherChat, "Can you do 300?");
      await sendText(testApp, seller, otherChat, "350 is my last price.");

      const chatsOf = new Map<Student, string[]>([
        [asker, [askerChat, askerShelfChat]],
        [follower, []],
        [otherBuyer, [otherChat]],
      ]);
      const itemIds = [lamp.id, shelf.id];
      for (const viewer of [asker, follower, otherBuyer]) {
        const seen = await everythingSeenBy(viewer, seller, {
          itemIds,
          chatIds: chatsOf.get(viewer),
          search,
        });
        expect(seen, viewer.name).not.toContain(seller.mobile);
        expect(seen, viewer.name).not.toContain(seller.email);
        expect(
          (await fetchProfile(testApp, seller.id, viewer.cookie)).profile.mobile,
          viewer.name,
        ).toBeNull();
      }

      // The seller's choice: 'Share my number' in the asker's chat about the lamp.
      const card = await shareNumber(seller, askerChat);
      expect(card).toMatchObject({ type: "number", text: seller.mobile, senderId: seller.id });
      const thread = (await get(testApp, `/api/chats/${askerChat}`, { cookie: asker.cookie })).json();
      expect(thread.messages.at(-1)).toMatchObject({ type: "number", text: seller.mobile });
      // That chat only: its list entry and the notification say 'Shared a mobile number', and the
      // profile, the items, the other chat with the seller stay without it.
      const list = (await get(testApp, "/api/chats", { cookie: asker.cookie })).json();
      const entry = list.chats.find((chat: { id: string }) => chat.id === askerChat);
      expect(entry.lastMessage).toBe(PRIVACY_MESSAGES.sharedNumberNotice);
      expect(JSON.stringify(list)).not.toContain(seller.mobile);
      const notes = await notificationRowsOf(testApp, asker.id);
      expect(notes.map((note) => note.text)).toContain(
        `${seller.name}: ${PRIVACY_MESSAGES.sharedNumberNotice}`,
      );
      const askerSees = await everythingSeenBy(asker, seller, { itemIds, chatIds: [askerShelfChat], search });
      expect(askerSees).not.toContain(seller.mobile);
      for (const viewer of [follower, otherBuyer]) {
        const seen = await everythingSeenBy(viewer, seller, {
          itemIds,
          chatIds: chatsOf.get(viewer),
          search,
        });
        expect(seen, viewer.name).not.toContain(seller.mobile);
      }

      // Live: the asker's tab hears the number once, as the card's message in that chat; nobody
      // else's tab hears it at all. Each student's own later send is a barrier: one user's frames
      // arrive in order.
      await tabOf(asker).waitFor(
        (frame) => frame.type === "message.created" && frame.data.message.type === "number",
        "the shared number card",
      );
      for (const who of [follower, otherBuyer]) {
        const own = await openChat(who, shelf);
        const sent = await sendText(testApp, who, own, "Barrier");
        await tabOf(who).waitFor(
          (frame) => frame.type === "message.created" && frame.data.message.id === sent.id,
          `${who.name}'s own message`,
        );
      }
      expect(framesNaming(tabOf(asker).frames, seller.mobile)).toEqual([["message.created", askerChat]]);
      expect(framesNaming(tabOf(follower).frames, seller.mobile)).toEqual([]);
      expect(framesNaming(tabOf(otherBuyer).frames, seller.mobile)).toEqual([]);
      // The sharing is for that chat alone: the seller's setting is unchanged.
      expect((await get(testApp, "/api/me/privacy", { cookie: seller.cookie })).json().privacy).toEqual({
        mobileVisibility: "shared",
        emailVisibility: "nobody",
      });
    } finally {
      for (const tab of tabs.values()) await tab.close();
    }
  });

  it("the tick 'show my mobile number' shows it on that item to every student, and nowhere else", async () => {
    const search = `Consent desk ${tag()}`;
    const seller = await student("Ishaan Rao");
    const stranger = await student("Tara Sen");
    const ticked = await insertItem(testApp, seller.id, {
      productName: `${search} ticked`,
      showMobileNumber: true,
    });
    const unticked = await insertItem(testApp, seller.id, { productName: `${search} plain` });
    const mobileOn = async (viewer: Student, id: string) =>
      (await get(testApp, `/api/items/${id}`, { cookie: viewer.cookie })).json().item.sellerMobile;
    expect(await mobileOn(stranger, ticked.id)).toBe(seller.mobile);
    expect(await mobileOn(stranger, unticked.id)).toBe("");
    const browse = (
      await get(testApp, `/api/items?search=${encodeURIComponent(search)}`, { cookie: stranger.cookie })
    ).json();
    const cardOf = (id: string) => browse.items.find((row: { id: string }) => row.id === id);
    expect(cardOf(ticked.id).sellerMobile).toBe(seller.mobile);
    expect(cardOf(unticked.id).sellerMobile).toBe("");
    // The profile: the number only on the ticked item's card, not as the student's own detail.
    const profile = await fetchProfile(testApp, seller.id, stranger.cookie);
    expect(profile.profile.mobile).toBeNull();
    const numbered = profile.items.filter((item: { sellerMobile: string }) => item.sellerMobile !== "");
    expect(numbered.map((item: { id: string }) => item.id)).toEqual([ticked.id]);
    // Unticked again through the edit: gone from the item too.
    const edit = await callAs(testApp, "PATCH", `/api/items/${ticked.id}`, seller.cookie, {
      productName: `${search} ticked`,
      productImage: ticked.productImage,
      images: [ticked.productImage],
      type: ticked.type,
      price: ticked.price,
      category: ticked.category,
      condition: ticked.condition,
      description: ticked.description,
      showMobileNumber: false,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await mobileOn(stranger, ticked.id)).toBe("");
  });

  it("'All students' shows the number on the profile to everyone; back on 'shared' nobody sees it there", async () => {
    const seller = await student("Ishaan Rao");
    const stranger = await student("Tara Sen");
    await setPrivacy(seller, { mobileVisibility: "all", emailVisibility: "all" });
    expect((await fetchProfile(testApp, seller.id, stranger.cookie)).profile).toMatchObject({
      mobile: seller.mobile,
      email: seller.email,
    });
    await setPrivacy(seller, { mobileVisibility: "shared", emailVisibility: "nobody" });
    expect((await fetchProfile(testApp, seller.id, stranger.cookie)).profile).toMatchObject({
      mobile: null,
      email: null,
    });
    // One's own profile shows both, whatever the setting.
    expect((await fetchProfile(testApp, seller.id, seller.cookie)).profile).toMatchObject({
      mobile: seller.mobile,
      email: seller.email,
    });
  });

  it("the admin API is the exception: the administrator's user list shows every number and address", async () => {
    const seller = await student("Ishaan Rao");
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = await get(testApp, `/api/admin/users?search=${encodeURIComponent(seller.email)}`, {
      cookie: adminCookie,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(seller.mobile);
    // On the student API the administrator is any other student.
    const asStudent = await get(testApp, `/api/users/${seller.id}`, { cookie: adminCookie });
    expect(asStudent.json().profile).toMatchObject({ mobile: null, email: null });
  });
});

describe("sharing my number in a chat", () => {
  it("refuses with a clear 400 when I have no number on my account", async () => {
    const seller = await student("Ishaan Rao");
    const buyer = await student("Dev Patel");
    const chat = await openChat(buyer, await insertItem(testApp, seller.id));
    await testApp.database.db.update(users).set({ mobile: "" }).where(eq(users.id, buyer.id));
    const response = await sendRequest(testApp, buyer.cookie, chat, {
      type: "number",
      clientId: newClientId(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(PRIVACY_MESSAGES.noNumber);
  });
});

describe("profile reads", () => {
  it("are limited per user by the named rule profileRead; one's own profile is not counted", async () => {
    const reader = await student("Scraper");
    const person = await student("Neha Joshi");
    for (let index = 0; index < 120; index++) {
      const response = await get(testApp, `/api/users/${person.id}`, { cookie: reader.cookie });
      expect(response.statusCode).toBe(200);
    }
    const refused = await get(testApp, `/api/users/${person.id}`, { cookie: reader.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(PRIVACY_MESSAGES.profileReadsLimited);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await get(testApp, `/api/users/${reader.id}`, { cookie: reader.cookie })).statusCode).toBe(200);
    // Another reader has their own allowance.
    const other = await student("Reader");
    expect((await get(testApp, `/api/users/${person.id}`, { cookie: other.cookie })).statusCode).toBe(200);
  });
});
