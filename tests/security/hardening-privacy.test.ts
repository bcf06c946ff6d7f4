import { randomBytes, randomInt } from "node:crypto";
import type { Message } from "@shared/api/chats";
import { DEAL_MESSAGES } from "@shared/deals-constants";
import { BroadcastFrameSchema } from "@shared/live-events";
import { REPORT_TEXTS } from "@shared/reports-constants";
import { indiaToday } from "@shared/validation/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { items, offers, reports, users } from "../../server/db/schema";
import { expireOffers } from "../../server/modules/deals/offers.service";
import {
  newClientId,
  openChatRequest,
  type Student,
  sendOffer,
  sendRequest,
  sendText,
} from "../factories/chats";
import { insertItem } from "../factories/items";
import { callAs, fetchProfile } from "../factories/profiles";
import { createStudent } from "../factories/users";
import { get, post } from "../helpers/api";
import { connectLive, type LiveClient, listenOnLoopback } from "../helpers/live";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { createWebRoot } from "../helpers/web-root";

/**
 * Privacy holes of the hardening work, each as a class: nothing but the owner's consent opens a
 * number (neither the app's own lines in a chat nor a real answer), the app's lines never count as a
 * person writing (so they name no buyer), a blocked student hears nothing
 * that names the blocker, and a seller on holiday is hidden from every public answer as from browse.
 */

let testApp: TestApp;
let baseUrl: string;
let removeWebRoot: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // The signed-out item page is served from a built app's index.html.
  const webRoot = await createWebRoot(
    '<!doctype html><html><head><title>Campus Bazaar</title></head><body><div id="root"></div></body></html>',
  );
  removeWebRoot = webRoot.remove;
  // Many deal actions within a minute: the deal-action limit has its own flood test.
  testApp = await createTestApp({ WRITE_RATE_LIMIT_SCALE: "100" }, { webRoot: webRoot.dir });
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
  await removeWebRoot?.();
});

const tag = () => randomBytes(4).toString("hex");
/** A student with a number nobody else has, so finding it in an answer means it leaked. */
const student = (name: string) => createStudent(testApp, { name, mobile: `9${randomInt(100_000_000, 1e9)}` });
/** An item without the tick 'show my mobile number': it carries no number itself (issue 36). */
const listItem = (seller: Student, productName: string) => insertItem(testApp, seller.id, { productName });

