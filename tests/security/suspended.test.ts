import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, urlOf } from "./operations";
import { createWorld, snapshot, type World } from "./world";

// A suspended student (issue 18) is refused on every path that needs a signed-in user or the
// administrator, even with a session that outlived the suspension, and each refusal changes nothing.
let testApp: TestApp;
let operations: Operation[];
let world: World;
beforeAll(async () => {
  testApp = await createTestApp();
  operations = operationsOf(await fetchDocument(testApp));
  world = await createWorld(testApp);
});
afterAll(() => testApp.close());

describe("a suspended student", () => {
  it("is refused (401) on every signed-in operation, and nothing changes", async () => {
    const guarded = operations.filter((operation) => operation.role === "user" || operation.role === "admin");
    expect(guarded.length).toBeGreaterThan(50);
    // Each request is made first (an item form uploads its image while the owner may still).
    const bodies = [];
    for (const operation of guarded) bodies.push(await validBody(testApp, operation, world, world.owner));
    // The suspension lands while the owner still holds a session (a straggler the sign-out missed).
    await testApp.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 7 * 24 * 3600 * 1000) })
      .where(eq(users.id, world.owner.id));
    const answers: string[] = [];
    const changed: string[] = [];
    for (const [index, operation] of guarded.entries()) {
      const body = bodies[index];
      const before = await snapshot(testApp, world);
      const response = await testApp.app.inject({
        method: operation.method,
        url: urlOf(operation, world),
        headers: { ...body?.headers, cookie: world.owner.cookie },
        ...(body ? { payload: body.payload } : {}),
      });
      answers.push(`${operation.key} -> ${response.statusCode}`);
      if ((await snapshot(testApp, world)) !== before) changed.push(operation.key);
    }
    expect(answers).toEqual(guarded.map((operation) => `${operation.key} -> 401`));
    expect(changed).toEqual([]);
  });
});
