import { RECRUITMENT_PAGE_SIZE } from "@shared/api/recruitment";
import {
  CLOSE_TOO_MANY_FOR_ADDRESS,
  CLOSE_TOO_MANY_FOR_USER,
  LIVE_SOCKETS_PER_USER,
} from "@shared/live-constants";
import { count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  chatMembers,
  chats,
  items,
  pushPrompts,
  recruitmentPosts,
  savedSearches,
  userBlocks,
  users,
} from "../../server/db/schema";
import { WRITE_LIMITS, type WriteLimitName } from "../../server/plugins/rate-limit-rules";
import { BROADCAST_INTERVAL_MS } from "../../server/realtime/gateway";
import { insertItem } from "../factories/items";
import { buildRecruitment, insertRecruitmentPost } from "../factories/recruitment";
import { buildSellForm } from "../factories/sell";
import { listenOnLoopback, settle, TEST_ORIGIN } from "../helpers/live";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { uploadedImageUrl } from "../helpers/uploads";
import { fetchDocument, type Operation, operationsOf } from "./operations";
import { type Actor, insertStudent, queryRows } from "./world";

/**
 * Write floods and their fan-out: a script posting as fast as it can, a recruitment write that
 * every open Teammate Finder hears, lists that answer everything at once, and a pile of sockets.
 */

const PER_ADDRESS = 14;

let testApp: TestApp;
let baseUrl: string;
let operations: Operation[];
beforeAll(async () => {
  testApp = await createTestApp({ LIVE_SOCKETS_PER_ADDRESS: String(PER_ADDRESS) });
  baseUrl = await listenOnLoopback(testApp.app);
  operations = operationsOf(await fetchDocument(testApp));
});
afterAll(() => testApp?.close());

/** The student the block flood blocks and unblocks. */
let blockTarget: string | undefined;
let chatSeller: Promise<string> | undefined;
/** The chat whose delivery a script acknowledges over and over. */
let deliveredChat: Promise<string> | undefined;

