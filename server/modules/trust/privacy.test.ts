import { DEAL_MESSAGES } from "@shared/deals-constants";
import { PRIVACY_MESSAGES } from "@shared/trust-constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newClientId,
  notificationRowsOf,
  openItemChat,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { insertFollow, insertItem } from "../../../tests/factories/items";
import { callAs, fetchProfile } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { users } from "../../db/schema";

// Contact privacy (issue 18): GET/PUT /api/me/privacy, and every student-API answer that carries a
// student's mobile number or e-mail address obeying it; the admin API is the exception.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

let nextMobile = 9000000100;
const student = (name: string) => createStudent(testApp, { name, mobile: String(nextMobile++) });
const setPrivacy = (who: Student, body: object) =>
  callAs(testApp, "PUT", "/api/me/privacy", who.cookie, body);

/** Every answer the viewer gets about the person's profile, items, chats and followers, as text. */
async function everythingSeenBy(viewer: Student, person: Student): Promise<string> {
  const urls = [
    `/api/users/${person.id}`,
    `/api/users/${person.id}/followers`,
    `/api/users/${viewer.id}/followers`,
    "/api/items",
    `/api/items?search=${encodeURIComponent("Privacy lamp")}`,
    "/api/me/favourites",
    "/api/chats",
    "/api/notifications",
  ];
  const bodies = await Promise.all(urls.map((url) => get(testApp, url, { cookie: viewer.cookie })));
  for (const [index, response] of bodies.entries()) expect(response.statusCode, urls[index]).toBe(200);
  return bodies.map((response) => response.body).join("\n");
}

