import { BroadcastFrameSchema } from "@shared/live-events";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countMessages,
  newClientId,
  openChatRequest,
  openItemChat,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { makeImage } from "../../../tests/factories/images";
import { insertFollow, insertItem } from "../../../tests/factories/items";
import { callAs, fetchProfile } from "../../../tests/factories/profiles";
import { createRecruitmentPost } from "../../../tests/factories/recruitment";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { connectLive, listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { multipartBody } from "../../../tests/helpers/uploads";
import { follows, notifications, rateLimits, userBlocks, users } from "../../db/schema";
import { storeSend } from "../chats/chats.repository";

// Blocking (issue 18): PUT/DELETE /api/users/{id}/block, GET /api/me/blocks, and every path by
// which a blocked student could still reach the blocker.
let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());

const block = (who: Student, id: string) => callAs(testApp, "PUT", `/api/users/${id}/block`, who.cookie);
const unblock = (who: Student, id: string) => callAs(testApp, "DELETE", `/api/users/${id}/block`, who.cookie);
const CANNOT_MESSAGE = { error: { code: "forbidden", message: BLOCK_MESSAGES.cannotMessage } };

async function blockedPair() {
  const blocker = await createStudent(testApp, { name: "Meera Iyer" });
  const blocked = await createStudent(testApp, { name: "Rohit Kale" });
  return { blocker, blocked };
}

async function uploadChatPhoto(user: Student): Promise<string> {
  const { payload, headers } = await multipartBody([
    { data: await makeImage("jpeg"), filename: "IMG_1.jpg", type: "image/jpeg" },
  ]);
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/uploads/chat-photo",
    payload,
    headers: { ...headers, cookie: user.cookie },
  });
  expect(response.statusCode).toBe(201);
  return String(response.json().url).split("/").at(-1) ?? "";
}

describe("blocking and unblocking", () => {
  it("PUT blocks (listed in my blocked users, follows both ways end), DELETE unblocks", async () => {
    const { blocker, blocked } = await blockedPair();
    await insertFollow(testApp, blocked.id, blocker.id);
    await insertFollow(testApp, blocker.id, blocked.id);
    const response = await block(blocker, blocked.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isBlocked: true });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect((await block(blocker, blocked.id)).statusCode).toBe(200);

    const list = await get(testApp, "/api/me/blocks", { cookie: blocker.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json()).toEqual({
      blocked: [{ id: blocked.id, name: "Rohit Kale", college: blocked.college, profilePhoto: null }],
    });
    // Only one's own list: the blocked student's is empty.
    expect((await get(testApp, "/api/me/blocks", { cookie: blocked.cookie })).json()).toEqual({
      blocked: [],
    });
    const db = testApp.database.db;
    expect(await db.select().from(follows).where(eq(follows.followeeId, blocker.id))).toEqual([]);
    expect(await db.select().from(follows).where(eq(follows.followerId, blocker.id))).toEqual([]);
    const profile = await fetchProfile(testApp, blocked.id, blocker.cookie);
    expect(profile.isBlocked).toBe(true);
    expect(profile.profile.abilities).toEqual({
      canEdit: false,
      canFollow: false,
      canReport: true,
      canBlock: true,
    });

    const off = await unblock(blocker, blocked.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ isBlocked: false });
    expect((await get(testApp, "/api/me/blocks", { cookie: blocker.cookie })).json()).toEqual({
      blocked: [],
    });
    expect((await fetchProfile(testApp, blocked.id, blocker.cookie)).isBlocked).toBe(false);
  });

  it("ends the sharing of contact details between the two, even with a chat and 'All students'", async () => {
    const { blocker, blocked } = await blockedPair();
    await openItemChat(testApp, blocked, blocker);
    await callAs(testApp, "PUT", "/api/me/privacy", blocker.cookie, {
      mobileVisibility: "all",
      emailVisibility: "all",
    });
    expect((await fetchProfile(testApp, blocker.id, blocked.cookie)).profile.mobile).toBe(blocker.mobile);
    await block(blocker, blocked.id);
    for (const [viewer, person] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const seen = await get(testApp, `/api/users/${person.id}`, { cookie: viewer.cookie });
      expect(seen.json().profile).toMatchObject({ mobile: null, email: null });
    }
  });

  it("is silent: the blocked student gets no notification", async () => {
    const { blocker, blocked } = await blockedPair();
    await block(blocker, blocked.id);
    const rows = await testApp.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, blocked.id));
    expect(rows).toEqual([]);
  });

  it("refuses blocking oneself (400), an unknown or admin account (404), signed out (401); writes nothing", async () => {
    const me = await createStudent(testApp);
    const self = await block(me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      error: { code: "invalid_input", message: BLOCK_MESSAGES.cannotBlockSelf },
    });
    expect((await block(me, "8d5c7a40-1111-4a4a-9a9a-000000000000")).statusCode).toBe(404);
    expect((await callAs(testApp, "PUT", `/api/users/${me.id}/block`)).statusCode).toBe(401);
    const bad = await block(me, "not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(
      await testApp.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, me.id)),
    ).toEqual([]);
  });
});