async function openChat(who: Student, item: { id: string; sellerId: string }): Promise<string> {
  const response = await openChatRequest(testApp, who, item.sellerId, item.id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().chat.id;
}

const answerOffer = (who: Student, chatId: string, offerId: string, action: string) =>
  post(testApp, `/api/chats/${chatId}/offers/${offerId}/${action}`, {}, { cookie: who.cookie });

async function expectAnswered(response: Promise<{ statusCode: number; body: string }>) {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(200);
}

const threadOf = async (who: Student, chatId: string): Promise<Message[]> =>
  (await get(testApp, `/api/chats/${chatId}`, { cookie: who.cookie })).json().messages;

/**
 * Every student-API answer that carries a person or their items, as the viewer gets it: the
 * profile (with its items), followers, reputation, browse, each item, favourites, the chat list and
 * each thread, notifications and the dashboard.
 */
async function everythingSeenBy(
  viewer: Student,
  person: Student,
  itemIds: string[],
  chatIds: string[],
  search: string,
): Promise<string> {
  const urls = [
    `/api/users/${person.id}`,
    `/api/users/${person.id}/followers`,
    `/api/users/${person.id}/reputation`,
    "/api/items",
    `/api/items?search=${encodeURIComponent(search)}`,
    ...itemIds.map((id) => `/api/items/${id}`),
    "/api/me/favourites",
    "/api/chats",
    ...chatIds.map((id) => `/api/chats/${id}`),
    "/api/notifications",
    "/api/dashboard/",
  ];
  const bodies = await Promise.all(urls.map((url) => get(testApp, url, { cookie: viewer.cookie })));
  for (const [index, response] of bodies.entries()) expect(response.statusCode, urls[index]).toBe(200);
  return bodies.map((response) => response.body).join("\n");
}

describe("the app's lines in a chat are nobody's words", () => {
  it("deal lines in the seller's name (reserved, sold), offer answers (declined, withdrawn, expired, accepted) and a real reply never show a third party the seller's number; only 'Share my number' does, in its chat", async () => {
    const search = `Privacy lamp ${tag()}`;
    const seller = await student("Ishaan Rao");
    const buyer = await student("Dev Patel");
    const reserved = await listItem(seller, `${search} reserved`);
    const sold = await listItem(seller, `${search} sold`);
    // Still for sale at the end: its page and browse card are answers too.
    const onSale = await listItem(seller, `${search} on sale`);
    for (const id of [reserved.id, sold.id, onSale.id])
      expect((await callAs(testApp, "PUT", `/api/items/${id}/favourite`, buyer.cookie)).statusCode).toBe(204);

    // Each third party takes part in a different way; none gets an answer the seller wrote.
    const opener = await student("Tara Sen");
    const asker = await student("Neha Joshi");
    const decliner = await student("Kabir Singh");
    const withdrawer = await student("Riya Das");
    const lapser = await student("Arjun Nair");
    const thirdParties = [opener, asker, decliner, withdrawer, lapser];
    const chatsOf = new Map<Student, string[]>();
    for (const who of [...thirdParties, buyer]) chatsOf.set(who, [await openChat(who, reserved)]);
    const chatAbout = (who: Student) => chatsOf.get(who)?.[0] ?? "";
    await sendText(testApp, asker, chatAbout(asker), "Is it still there? Please share your number.");
    const declined = await sendOffer(testApp, decliner, chatAbout(decliner), 100);
    await expectAnswered(answerOffer(seller, chatAbout(decliner), declined.id, "decline"));
    const withdrawn = await sendOffer(testApp, withdrawer, chatAbout(withdrawer), 120);
    await expectAnswered(answerOffer(withdrawer, chatAbout(withdrawer), withdrawn.id, "withdraw"));
    const lapsed = await sendOffer(testApp, lapser, chatAbout(lapser), 130);
    await testApp.database.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(offers.id, lapsed.id));
    // The offers job, as it runs: live events are stored, so no bus is needed.
    await expireOffers({
      db: testApp.database.db,
      bus: { publish: async () => {} } as never,
      log: testApp.app.log,
    });
    expect((await testApp.database.db.select().from(offers).where(eq(offers.id, lapsed.id)))[0]?.status).toBe(
      "expired",
    );

    // The buyer's offer is accepted: 'This item is now reserved.' goes to every other chat, in the
    // seller's name. Then it is sold to the buyer: 'This item has been sold.' there too.
    const accepted = await sendOffer(testApp, buyer, chatAbout(buyer), 500);
    await expectAnswered(answerOffer(seller, chatAbout(buyer), accepted.id, "accept"));
    await expectAnswered(
      post(testApp, `/api/items/${reserved.id}/sold`, { buyerId: buyer.id }, { cookie: seller.cookie }),
    );
    // A second item sold to 'Someone else' while they only watched: 'This item has been sold.'.
    for (const who of [...thirdParties, buyer]) chatsOf.get(who)?.push(await openChat(who, sold));
    await expectAnswered(
      post(testApp, `/api/items/${sold.id}/sold`, { buyerId: null }, { cookie: seller.cookie }),
    );

    for (const who of thirdParties) {
      const [first, second] = chatsOf.get(who) ?? [];
      const lines = [...(await threadOf(who, first ?? "")), ...(await threadOf(who, second ?? ""))].filter(
        (message) => message.senderId === seller.id,
      );
      // The lines are there, in the seller's name, and they are all the seller 'said'.
      expect(lines.map((line) => [line.type, line.text])).toEqual([
        ["system", DEAL_MESSAGES.nowReserved],
        ["system", DEAL_MESSAGES.nowSold],
        ["system", DEAL_MESSAGES.nowSold],
      ]);
      // Nor can one be reported as the seller's message (a moderator's removal would warn them).
      for (const line of lines) {
        const reported = await post(
          testApp,
          "/api/reports",
          { targetType: "message", targetId: line.id, reason: "Scam or fraud" },
          { cookie: who.cookie },
        );
        expect(reported.statusCode).toBe(400);
        expect(reported.json().error.message).toBe(REPORT_TEXTS.automaticLine);
      }
    }
    expect(
      await testApp.database.db.select().from(reports).where(eq(reports.targetUserId, seller.id)),
    ).toEqual([]);

    const itemIds = [reserved.id, sold.id, onSale.id];
    for (const viewer of [...thirdParties, buyer]) {
      const seen = await everythingSeenBy(viewer, seller, itemIds, chatsOf.get(viewer) ?? [], search);
      expect(seen, viewer.name).not.toContain(seller.mobile);
      expect((await fetchProfile(testApp, seller.id, viewer.cookie)).profile.mobile, viewer.name).toBeNull();
    }

    // A real answer is no consent either (the old rule, 'People I'm chatting with', opened the number
    // here): the profile and the item still for sale stay without it.
    await sendText(testApp, seller, chatAbout(asker), "Sorry, it went. I have another one.");
    const askerSees = await everythingSeenBy(asker, seller, itemIds, chatsOf.get(asker) ?? [], search);
    expect(askerSees).not.toContain(seller.mobile);
    // The positive control: the seller's 'Share my number' card shows it to the asker, in that chat.
    const shared = await sendRequest(testApp, seller.cookie, chatAbout(asker), {
      type: "number",
      clientId: newClientId(),
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await threadOf(asker, chatAbout(asker))).at(-1)).toMatchObject({
      type: "number",
      text: seller.mobile,
    });
    const [, askerSecond] = chatsOf.get(asker) ?? [];
    expect(
      await everythingSeenBy(asker, seller, itemIds, [askerSecond ?? ""], search),
      "the asker's other answers",
    ).not.toContain(seller.mobile);
    for (const viewer of [opener, decliner, withdrawer, lapser, buyer]) {
      const seen = await everythingSeenBy(viewer, seller, itemIds, chatsOf.get(viewer) ?? [], search);
      expect(seen, viewer.name).not.toContain(seller.mobile);
    }
  });

  it("no client can write a line that passes for the app's: a send of type 'system' is refused and stores nothing", async () => {
    const seller = await student("Ishaan Rao");
    const buyer = await student("Dev Patel");
    const chatId = await openChat(buyer, await listItem(seller, `Forged line ${tag()}`));
    for (const [who, type] of [
      [buyer, "system"],
      [seller, "system"],
      [seller, "System"],
      [seller, "recruitment_inquiry"],
    ] as const) {
      const response = await sendRequest(testApp, who.cookie, chatId, {
        type,
        clientId: newClientId(),
        text: DEAL_MESSAGES.nowSold,
      });
      expect(response.statusCode, `${who.name} ${type}`).toBe(400);
      expect(typeof response.json().error.message).toBe("string");
    }
    expect(await threadOf(buyer, chatId)).toEqual([]);
  });
});