const rowsOf = async (table: typeof items | typeof recruitmentPosts) =>
  (await testApp.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
const usersUpdatedAt = async () =>
  (await testApp.database.db.select({ at: users.updatedAt }).from(users))
    .map((row) => row.at?.getTime())
    .join();

/** A flood-prone write: how a script sends it, and what a refused one must leave unchanged. */
interface FloodCase {
  operation: string;
  rule: WriteLimitName;
  send: (actor: Actor & { image: string; postId: string }, index: number) => Promise<LightMyRequestResponse>;
  state: () => Promise<unknown>;
}

const inject = (actor: Actor, method: "POST" | "PATCH" | "PUT", url: string, payload: object) =>
  testApp.app.inject({ method, url, headers: { cookie: actor.cookie }, payload });

const FLOODS: FloodCase[] = [
  {
    operation: "POST /api/items",
    rule: "itemPost",
    send: (actor, index) =>
      inject(actor, "POST", "/api/items", buildSellForm(actor.image, { productName: `Spam ${index}` })),
    state: () => rowsOf(items),
  },
  {
    // Each renewal puts a listing back at the top of browse as fresh: a script renewing a pile of
    // expired listings spends the posting allowance.
    operation: "POST /api/items/{id}/renew",
    rule: "itemPost",
    send: async (actor, index) => {
      const lapsed = await insertItem(testApp, actor.id, {
        productName: `Lapsed lamp ${index}`,
        isActive: false,
        expiredAt: new Date(),
      });
      return testApp.app.inject({
        method: "POST",
        url: `/api/items/${lapsed.id}/renew`,
        headers: { cookie: actor.cookie },
      });
    },
    state: async () =>
      (await testApp.database.db.select({ n: count() }).from(items).where(eq(items.isActive, true)))[0]?.n ??
      0,
  },
  {
    // Each saved search is matched against every new item in the background.
    operation: "POST /api/me/saved-searches",
    rule: "savedSearchWrite",
    send: (actor, index) => inject(actor, "POST", "/api/me/saved-searches", { search: `flood ${index}` }),
    state: async () => (await testApp.database.db.select({ n: count() }).from(savedSearches))[0]?.n ?? 0,
  },
  {
    operation: "POST /api/recruitment-posts",
    rule: "recruitmentWrite",
    send: (actor) => inject(actor, "POST", "/api/recruitment-posts", buildRecruitment()),
    state: () => rowsOf(recruitmentPosts),
  },
  {
    operation: "PATCH /api/recruitment-posts/{id}",
    rule: "recruitmentWrite",
    send: (actor, index) =>
      inject(
        actor,
        "PATCH",
        `/api/recruitment-posts/${actor.postId}`,
        buildRecruitment({ purpose: `Edit ${index}` }),
      ),
    state: async () =>
      (await testApp.database.db.select({ p: recruitmentPosts.purpose }).from(recruitmentPosts))
        .map((row) => row.p)
        .sort()
        .join(),
  },
  {
    operation: "PATCH /api/me/profile",
    rule: "profileEdit",
    send: (actor, index) =>
      inject(actor, "PATCH", "/api/me/profile", {
        name: `Flood Name ${String.fromCharCode(65 + (index % 26))}`,
        bio: `${index}`,
        profilePhoto: null,
      }),
    state: usersUpdatedAt,
  },
  {
    operation: "PATCH /api/me/name",
    rule: "profileEdit",
    send: (actor, index) =>
      inject(actor, "PATCH", "/api/me/name", { name: `Flood ${String.fromCharCode(65 + (index % 26))}` }),
    state: usersUpdatedAt,
  },
  {
    operation: "PUT /api/me/holiday",
    rule: "profileEdit",
    send: (actor) => inject(actor, "PUT", "/api/me/holiday", { isActive: false }),
    state: usersUpdatedAt,
  },
  {
    operation: "PUT /api/me/privacy",
    rule: "profileEdit",
    send: (actor, index) =>
      inject(actor, "PUT", "/api/me/privacy", {
        mobileVisibility: index % 2 ? "all" : "shared",
        emailVisibility: "nobody",
      }),
    state: usersUpdatedAt,
  },
  {
    // Each chat opened about another item of the same seller: a script probing for numbers, or
    // spamming sellers, is refused.
    operation: "POST /api/chats",
    rule: "chatOpen",
    send: async (actor, index) => {
      chatSeller ??= insertStudent(testApp, "Flood Seller").then((seller) => seller.id);
      const sellerId = await chatSeller;
      const item = await insertItem(testApp, sellerId, { productName: `Flood chat lamp ${index}` });
      return inject(actor, "POST", "/api/chats", { userId: sellerId, itemId: item.id });
    },
    state: async () => (await testApp.database.db.select({ n: count() }).from(chats))[0]?.n ?? 0,
  },
  {
    // Each 'Not now' or 'Turn on' of the card offering pushes is a write of the student's row.
    operation: "POST /api/me/push-prompt",
    rule: "pushChange",
    send: (actor, index) =>
      inject(actor, "POST", "/api/me/push-prompt", { answer: index % 2 ? "turned_on" : "not_now" }),
    state: async () =>
      (await testApp.database.db.select().from(pushPrompts)).map((row) => JSON.stringify(row)).join(),
  },
  {
    // Each acknowledgement of received messages may tell the other member live (two ticks).
    operation: "POST /api/chats/{chatId}/delivered",
    rule: "chatDelivered",
    send: async (actor) => {
      deliveredChat ??= (async () => {
        const seller = await insertStudent(testApp, "Delivered Seller");
        const item = await insertItem(testApp, seller.id, { productName: "Delivered lamp" });
        const opened = await inject(actor, "POST", "/api/chats", { userId: seller.id, itemId: item.id });
        return opened.json().chat.id as string;
      })();
      const chatId = await deliveredChat;
      return testApp.app.inject({
        method: "POST",
        url: `/api/chats/${encodeURIComponent(chatId)}/delivered`,
        headers: { cookie: actor.cookie },
      });
    },
    state: async () =>
      (await testApp.database.db.select({ at: chatMembers.deliveredAt }).from(chatMembers))
        .map((row) => row.at?.getTime())
        .join(),
  },
  {
    // Each block or unblock is sent live to the other student: a script toggling it is refused.
    operation: "PUT /api/users/{id}/block",
    rule: "blockChange",
    send: async (actor, index) => {
      blockTarget ??= (await insertStudent(testApp, "Flood Target")).id;
      return testApp.app.inject({
        method: index % 2 ? "DELETE" : "PUT",
        url: `/api/users/${blockTarget}/block`,
        headers: { cookie: actor.cookie },
      });
    },
    state: async () => (await testApp.database.db.select({ n: count() }).from(userBlocks))[0]?.n ?? 0,
  },
];

describe("a script flooding a write", () => {
  it.each(FLOODS.map((flood) => [flood.operation, flood] as const))(
    "%s: documents 429, lets the burst through, then refuses with 429, Retry-After and no-store, changing nothing, never a 5xx",
    async (key, flood) => {
      const operation = operations.find((candidate) => candidate.key === key);
      expect(operation?.statuses).toContain(429);

      const student = await insertStudent(testApp, "Flood Script");
      const image = await uploadedImageUrl(testApp, student.cookie, "spam.jpg");
      const post = await insertRecruitmentPost(testApp, student.id, { purpose: "Original" });
      const actor = { ...student, image, postId: post.id };
      const burst = WRITE_LIMITS[flood.rule].windows[0]?.limit ?? 0;

      // Concurrently, as a script would: the counter must not let a race through.
      const first = await Promise.all(
        Array.from({ length: burst + 10 }, (_, index) => flood.send(actor, index)),
      );
      const statuses = first.map((response) => response.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status >= 200 && status < 300)).toHaveLength(burst);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      const before = await flood.state();
      for (let index = 0; index < 20; index++) {
        const refused = await flood.send(actor, 1000 + index);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers["cache-control"]).toBe("no-store");
        const retryAfter = Number(refused.headers["retry-after"]);
        expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600).toBe(true);
        expect(refused.json()).toEqual({
          error: { code: "rate_limited", message: expect.stringMatching(/too fast\. Try again in /) },
        });
      }
      expect(await flood.state()).toEqual(before);
    },
  );
});