describe("a blocked student cannot reach the blocker", () => {
  it("cannot start a chat about the blocker's item, nor the blocker theirs", async () => {
    const { blocker, blocked } = await blockedPair();
    const item = await insertItem(testApp, blocker.id);
    const mine = await insertItem(testApp, blocked.id);
    await block(blocker, blocked.id);
    const start = await openChatRequest(testApp, blocked, blocker.id, item.id);
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual(CANNOT_MESSAGE);
    const back = await openChatRequest(testApp, blocker, blocked.id, mine.id);
    expect(back.statusCode).toBe(403);
    expect(back.json()).toEqual(CANNOT_MESSAGE);
  });

  it("cannot message the blocker about a recruitment post", async () => {
    const { blocker, blocked } = await blockedPair();
    const postRow = await createRecruitmentPost(testApp, blocker.cookie);
    await block(blocker, blocked.id);
    const response = await post(
      testApp,
      `/api/recruitment-posts/${postRow.id}/message`,
      { clientId: newClientId() },
      { cookie: blocked.cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(CANNOT_MESSAGE);
  });

  it("cannot continue a chat: text, offer, photo, shared number and a batch of sends are refused both ways", async () => {
    const { blocker, blocked } = await blockedPair();
    const chat = await openItemChat(testApp, blocked, blocker);
    await sendText(testApp, blocked, chat.id, "Is it still available?");
    const photoId = await uploadChatPhoto(blocked);
    await block(blocker, blocked.id);
    const before = await countMessages(testApp, chat.id);
    const bodies = [
      { type: "text", clientId: newClientId(), text: "Hello?" },
      { type: "offer", clientId: newClientId(), offerPrice: 400 },
      { type: "photo", clientId: newClientId(), photoId },
      { type: "number", clientId: newClientId() },
    ];
    for (const body of bodies) {
      const response = await sendRequest(testApp, blocked.cookie, chat.id, body);
      expect(response.statusCode, body.type).toBe(403);
      expect(response.json()).toEqual(CANNOT_MESSAGE);
    }
    // Sends arriving together share one transaction: each is refused all the same.
    const batch = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        sendRequest(testApp, index % 2 ? blocker.cookie : blocked.cookie, chat.id, {
          type: "text",
          clientId: newClientId(),
          text: `Message ${index}`,
        }),
      ),
    );
    expect(batch.map((response) => response.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await countMessages(testApp, chat.id)).toBe(before);

    const thread = await get(testApp, `/api/chats/${chat.id}`, { cookie: blocked.cookie });
    expect(thread.json().chat.abilities).toEqual({ canSend: false, canOffer: false, canRate: false });
    expect(thread.json().chat.isCounterpartBlocked).toBe(false);
    const own = await get(testApp, `/api/chats/${chat.id}`, { cookie: blocker.cookie });
    expect(own.json().chat.abilities).toEqual({ canSend: false, canOffer: false, canRate: false });
    expect(own.json().chat.isCounterpartBlocked).toBe(true);
    const list = await get(testApp, "/api/chats", { cookie: blocked.cookie });
    expect(list.json().chats[0].abilities.canSend).toBe(false);

    await unblock(blocker, blocked.id);
    expect((await sendText(testApp, blocked, chat.id, "Thanks!")).text).toBe("Thanks!");
  });

  it("a send between them is refused as blocked before anything else about it, and not counted against the send limit", async () => {
    const { blocker, blocked } = await blockedPair();
    const chat = await openItemChat(testApp, blocked, blocker);
    await block(blocker, blocked.id);
    const before = await countMessages(testApp, chat.id);
    // A photo that is not the sender's, a number they have not set: the block is the answer.
    await testApp.database.db.update(users).set({ mobile: "" }).where(eq(users.id, blocked.id));
    for (const body of [
      { type: "photo", clientId: newClientId(), photoId: "not-mine.jpg" },
      { type: "number", clientId: newClientId() },
    ]) {
      const response = await sendRequest(testApp, blocked.cookie, chat.id, body);
      expect(response.statusCode, body.type).toBe(403);
      expect(response.json()).toEqual(CANNOT_MESSAGE);
    }
    // Past the send limit too, and the refusals add nothing to it.
    const key = `send:user:${blocked.id}`;
    await testApp.database.db.insert(rateLimits).values({ key, windowStart: new Date(), count: 120 });
    const refused = await sendRequest(testApp, blocked.cookie, chat.id, {
      type: "text",
      clientId: newClientId(),
      text: "Hello?",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CANNOT_MESSAGE);
    const [counter] = await testApp.database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counter?.count).toBe(120);
    expect(await countMessages(testApp, chat.id)).toBe(before);
  });

  it("the send's own statement refuses a block that landed after any check before it", async () => {
    const blocker = await createStudent(testApp);
    const blocked = await createStudent(testApp);
    const chat = await openItemChat(testApp, blocked, blocker);
    await sendText(testApp, blocked, chat.id, "Is it still available?");
    const before = await countMessages(testApp, chat.id);
    // The block lands after whatever was checked before the send; its statement refuses it.
    await testApp.database.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: blocked.id });
    const outcome = await storeSend(
      testApp.database.db,
      {
        chatId: chat.id,
        senderId: blocked.id,
        clientId: newClientId(),
        type: "text",
        text: "Pay the advance now",
        offerPrice: null,
        photoKey: null,
        photoWidth: null,
        photoHeight: null,
        scamSignals: [],
      },
      "Pay the advance now",
      { type: "message", text: "Pay the advance now", fromName: blocked.name },
    );
    expect(outcome.kind).not.toBe("stored");
    expect(await countMessages(testApp, chat.id)).toBe(before);
    expect(await notificationsOf(blocker.id)).not.toContainEqual(
      expect.objectContaining({ text: expect.stringContaining("Pay the advance") }),
    );
  });

  it("cannot follow the blocker (403), while unfollowing stays allowed", async () => {
    const { blocker, blocked } = await blockedPair();
    await block(blocker, blocked.id);
    for (const [who, whom] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const response = await callAs(testApp, "PUT", `/api/users/${whom.id}/follow`, who.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: "forbidden", message: BLOCK_MESSAGES.cannotFollow } });
    }
    expect(
      (await callAs(testApp, "DELETE", `/api/users/${blocker.id}/follow`, blocked.cookie)).statusCode,
    ).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, blocked.id), eq(follows.followeeId, blocker.id)));
    expect(rows).toEqual([]);
  });

  it("neither sees the other's listings: browse, search, profile items, item page, favourites", async () => {
    const { blocker, blocked } = await blockedPair();
    const theirs = await insertItem(testApp, blocker.id, { productName: "Blocker drafter set" });
    const mine = await insertItem(testApp, blocked.id, { productName: "Blocked drafter set" });
    await callAs(testApp, "PUT", `/api/items/${theirs.id}/favourite`, blocked.cookie);
    await block(blocker, blocked.id);
    for (const [viewer, hidden] of [
      [blocked, theirs],
      [blocker, mine],
    ] as const) {
      const ids = async (url: string) =>
        ((await get(testApp, url, { cookie: viewer.cookie })).json().items as { id: string }[]).map(
          (item) => item.id,
        );
      expect(await ids("/api/items")).not.toContain(hidden.id);
      expect(await ids("/api/items?search=drafter")).not.toContain(hidden.id);
      expect(await ids("/api/items?category=gadgets")).not.toContain(hidden.id);
      const detail = await get(testApp, `/api/items/${hidden.id}`, { cookie: viewer.cookie });
      expect(detail.statusCode).toBe(404);
      const profile = await fetchProfile(testApp, hidden.sellerId, viewer.cookie);
      expect(profile.items).toEqual([]);
    }
    const favourites = await get(testApp, "/api/me/favourites", { cookie: blocked.cookie });
    expect(favourites.json().items).toEqual([]);
    // A third student still sees both.
    const third = await createStudent(testApp);
    const seen = (await get(testApp, "/api/items?search=drafter", { cookie: third.cookie })).json();
    expect(seen.items.map((item: { id: string }) => item.id).sort()).toEqual([theirs.id, mine.id].sort());
  });

  it("neither sees the other's recruitment posts in the Teammate Finder", async () => {
    const { blocker, blocked } = await blockedPair();
    const theirs = await createRecruitmentPost(testApp, blocker.cookie);
    const mine = await createRecruitmentPost(testApp, blocked.cookie);
    const idsSeenBy = async (viewer: Student) =>
      (
        (await get(testApp, "/api/recruitment-posts", { cookie: viewer.cookie })).json().posts as {
          id: string;
        }[]
      ).map((row) => row.id);
    expect(await idsSeenBy(blocked)).toContain(theirs.id);
    await block(blocker, blocked.id);
    expect(await idsSeenBy(blocked)).not.toContain(theirs.id);
    expect(await idsSeenBy(blocker)).not.toContain(mine.id);
  });

  it("the browse total without a filter leaves out the blocked sellers' items", async () => {
    const { blocker, blocked } = await blockedPair();
    const before = (await get(testApp, "/api/items", { cookie: blocked.cookie })).json().total;
    await insertItem(testApp, blocker.id);
    await insertItem(testApp, blocker.id);
    expect((await get(testApp, "/api/items", { cookie: blocked.cookie })).json().total).toBe(before + 2);
    await block(blocker, blocked.id);
    expect((await get(testApp, "/api/items", { cookie: blocked.cookie })).json().total).toBe(before);
  });

  it("live events between them stop; only the blocker's own tabs are told (block.changed), the blocked student nothing", async () => {
    const { blocker, blocked } = await blockedPair();
    const chat = await openItemChat(testApp, blocked, blocker);
    await sendText(testApp, blocked, chat.id, "Can you do 400?");
    const blockedSocket = await connectLive(baseUrl, blocked.cookie);
    const blockerSocket = await connectLive(baseUrl, blocker.cookie);
    const blockerFrames = () => blockerSocket.frames.filter((frame) => frame.type === "block.changed");
    const blockedFrames = () => blockedSocket.frames.filter((frame) => frame.type === "block.changed");
    try {
      await block(blocker, blocked.id);
      const told = await blockerSocket.waitFor((frame) => frame.type === "block.changed", "blocker told");
      expect(told).toMatchObject({ data: { userId: blocked.id } });
      // The blocker opening the chat no longer tells the blocked student it was seen.
      const read = await post(testApp, `/api/chats/${chat.id}/read`, undefined, { cookie: blocker.cookie });
      expect(read.statusCode).toBe(204);
      await blockerSocket.waitFor((frame) => frame.type === "chat.read", "blocker's own read");
      const refused = await sendRequest(testApp, blocked.cookie, chat.id, {
        type: "text",
        clientId: newClientId(),
        text: "?",
      });
      expect(refused.json()).toEqual(CANNOT_MESSAGE);
      // Unblocking tells the blocked student nothing either.
      await unblock(blocker, blocked.id);
      await blockerSocket.waitUntil(() => blockerFrames().length === 2, "blocker's unblock");
      // Then each acts on their own, and a later frame to each shows nothing from the other came
      // in between (one user's frames arrive in order).
      await block(blocked, blocker.id);
      await blockedSocket.waitUntil(() => blockedFrames().length === 1, "the blocked student's own block");
      await block(blocker, blocked.id);
      await blockerSocket.waitUntil(() => blockerFrames().length === 3, "blocker's second block");
      await unblock(blocked, blocker.id);
      await blockedSocket.waitUntil(() => blockedFrames().length === 2, "the blocked student's own unblock");
      // Lists changed for everyone (another test's post, on a shared database) come from nobody.
      const everyone: readonly string[] = BroadcastFrameSchema.shape.type.options;
      const types = (frames: { type: string }[]) =>
        frames.map((frame) => frame.type).filter((type) => !everyone.includes(type));
      expect(types(blockedSocket.frames).filter((type) => type !== "hello")).toEqual([
        "block.changed",
        "block.changed",
      ]);
      expect(blockerFrames().map((frame) => frame.data)).toEqual([
        { userId: blocked.id },
        { userId: blocked.id },
        { userId: blocked.id },
      ]);
      expect(types(blockerSocket.frames)).not.toContain("message.created");
      expect(types(blockerSocket.frames)).not.toContain("notification.created");
    } finally {
      await blockedSocket.close();
      await blockerSocket.close();
    }
  });
});

async function notificationsOf(userId: string) {
  return testApp.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}