describe("'Who bought it?' names only someone who wrote about the item", () => {
  it("of every way into an item's chat, only writing or an offer makes a buyer: the list leaves the others out and the sale to them is refused", async () => {
    const seller = await student("Kunal Shah");
    const item = await listItem(seller, `Buyer check ${tag()}`);
    const elsewhere = await listItem(seller, `Buyer elsewhere ${tag()}`);
    const sell = (buyerId: string) =>
      post(testApp, `/api/items/${item.id}/sold`, { buyerId }, { cookie: seller.cookie });

    const kinds: {
      name: string;
      isBuyer: boolean;
      takePart: (who: Student, chatId: string) => Promise<unknown>;
    }[] = [
      { name: "only opened the chat", isBuyer: false, takePart: async () => {} },
      {
        name: "wrote about another item of the seller",
        isBuyer: false,
        takePart: async (who) => sendText(testApp, who, await openChat(who, elsewhere), "And this one?"),
      },
      {
        name: "got the seller's answer and deal lines only",
        isBuyer: false,
        takePart: (_who, chatId) => sendText(testApp, seller, chatId, "Hi! It is still available."),
      },
      {
        name: "wrote a message",
        isBuyer: true,
        takePart: (who, chatId) => sendText(testApp, who, chatId, "Is it there?"),
      },
      {
        name: "made an offer",
        isBuyer: true,
        takePart: (who, chatId) => sendOffer(testApp, who, chatId, 250),
      },
      {
        name: "shared their number",
        isBuyer: true,
        takePart: async (who, chatId) => {
          const shared = await sendRequest(testApp, who.cookie, chatId, {
            type: "number",
            clientId: newClientId(),
          });
          expect(shared.statusCode, shared.body).toBe(201);
        },
      },
    ];
    const people: { name: string; isBuyer: boolean; student: Student }[] = [];
    for (const [index, kind] of kinds.entries()) {
      const who = await student(
        ["Om Joshi", "Ria Sen", "Jay Rao", "Ved Iyer", "Isha Das", "Anu Pillai"][index] ?? "Sam Roy",
      );
      await kind.takePart(who, await openChat(who, item));
      people.push({ name: kind.name, isBuyer: kind.isBuyer, student: who });
    }
    // A reservation puts a deal line in everyone else's chat, in the seller's name.
    const reserver = await student("Aarav Mehta");
    const reserverChat = await openChat(reserver, item);
    const offer = await sendOffer(testApp, reserver, reserverChat, 300);
    await expectAnswered(answerOffer(seller, reserverChat, offer.id, "accept"));

    const listed = (await get(testApp, `/api/items/${item.id}/buyers`, { cookie: seller.cookie })).json();
    const listedIds = listed.buyers.map((buyer: { id: string }) => buyer.id);
    expect(listedIds[0]).toBe(reserver.id);
    for (const person of people)
      expect(listedIds.includes(person.student.id), person.name).toBe(person.isBuyer);
    for (const person of people.filter((p) => !p.isBuyer)) {
      const refused = await sell(person.student.id);
      expect(refused.statusCode, person.name).toBe(400);
      expect(refused.json().error.message).toBe(DEAL_MESSAGES.buyerNeverChatted);
    }
    expect((await testApp.database.db.select().from(items).where(eq(items.id, item.id)))[0]).toMatchObject({
      isSold: false,
      buyerId: null,
    });
    // Refused for the seller too, and for a student with no chat at all.
    for (const id of [seller.id, (await student("Nobody Here")).id])
      expect((await sell(id)).statusCode).toBe(400);
    const writer = people.find((person) => person.isBuyer)?.student;
    expect((await sell(writer?.id ?? "")).statusCode).toBe(200);
  });
});