/** An item of the seller's, the buyer's chat about it and the buyer's pending offer there. */
interface Deal {
  seller: Actor;
  buyer: Actor;
  itemId: string;
  chatId: string;
  offerId: string;
}

async function openDeal(): Promise<Deal> {
  const [seller, buyer] = await Promise.all([
    insertStudent(testApp, "Deal Seller"),
    insertStudent(testApp, "Deal Buyer"),
  ]);
  const item = await insertItem(testApp, seller.id, { productName: "Flood Lamp" });
  const opened = await inject(buyer, "POST", "/api/chats", { userId: seller.id, itemId: item.id });
  const chatId: string = opened.json().chat.id;
  const offered = await inject(buyer, "POST", `/api/chats/${chatId}/messages`, {
    type: "offer",
    clientId: crypto.randomUUID(),
    offerPrice: 100,
  });
  expect(offered.statusCode, offered.body).toBe(201);
  return { seller, buyer, itemId: item.id, chatId, offerId: offered.json().message.id };
}

/** Everything a deal flood could change: offers, deal lines, notifications, the item's state. */
const dealState = async (deal: Deal) =>
  JSON.stringify(
    await queryRows(
      testApp,
      sql`select (select json_agg(o.status order by o.created_at) from offers o where o.chat_id = ${deal.chatId}) as offers,
        (select count(*)::int from messages m where m.chat_id = ${deal.chatId}) as messages,
        (select count(*)::int from notifications n where n.user_id in (${deal.seller.id}, ${deal.buyer.id})) as notices,
        (select count(*)::int from ratings r where r.item_id = ${deal.itemId}) as ratings,
        (select json_build_array(i.is_sold, i.buyer_id, i.reserved_for_id) from items i where i.id = ${deal.itemId}) as item`,
    ),
  );

/** A deal write a script could repeat: who sends it (whose allowance it spends) and how. */
interface DealFlood {
  operation: string;
  as: "buyer" | "seller";
  send: (deal: Deal, index: number) => Promise<LightMyRequestResponse>;
}

const dealPost = (actor: Actor, url: string, payload: object = {}) => inject(actor, "POST", url, payload);