describe("privacy settings", () => {
  it("default to mobile for people I'm chatting with and e-mail for nobody; PUT changes only mine", async () => {
    const me = await student("Kavya Nair");
    const read = await get(testApp, "/api/me/privacy", { cookie: me.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.json()).toEqual({ privacy: { mobileVisibility: "chatting", emailVisibility: "nobody" } });
    const changed = await setPrivacy(me, { mobileVisibility: "all", emailVisibility: "all" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ privacy: { mobileVisibility: "all", emailVisibility: "all" } });
    expect(
      (await get(testApp, "/api/me/privacy", { cookie: me.cookie })).json().privacy.mobileVisibility,
    ).toBe("all");
  });

  it("refuses a choice that is not offered with a clear 400 and keeps the old one", async () => {
    const me = await student("Kavya Nair");
    const bad = await setPrivacy(me, { mobileVisibility: "friends", emailVisibility: "nobody" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("Please choose who can see your mobile number.");
    const emailBad = await setPrivacy(me, { mobileVisibility: "nobody", emailVisibility: "chatting" });
    expect(emailBad.statusCode).toBe(400);
    expect(emailBad.json().error.message).toContain("Please choose who can see your e-mail address.");
    expect((await get(testApp, "/api/me/privacy", { cookie: me.cookie })).json().privacy).toEqual({
      mobileVisibility: "chatting",
      emailVisibility: "nobody",
    });
  });
});

describe("every answer that carries a student obeys their privacy", () => {
  it("by default a stranger sees neither number nor e-mail anywhere; a chat partner sees the number", async () => {
    const seller = await student("Ishaan Rao");
    const stranger = await student("Tara Sen");
    const buyer = await student("Dev Patel");
    const item = await insertItem(testApp, seller.id, {
      productName: "Privacy lamp",
      showMobileNumber: true,
    });
    await insertFollow(testApp, stranger.id, seller.id);
    await insertFollow(testApp, seller.id, stranger.id);
    await callAs(testApp, "PUT", `/api/items/${item.id}/favourite`, stranger.cookie);
    const chat = await openItemChat(testApp, buyer, seller, "Privacy lamp two");

    const seen = await everythingSeenBy(stranger, seller);
    expect(seen).not.toContain(seller.mobile);
    expect(seen).not.toContain(seller.email);
    const profile = await fetchProfile(testApp, seller.id, stranger.cookie);
    expect(profile.profile).toMatchObject({ mobile: null, email: null });
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: stranger.cookie })).json();
    expect(detail.item.sellerMobile).toBe("");
    expect(JSON.stringify(detail)).not.toContain(seller.mobile);

    // Opening a chat and writing in it is not enough: the seller has not chatted back yet.
    await sendText(testApp, buyer, chat.id, "Is the lamp still there? Please share your number.");
    expect((await fetchProfile(testApp, seller.id, buyer.cookie)).profile).toMatchObject({ mobile: null });
    const unanswered = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(unanswered.item.sellerMobile).toBe("");

    // Once the seller answers in the chat, they are chatting: the number shows on the profile and
    // the items.
    await sendText(testApp, seller, chat.id, "Yes, it is.");
    const partner = await fetchProfile(testApp, seller.id, buyer.cookie);
    expect(partner.profile).toMatchObject({ mobile: seller.mobile, email: null });
    const partnerDetail = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(partnerDetail.item.sellerMobile).toBe(seller.mobile);
    const browse = (await get(testApp, "/api/items?search=Privacy%20lamp", { cookie: buyer.cookie })).json();
    expect(browse.items.find((row: { id: string }) => row.id === item.id).sellerMobile).toBe(seller.mobile);
    // The chat list and thread name the other member only: no number, no e-mail.
    const chats = (await get(testApp, "/api/chats", { cookie: buyer.cookie })).body;
    expect(chats).not.toContain(seller.mobile);
    expect(chats).not.toContain(seller.email);

    // One's own profile shows both.
    expect((await fetchProfile(testApp, seller.id, seller.cookie)).profile).toMatchObject({
      mobile: seller.mobile,
      email: seller.email,
    });
  });

  it("a deal line in the seller's name ('This item is now reserved.') is no answer: the number stays hidden", async () => {
    const seller = await student("Ishaan Rao");
    const watcher = await student("Tara Sen");
    const buyer = await student("Dev Patel");
    const item = await insertItem(testApp, seller.id, {
      productName: "Privacy shelf",
      showMobileNumber: true,
    });
    const open = async (who: Student) =>
      (
        await post(testApp, "/api/chats", { userId: seller.id, itemId: item.id }, { cookie: who.cookie })
      ).json().chat.id as string;
    const watcherChat = await open(watcher);
    await sendText(testApp, watcher, watcherChat, "Is the shelf still there?");
    const buyerChat = await open(buyer);
    const offer = await sendRequest(testApp, buyer.cookie, buyerChat, {
      type: "offer",
      clientId: newClientId(),
      offerPrice: 300,
    });
    const offerId = offer.json().message.id;
    const accepted = await post(
      testApp,
      `/api/chats/${buyerChat}/offers/${offerId}/accept`,
      {},
      {
        cookie: seller.cookie,
      },
    );
    expect(accepted.statusCode).toBe(200);
    const thread = (await get(testApp, `/api/chats/${watcherChat}`, { cookie: watcher.cookie })).json();
    expect(thread.messages.at(-1)).toMatchObject({
      type: "system",
      senderId: seller.id,
      text: DEAL_MESSAGES.nowReserved,
    });
    expect((await fetchProfile(testApp, seller.id, watcher.cookie)).profile.mobile).toBeNull();
    // The seller's own words are an answer, as before.
    await sendText(testApp, seller, watcherChat, "It is reserved, sorry.");
    expect((await fetchProfile(testApp, seller.id, watcher.cookie)).profile.mobile).toBe(seller.mobile);
  });

  it("'All students' shows them to everyone; 'Nobody' hides the number from a chat partner too", async () => {
    const seller = await student("Ishaan Rao");
    const stranger = await student("Tara Sen");
    const buyer = await student("Dev Patel");
    const shown = await insertItem(testApp, seller.id, {
      productName: "Privacy lamp",
      showMobileNumber: true,
    });
    const unticked = await insertItem(testApp, seller.id, { showMobileNumber: false });
    await openItemChat(testApp, buyer, seller, "Privacy lamp two");

    await setPrivacy(seller, { mobileVisibility: "all", emailVisibility: "all" });
    const open = await fetchProfile(testApp, seller.id, stranger.cookie);
    expect(open.profile).toMatchObject({ mobile: seller.mobile, email: seller.email });
    const mobileOf = async (viewer: Student, id: string) =>
      (await get(testApp, `/api/items/${id}`, { cookie: viewer.cookie })).json().item.sellerMobile;
    expect(await mobileOf(stranger, shown.id)).toBe(seller.mobile);
    // The item's own choice still rules: not ticked, not shown.
    expect(await mobileOf(stranger, unticked.id)).toBe("");

    await setPrivacy(seller, { mobileVisibility: "nobody", emailVisibility: "nobody" });
    for (const viewer of [stranger, buyer]) {
      const seen = await everythingSeenBy(viewer, seller);
      expect(seen).not.toContain(seller.mobile);
      expect(seen).not.toContain(seller.email);
      expect(await mobileOf(viewer, shown.id)).toBe("");
    }
    // The seller still sees their own number on their own items.
    expect(await mobileOf(seller, shown.id)).toBe(seller.mobile);
  });

  it("the admin API is the exception: the administrator's user list shows every number and address", async () => {
    const seller = await student("Ishaan Rao");
    await setPrivacy(seller, { mobileVisibility: "nobody", emailVisibility: "nobody" });
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
  it("sends my own number as a card to that chat only; the list and notification do not name it", async () => {
    const seller = await student("Ishaan Rao");
    const buyer = await student("Dev Patel");
    await setPrivacy(buyer, { mobileVisibility: "nobody", emailVisibility: "nobody" });
    const chat = await openItemChat(testApp, buyer, seller);
    const response = await sendRequest(testApp, buyer.cookie, chat.id, {
      type: "number",
      clientId: newClientId(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatchObject({ type: "number", text: buyer.mobile, senderId: buyer.id });
    const list = (await get(testApp, "/api/chats", { cookie: seller.cookie })).json();
    expect(list.chats[0].lastMessage).toBe(PRIVACY_MESSAGES.sharedNumberNotice);
    const notes = await notificationRowsOf(testApp, seller.id);
    expect(notes.map((note) => note.text).join(" ")).not.toContain(buyer.mobile);
    // The privacy setting itself is unchanged: sharing is for this chat alone.
    expect((await fetchProfile(testApp, buyer.id, seller.cookie)).profile.mobile).toBeNull();
  });

  it("refuses with a clear 400 when I have no number on my account", async () => {
    const seller = await student("Ishaan Rao");
    const buyer = await student("Dev Patel");
    const chat = await openItemChat(testApp, buyer, seller);
    await testApp.database.db.update(users).set({ mobile: "" }).where(eq(users.id, buyer.id));
    const response = await sendRequest(testApp, buyer.cookie, chat.id, {
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