describe("a block tells the blocked student nothing", () => {
  const blockAs = (who: Student, id: string, isOn: boolean) =>
    callAs(testApp, isOn ? "PUT" : "DELETE", `/api/users/${id}/block`, who.cookie);
  const ownFrames = (socket: LiveClient) => {
    const everyone: readonly string[] = BroadcastFrameSchema.shape.type.options;
    return socket.frames.filter((frame) => frame.type !== "hello" && !everyone.includes(frame.type));
  };

  it("across block, unblock and block again, no frame to any of the blocked student's tabs names the blocker; the blocker's tabs hear each change", async () => {
    const blocker = await student("Meera Iyer");
    const blocked = await student("Rohit Kale");
    const bystander = await student("Sana Khan");
    const chatId = await openChat(blocked, await listItem(blocker, `Block check ${tag()}`));
    await sendText(testApp, blocked, chatId, "Can you do 400?");
    const blockedTabs = [
      await connectLive(baseUrl, blocked.cookie),
      await connectLive(baseUrl, blocked.cookie),
    ];
    const blockerTab = await connectLive(baseUrl, blocker.cookie);
    try {
      for (const isOn of [true, false, true])
        expect((await blockAs(blocker, blocked.id, isOn)).statusCode).toBe(200);
      await blockerTab.waitUntil(
        () => ownFrames(blockerTab).filter((frame) => frame.type === "block.changed").length === 3,
        "the blocker's three changes",
      );
      // The blocked student's own later action is a barrier: one user's frames arrive in order,
      // so whatever the blocker's changes sent them has arrived before it.
      expect((await blockAs(blocked, bystander.id, true)).statusCode).toBe(200);
      for (const tab of blockedTabs) {
        await tab.waitFor((frame) => frame.type === "block.changed", "the blocked student's own block");
        expect(ownFrames(tab)).toEqual([
          expect.objectContaining({ type: "block.changed", data: { userId: bystander.id } }),
        ]);
        expect(JSON.stringify(tab.frames)).not.toContain(blocker.id);
      }
      const changeFrame = expect.objectContaining({ type: "block.changed", data: { userId: blocked.id } });
      expect(ownFrames(blockerTab)).toEqual([changeFrame, changeFrame, changeFrame]);
    } finally {
      for (const tab of [...blockedTabs, blockerTab]) await tab.close();
    }
  });
});