const DEAL_FLOODS: DealFlood[] = [
  {
    operation: "POST /api/chats/{chatId}/messages (offer)",
    as: "buyer",
    send: (deal, index) =>
      dealPost(deal.buyer, `/api/chats/${deal.chatId}/messages`, {
        type: "offer",
        clientId: crypto.randomUUID(),
        offerPrice: 100 + index,
      }),
  },
  {
    operation: "POST /api/chats/{chatId}/offers/{offerId}/counter",
    as: "seller",
    send: (deal, index) =>
      dealPost(deal.seller, `/api/chats/${deal.chatId}/offers/${deal.offerId}/counter`, {
        clientId: crypto.randomUUID(),
        offerPrice: 200 + index,
      }),
  },
  ...(["accept", "decline"] as const).map(
    (action): DealFlood => ({
      operation: `POST /api/chats/{chatId}/offers/{offerId}/${action}`,
      as: "seller",
      send: (deal) => dealPost(deal.seller, `/api/chats/${deal.chatId}/offers/${deal.offerId}/${action}`),
    }),
  ),
  {
    operation: "POST /api/chats/{chatId}/offers/{offerId}/withdraw",
    as: "buyer",
    send: (deal) => dealPost(deal.buyer, `/api/chats/${deal.chatId}/offers/${deal.offerId}/withdraw`),
  },
  {
    operation: "POST /api/items/{id}/release",
    as: "seller",
    send: (deal) => dealPost(deal.seller, `/api/items/${deal.itemId}/release`),
  },
  {
    operation: "POST /api/items/{id}/sold",
    as: "seller",
    send: (deal) => dealPost(deal.seller, `/api/items/${deal.itemId}/sold`, { buyerId: deal.buyer.id }),
  },
  {
    operation: "POST /api/items/{id}/ratings",
    as: "buyer",
    send: (deal, index) =>
      dealPost(deal.buyer, `/api/items/${deal.itemId}/ratings`, { stars: 1 + (index % 5), comment: "Flood" }),
  },
];

describe("a script flooding a deal action", () => {
  it.each(DEAL_FLOODS.map((flood) => [flood.operation, flood] as const))(
    "%s: the burst reaches the deal (answered, never a 5xx), the rest is refused with 429, Retry-After and no-store, changing nothing",
    async (_label, flood) => {
      const deal = await openDeal();
      const key = flood.operation
        .replace(/ \(offer\)$/, "")
        .replace(/(accept|decline|withdraw)$/, "{action}");
      expect(operations.find((candidate) => candidate.key === key)?.statuses).toContain(429);
      // The buyer's opening offer already spent one of the buyer's allowance.
      const burst = (WRITE_LIMITS.dealAction.windows[0]?.limit ?? 0) - (flood.as === "buyer" ? 1 : 0);

      const first = await Promise.all(
        Array.from({ length: burst + 10 }, (_, index) => flood.send(deal, index)),
      );
      const statuses = first.map((response) => response.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);

      const before = await dealState(deal);
      for (let index = 0; index < 20; index++) {
        const refused = await flood.send(deal, 1000 + index);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers["cache-control"]).toBe("no-store");
        const retryAfter = Number(refused.headers["retry-after"]);
        expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600).toBe(true);
        expect(refused.json()).toEqual({
          error: { code: "rate_limited", message: expect.stringMatching(/too fast\. Try again in /) },
        });
      }
      expect(await dealState(deal)).toEqual(before);
    },
  );
});

