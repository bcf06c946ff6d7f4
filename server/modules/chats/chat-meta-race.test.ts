import { randomUUID } from "node:crypto";
import type { ThreadResponse } from "@shared/api/chats";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newClientId, openItemChat, sendRequest, sendText } from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { createPostgresTestDatabase } from "../../../tests/helpers/test-database";
import { fromPostgres } from "../../db/client";

const target = inject("testDatabase");
const describeOnPostgres = target.kind === "postgres" ? describe : describe.skip;
const title =
  target.kind === "postgres"
    ? "two sends that overlap in one chat"
    : "two sends that overlap in one chat (SKIPPED: the embedded database runs one transaction at a time)";

/**
 * Two members send at nearly the same time. The first send's transaction starts first (so its
 * message gets the earlier created_at) but is held back at its message insert; the second send
 * commits meanwhile. The chat's meta must still describe the newest message of the thread.
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

  /** Waits (at most 5 s) until a statement on the database waits for a lock. */
  async function waitForBlockedInsert(admin: pg.Client): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      // The blocker is inside a transaction: drop its statistics snapshot to see the present.
      await admin.query("select pg_stat_clear_snapshot()");
      const { rows } = await admin.query(
        // Waiting for the blocker's transaction to end: only the first send's message insert does
        // that (the send is one long statement, so its text is cut short in pg_stat_activity).
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
           and wait_event = 'transactionid'`,
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error("the first send never waited at its message insert");
  }

  let thread: ThreadResponse;
  it("the first send waits at its insert while the second commits; both are stored", async () => {
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
      await waitForBlockedInsert(blocker);
      await sendText(testApp, seller, chat.id, "second");
      await blocker.query("rollback");
      expect((await first).statusCode).toBe(201);
    } finally {
      await blocker.end();
    }
    const response = await get(testApp, `/api/chats/${chat.id}`, { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    thread = response.json();
    expect(thread.messages.map((m) => m.text).sort()).toEqual(["first", "second"]);
  });

  it("the chat's lastMessage and updatedAt describe the last message of the thread", () => {
    const last = thread.messages.at(-1);
    expect({ lastMessage: thread.chat.lastMessage, updatedAt: thread.chat.updatedAt }).toEqual({
      lastMessage: last?.text,
      updatedAt: last?.createdAt,
    });
  });
});
