import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { newClientId, openItemChat, type Student } from "../../tests/factories/chats";
import { createStudent } from "../../tests/factories/users";
import { connectLive, type LiveClient, listenOnLoopback } from "../../tests/helpers/live";
import { createTestAppOn, type TestApp } from "../../tests/helpers/test-app";
import { createPostgresTestDatabase } from "../../tests/helpers/test-database";
import { fromPostgres } from "../db/client";

const target = inject("testDatabase");
const describeOnPostgres = target.kind === "postgres" ? describe : describe.skip;
const title =
  target.kind === "postgres"
    ? "two server instances on one PostgreSQL database"
    : "two server instances on one PostgreSQL database (SKIPPED: the suite runs on the embedded " +
      "database, which serves one process; run with TEST_DB_TARGET=postgres TEST_DATABASE_URL=...)";

describeOnPostgres(title, () => {
  let drop: () => Promise<void> = async () => {};
  const instances: { testApp: TestApp; baseUrl: string }[] = [];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    if (target.kind !== "postgres") return;
    const created = await createPostgresTestDatabase(target);
    drop = created.drop;
    for (let i = 0; i < 2; i++) {
      // Each instance has its own pool and its own LISTEN connection, as two processes would.
      const testApp = await createTestAppOn(fromPostgres(created.url, 4));
      instances.push({ testApp, baseUrl: await listenOnLoopback(testApp.app) });
    }
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    for (const { testApp } of instances) await testApp.close();
    await drop();
  });

  const instance = (index: 0 | 1) => {
    const found = instances[index];
    if (!found) throw new Error(`instance ${index} did not start`);
    return found;
  };
  const connect = async (index: 0 | 1, user: Student) => {
    const socket = await connectLive(instance(index).baseUrl, user.cookie);
    sockets.push(socket);
    return socket;
  };
  /** A send over real HTTP to one instance's port. */
  const sendOverHttp = async (index: 0 | 1, sender: Student, chatId: string, text: string) => {
    const response = await fetch(`${instance(index).baseUrl}/api/chats/${chatId}/messages`, {
      method: "POST",
      headers: { cookie: sender.cookie, "content-type": "application/json" },
      body: JSON.stringify({ type: "text", clientId: newClientId(), text }),
    });
    expect(response.status).toBe(201);
    return (await response.json()).message as { id: string };
  };

  it("a message sent through instance A reaches sockets connected to instance B (and back)", async () => {
    const buyer = await createStudent(instance(0).testApp, { name: "Aarav Mehta" });
    const seller = await createStudent(instance(1).testApp, { name: "Diya Nair" });
    const chat = await openItemChat(instance(0).testApp, buyer, seller, "Mini fridge");
    const sellerOnB = await connect(1, seller);
    const buyerOnB = await connect(1, buyer);

    const message = await sendOverHttp(0, buyer, chat.id, "Sent through A");
    const received = await sellerOnB.waitFor(
      (f) => f.type === "message.created" && f.data.message.id === message.id,
      "the message on instance B",
    );
    expect(received).toMatchObject({
      seq: sellerOnB.first.seq + 1,
      data: { message: { text: "Sent through A" } },
    });
    await sellerOnB.waitFor(
      (f) => f.type === "counts" && f.data.unread === 1 && f.data.unreadMessages === 1,
      "the badge counts on instance B",
    );
    await buyerOnB.waitFor(
      (f) => f.type === "message.created" && f.data.message.id === message.id,
      "the sender's own message on instance B",
    );

    const buyerOnA = await connect(0, buyer);
    const reply = await sendOverHttp(1, seller, chat.id, "Answered through B");
    await buyerOnA.waitFor(
      (f) => f.type === "message.created" && f.data.message.id === reply.id,
      "the reply on instance A",
    );
  });

  it("a logout through instance A closes the session's socket on instance B", async () => {
    const student = await createStudent(instance(0).testApp);
    const socket = await connect(1, student);
    const response = await fetch(`${instance(0).baseUrl}/api/auth/logout`, {
      method: "POST",
      headers: { cookie: student.cookie },
    });
    expect(response.status).toBe(204);
    expect(await socket.waitForClose()).toBe(CLOSE_SESSION_ENDED);
  });
});