/** Opens /api/live; resolves once hello arrives or the server closes it first. */
function openLive(cookie: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/live`, {
    headers: { cookie, origin: TEST_ORIGIN },
  });
  socket.on("error", () => {});
  const frames: string[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(String(data)).type));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const first = new Promise<"open" | number>((resolve) => {
    socket.once("message", () => resolve("open"));
    void closed.then(({ code }) => resolve(code));
  });
  return { socket, frames, closed, first };
}

describe("fan-out of a write to every open page", () => {
  it("many accounts writing recruitment posts at once reach an open Teammate Finder at most once a second", async () => {
    const watcher = await insertStudent(testApp, "Quiet Watcher");
    const live = openLive(watcher.cookie);
    expect(await live.first).toBe("open");
    await settle(BROADCAST_INTERVAL_MS + 100);
    const accounts = await Promise.all(
      Array.from({ length: 10 }, (_, index) => insertStudent(testApp, `Sock Puppet ${index}`)),
    );
    const started = performance.now();
    const writes = await Promise.all(
      accounts.flatMap((account) =>
        Array.from({ length: 3 }, () =>
          inject(account, "POST", "/api/recruitment-posts", buildRecruitment()),
        ),
      ),
    );
    expect(writes.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
    const elapsed = performance.now() - started;
    await settle(BROADCAST_INTERVAL_MS + 500);
    const announced = live.frames.filter((type) => type === "recruitment.changed").length;
    expect(announced).toBeGreaterThanOrEqual(1);
    expect(announced).toBeLessThanOrEqual(Math.ceil(elapsed / BROADCAST_INTERVAL_MS) + 1);
    live.socket.close();
  });

  it(`answers the teammate list one page of ${RECRUITMENT_PAGE_SIZE} at most, whatever is asked`, async () => {
    const recruiter = await insertStudent(testApp, "Prolific Recruiter");
    for (let index = 0; index < 60; index++)
      await insertRecruitmentPost(testApp, recruiter.id, { purpose: `Bulk ${index}` });
    for (const query of [
      "",
      "college=",
      "college=&pageSize=1000",
      "college=&limit=1000",
      "college=&page=2",
    ]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/recruitment-posts?${query}`,
        headers: { cookie: recruiter.cookie },
      });
      expect(response.statusCode, query).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json().posts.length, query).toBeLessThanOrEqual(RECRUITMENT_PAGE_SIZE);
      expect(response.json().pageSize).toBe(RECRUITMENT_PAGE_SIZE);
    }
    for (const page of ["0", "-1", "abc", "99999999", "2.5"]) {
      const response = await testApp.app.inject({
        method: "GET",
        url: `/api/recruitment-posts?page=${page}`,
        headers: { cookie: recruiter.cookie },
      });
      expect(response.statusCode, page).toBe(400);
    }
  });
});

describe("a pile of live sockets", () => {
  it(`one account opening 25 holds at most ${LIVE_SOCKETS_PER_USER}: the oldest are closed with ${CLOSE_TOO_MANY_FOR_USER} and a reason`, async () => {
    const hoarder = await insertStudent(testApp, "Socket Hoarder");
    const opened = [];
    // Within the address's cap: each new one beyond the account's ten closes that account's oldest.
    for (let index = 0; index < 25; index++) {
      const live = openLive(hoarder.cookie);
      expect(await live.first).toBe("open");
      opened.push(live);
      await settle(50);
    }
    const closedEarly = await Promise.all(opened.slice(0, 15).map((live) => live.closed));
    expect(new Set(closedEarly.map((closed) => closed.code))).toEqual(new Set([CLOSE_TOO_MANY_FOR_USER]));
    expect(closedEarly[0]?.reason).toBe("too many live connections for this account");
    await settle();
    expect(opened.slice(15).map((live) => live.socket.readyState)).toEqual(Array(10).fill(WebSocket.OPEN));
    for (const live of opened) live.socket.close();
    await Promise.all(opened.map((live) => live.closed));
  });

  it(`many accounts from one address get ${PER_ADDRESS} (LIVE_SOCKETS_PER_ADDRESS); the rest are refused with ${CLOSE_TOO_MANY_FOR_ADDRESS}, and the API keeps answering`, async () => {
    await settle();
    const accounts = await Promise.all(
      Array.from({ length: PER_ADDRESS + 4 }, (_, index) =>
        insertStudent(testApp, `Address Sharer ${index}`),
      ),
    );
    const opened = await Promise.all(accounts.map((account) => openLive(account.cookie)));
    const firsts = await Promise.all(opened.map((live) => live.first));
    expect(firsts.filter((first) => first === "open")).toHaveLength(PER_ADDRESS);
    expect(firsts.filter((first) => first === CLOSE_TOO_MANY_FOR_ADDRESS)).toHaveLength(4);
    const refused = opened.find((live) => live.socket.readyState !== WebSocket.OPEN);
    expect((await refused?.closed)?.reason).toBe("too many live connections from this address");
    const health = await testApp.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    for (const live of opened) live.socket.close();
    await Promise.all(opened.map((live) => live.closed));
  });
});