/** India's date (YYYY-MM-DD) some days from today. */
const indiaDate = (offsetDays = 0) => indiaToday(new Date(Date.now() + offsetDays * 86_400_000));

describe("a seller on holiday is hidden from public answers as from browse", () => {
  const browser = () => student("Priya Sharma");

  /** Whether each answer shows the item: signed-in browse, the public teaser, the signed-out page. */
  async function shownIn(viewer: Student, item: { id: string; productName: string }) {
    const browse = await get(testApp, `/api/items?search=${encodeURIComponent(item.productName)}&college=`, {
      cookie: viewer.cookie,
    });
    const teaser = await get(testApp, `/api/public/items/${item.id}`);
    expect([200, 404]).toContain(teaser.statusCode);
    const page = await get(testApp, `/item/${item.id}`);
    expect(page.statusCode).toBe(200);
    return {
      browse: browse.json().items.some((row: { id: string }) => row.id === item.id),
      teaser: teaser.statusCode === 200,
      page: page.body.includes(item.productName),
    };
  }

  it.each([
    ["covering today", false, true, -1, 1],
    ["from today to today", false, true, 0, 0],
    ["ending today", false, true, -5, 0],
    ["starting today", false, true, 0, 5],
    ["that ended yesterday", true, true, -5, -1],
    ["that starts tomorrow", true, true, 1, 5],
    ["covering today but switched off", true, false, -1, 1],
  ])(
    "a holiday %s: every public answer agrees with browse (shown = %s)",
    async (_label, isShown, active, from, to) => {
      const seller = await student("Ananya Gupta");
      const item = await listItem(seller, `Holiday lamp ${tag()}`);
      await testApp.database.db
        .update(users)
        .set({ holidayActive: active, holidayFrom: indiaDate(from), holidayTo: indiaDate(to) })
        .where(eq(users.id, seller.id));
      expect(await shownIn(await browser(), item)).toEqual({
        browse: isShown,
        teaser: isShown,
        page: isShown,
      });
    },
  );

  it("holiday mode turned on and off through Settings hides the teaser and brings it back", async () => {
    const seller = await student("Ananya Gupta");
    const viewer = await browser();
    const item = await listItem(seller, `Holiday desk ${tag()}`);
    const setHoliday = (body: object) => callAs(testApp, "PUT", "/api/me/holiday", seller.cookie, body);
    expect(await shownIn(viewer, item)).toEqual({ browse: true, teaser: true, page: true });
    const on = await setHoliday({ isActive: true, fromDate: indiaDate(0), toDate: indiaDate(3) });
    expect(on.statusCode, on.body).toBe(200);
    expect(await shownIn(viewer, item)).toEqual({ browse: false, teaser: false, page: false });
    expect((await setHoliday({ isActive: false })).statusCode).toBe(200);
    expect(await shownIn(viewer, item)).toEqual({ browse: true, teaser: true, page: true });
  });
});
