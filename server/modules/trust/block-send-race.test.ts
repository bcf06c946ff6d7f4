import { randomUUID } from "node:crypto";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  countMessages,
  newClientId,
  openItemChat,
  type Student,
  sendRequest,
  sendText,
} from "../../../tests/factories/chats";
import { callAs } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { createTestAppOn, type TestApp } from "../../../tests/helpers/test-app";
import { createPostgresTestDatabase, waitForLockWaits } from "../../../tests/helpers/test-database";
import { fromPostgres } from "../../db/client";

const target = inject("testDatabase");
const describeOnPostgres = target.kind === "postgres" ? describe : describe.skip;
const title =
  target.kind === "postgres"
    ? "a block and a send between the same two students, at the same moment"
    : "a block and a send between the same two students, at the same moment (SKIPPED: the embedded " +
      "database runs one transaction at a time)";

const CANNOT_MESSAGE = { error: { code: "forbidden", message: BLOCK_MESSAGES.cannotMessage } };

/**
 * A send and a block between two students take turns on the pair's lock: a send already under way
 * when the block comes is stored before the block commits, and a send that comes while a block is
 * being written waits for it and is refused. Neither lets a message through after the block.
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

  /** Settles to "pending" if the promise has not settled by the next few turns of the event loop. */
  const stateOf = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(() => "settled"),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 200)),
    ]);

  async function chatBetween(): Promise<{ blocker: Student; blocked: Student; chatId: string }> {
    const blocker = await createStudent(testApp, { name: "Meera Iyer" });
    const blocked = await createStudent(testApp, { name: "Rohit Kale" });
    const chat = await openItemChat(testApp, blocked, blocker);
    await sendText(testApp, blocked, chat.id, "Is it still available?");
    return { blocker, blocked, chatId: chat.id };
  }

  it("a send under way when the block comes is stored first; the block waits for it; the next send is refused", async () => {
    const { blocker, blocked, chatId } = await chatBetween();
    const before = await countMessages(testApp, chatId);
    const clientId = newClientId();

    // An uncommitted row with the same (sender, clientId) holds the send at its message insert,
    // after it has begun: the moment a block used to slip past it.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(
        `insert into messages (id, chat_id, sender_id, client_id, type, text) values ($1, $2, $3, $4, 'text', 'x')`,
        [randomUUID(), chatId, blocked.id, clientId],
      );
      const send = sendRequest(testApp, blocked.cookie, chatId, {
        type: "text",
        clientId,
        text: "Pay the advance",
      });
      await waitForLockWaits(holder, ["transactionid"]);

      const blocking = callAs(testApp, "PUT", `/api/users/${blocked.id}/block`, blocker.cookie);
      await waitForLockWaits(holder, ["advisory"]);
      expect(await stateOf(blocking)).toBe("pending");

      await holder.query("rollback");
      expect((await send).statusCode).toBe(201);
      expect((await blocking).statusCode).toBe(200);
    } finally {
      await holder.end();
    }
    expect(await countMessages(testApp, chatId)).toBe(before + 1);

    const after = await sendRequest(testApp, blocked.cookie, chatId, {
      type: "text",
      clientId: newClientId(),
      text: "Hello?",
    });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual(CANNOT_MESSAGE);
    expect(await countMessages(testApp, chatId)).toBe(before + 1);
  });

  it("a send that comes while the block is being written waits for it and is refused, storing nothing", async () => {
    const { blocker, blocked, chatId } = await chatBetween();
    const before = await countMessages(testApp, chatId);

    // A block in its transaction, not yet committed, as the blocks service writes one: the pair's
    // lock held exclusively, then the block row. The send's route check cannot see it yet.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(user_pair_lock_key($1, $2))", [
        blocker.id,
        blocked.id,
      ]);
      await holder.query("insert into user_blocks (blocker_id, blocked_id) values ($1, $2)", [
        blocker.id,
        blocked.id,
      ]);
      const send = sendRequest(testApp, blocked.cookie, chatId, {
        type: "text",
        clientId: newClientId(),
        text: "Scan this QR to receive the money",
      });
      await waitForLockWaits(holder, ["advisory"]);
      expect(await stateOf(send)).toBe("pending");

      await holder.query("commit");
      const response = await send;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(CANNOT_MESSAGE);
    } finally {
      await holder.end();
    }
    expect(await countMessages(testApp, chatId)).toBe(before);
  });

  it("the lock is one per pair: sends between other students do not wait for the block", async () => {
    const { blocker, blocked } = await chatBetween();
    const { blocked: otherBuyer, blocker: otherSeller, chatId: otherChat } = await chatBetween();

    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select pg_advisory_xact_lock(user_pair_lock_key($1, $2))", [
        blocked.id,
        blocker.id,
      ]);
      expect((await sendText(testApp, otherBuyer, otherChat, "Meet at the library at 5")).text).toBe(
        "Meet at the library at 5",
      );
      expect((await sendText(testApp, otherSeller, otherChat, "Sure")).text).toBe("Sure");
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
  });
});
