import { randomUUID } from "node:crypto";
import type { ThreadResponse } from "@shared/api/chats";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newClientId, openItemChat, sendRequest, sendText } from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { createPostgresTestDatabase, waitForLockWaits } from "../../../tests/helpers/test-database";
import { fromPostgres } from "../../db/client";

const target = inject("testDatabase");
const describeOnPostgres = target.kind === "postgres" ? describe : describe.skip;
const title =
  target.kind === "postgres"
    ? "two sends that overlap in one chat"
    : "two sends that overlap in one chat (SKIPPED: the embedded database runs one transaction at a time)";

/**
 * Two members send at nearly the same time, and the first send is held back at its message insert.
 * A send locks its chat before writing, so the second waits for the first instead of overtaking
 * it: both are stored, in the order they got the chat, and the chat's meta describes the newest.
 */
describeOnPostgres(title, () => {
  let testApp: TestApp;
  let url: string;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    if (target.kind !== "postgres") return;
    const created = await createPostgresTestDatabase(target);
    ({ url, drop } = created);
    testApp = await createTestAppOn(fromPostgres(url, 4));
  });
  afterAll(async () => {
    await testApp?.close();
    await drop();
  });

  let thread: ThreadResponse;
  it("the first send waits at its insert, the second waits for the first; both are stored in order", async () => {
    const buyer = await createStudent(testApp);
    const seller = await createStudent(testApp);
    const chat = await openItemChat(testApp, buyer, seller);
    const clientId = newClientId();

    // An uncommitted row with the same (sender, clientId) holds the first send at its insert.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query(
        `insert into messages (id, chat_id, sender_id, client_id, type, text) values ($1, $2, $3, $4, 'text', 'x')`,
        [randomUUID(), chat.id, buyer.id, clientId],
      );
      const first = sendRequest(testApp, buyer.cookie, chat.id, { type: "text", clientId, text: "first" });
      // The first send waits for the blocker at its message insert; the second for the first, at
      // the chat's row lock.
      await waitForLockWaits(blocker, ["transactionid", "tuple"], 1);
      const second = sendText(testApp, seller, chat.id, "second");
      await waitForLockWaits(blocker, ["transactionid", "tuple"], 2);
      await blocker.query("rollback");
      expect((await first).statusCode).toBe(201);
      expect((await second).text).toBe("second");
    } finally {
      await blocker.end();
    }
    const response = await get(testApp, `/api/chats/${chat.id}`, { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    thread = response.json();
    expect(thread.messages.map((m) => m.text)).toEqual(["first", "second"]);
  });

  it("the chat's lastMessage and updatedAt describe the last message of the thread", () => {
    const last = thread.messages.at(-1);
    expect({ lastMessage: thread.chat.lastMessage, updatedAt: thread.chat.updatedAt }).toEqual({
      lastMessage: last?.text,
      updatedAt: last?.createdAt,
    });
  });
});
