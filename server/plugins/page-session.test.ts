import zlib from "node:zlib";
import type { ItemSummary } from "@shared/api/items";
import { FIRST_SCREEN_ATTRIBUTE, SESSION_ELEMENT_ID } from "@shared/app-routes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../tests/factories/items";
import { createStudent } from "../../tests/factories/users";
import { get, signIn } from "../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { createWebRoot } from "../../tests/helpers/web-root";
import { users } from "../db/schema";
import { appendLiveEvents } from "../realtime/live-events";
import { currentSeq } from "../realtime/realtime.repository";
import { FIRST_SCREEN_DRAWS_PER_MINUTE } from "./first-screen";

let testApp: TestApp;
let removeWebRoot: () => Promise<void>;

beforeAll(async () => {
  const webRoot = await createWebRoot(
    '<!doctype html><html><head><title>Campus Bazaar</title></head><body><div id="root"></div></body></html>',
  );
  removeWebRoot = webRoot.remove;
  testApp = await createTestApp({}, { startWorkers: false, webRoot: webRoot.dir });
});
afterAll(async () => {
  await testApp.close();
  await removeWebRoot();
});

/** The session the page carries, as the browser's app reads it (web/lib/session.tsx). */
function sessionIn(page: string): unknown {
  const found = new RegExp(
    `<script type="application/json" id="${SESSION_ELEMENT_ID}">(.*?)</script>`,
    "s",
  ).exec(page);
  return found?.[1] === undefined ? undefined : JSON.parse(found[1]);
}

describe("the session written into each page", () => {
  it("is the signed-in student as GET /api/auth/me says, and no cache keeps the page", async () => {
    const student = await createStudent(testApp, { name: "Meera Iyer" });
    const me = (await get(testApp, "/api/auth/me", { cookie: student.cookie })).json();
    for (const url of ["/buy?category=books", "/messages", "/no-such-page"]) {
      const page = await get(testApp, url, { cookie: student.cookie });
      expect(page.headers["content-type"], url).toMatch(/^text\/html/);
      expect(page.headers["cache-control"], url).toBe("no-store");
      // With the number of the student's newest live event: the live socket resumes from it.
      expect(sessionIn(page.body), url).toMatchObject({
        ...me,
        liveSeq: await currentSeq(testApp.database.db, student.id),
      });
    }
    expect(me.user.name).toBe("Meera Iyer");
  });

  it("answers the page's first requests as the API answers them, by the paths the browser asks", async () => {
    const student = await createStudent(testApp, { college: "IIT Bombay" });
    const api = async (path: string) => (await get(testApp, path, { cookie: student.cookie })).json();
    const counts = "/api/notifications/counts";
    const expected: Record<string, string[]> = {
      // The student's own college until the address says otherwise; the filters in the address.
      "/buy": [counts, "/api/items?category=all&college=IIT+Bombay&page=1"],
      "/buy?category=books&college=&sort=price-low&page=2": [
        counts,
        "/api/items?category=books&sort=price-low&page=2",
      ],
      "/messages": [counts, "/api/chats"],
      "/dashboard": [counts],
      "/login": [],
      "/no-such-page": [],
    };
    for (const [url, paths] of Object.entries(expected)) {
      const { responses } = sessionIn((await get(testApp, url, { cookie: student.cookie })).body) as {
        responses?: Record<string, unknown>;
      };
      const answers = Object.fromEntries(
        await Promise.all(paths.map(async (path) => [path, await api(path)])),
      );
      expect(responses ?? {}, url).toEqual(answers);
    }
  });

  it("names the first cards' pictures in the head, so that they download beside the page's code", async () => {
    const student = await createStudent(testApp, { college: "Elphinstone College" });
    const seller = await createStudent(testApp, { college: "Elphinstone College" });
    for (const number of [1, 2, 3, 4, 5]) {
      await insertItem(testApp, seller.id, {
        productName: `Drafter set ${number}`,
        productImage: `https://images.example.in/drafter-${number}.jpg?from=seller&n=${number}`,
      });
    }
    const page = (await get(testApp, "/buy", { cookie: student.cookie })).body;
    const { responses } = sessionIn(page) as { responses: Record<string, { items?: ItemSummary[] }> };
    const cards = Object.values(responses).find((answer) => answer.items)?.items ?? [];
    const pictures = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g)].map(
        (found) => found[1]?.replaceAll("&amp;", "&"),
      );
    // The first four cards, as the page draws them: the thumbnails their pictures ask for first.
    expect(cards).toHaveLength(5);
    expect(pictures(page)).toEqual(cards.slice(0, 4).map((card) => `${card.productImage}&variant=thumb`));
    // A page without a list of items names none.
    expect(pictures((await get(testApp, "/messages", { cookie: student.cookie })).body)).toEqual([]);
    expect(pictures((await get(testApp, "/buy")).body)).toEqual([]);
  });

  it("draws the first screen of /buy into the page, with the student's first cards, written safely", async () => {
    const student = await createStudent(testApp, {
      name: "Farhan Qureshi",
      city: "Kolkata",
      college: "Jadavpur University",
    });
    const seller = await createStudent(testApp, { city: "Kolkata", college: "Jadavpur University" });
    // A name no form lets through, written straight into the database: drawn as text, never as markup.
    const unsafe = "<img src=x onerror=alert(1)> Drafter";
    for (const productName of [unsafe, "Casio fx-991EX", "Lab coat"]) {
      await insertItem(testApp, seller.id, { productName });
    }
    const page = (await get(testApp, "/buy", { cookie: student.cookie })).body;
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(page)?.[1] ?? "";
    expect(root).toContain(`<div ${FIRST_SCREEN_ATTRIBUTE} inert>`);
    expect(root).toContain("Browse Items");
    expect(root).toContain("Account menu for Farhan Qureshi");
    // The cards of the answer written into the page, newest first, as the app draws them.
    const list = /<ul[^>]*aria-label="Items"[^>]*>(.*?)<\/ul>/s.exec(root)?.[1] ?? "";
    const titles = [...list.matchAll(/<h2 id="[^"]*" class="line-clamp-2[^"]*">([^<]*)<\/h2>/g)].map(
      (found) => found[1],
    );
    expect(titles).toEqual(["Lab coat", "Casio fx-991EX", "&lt;img src=x onerror=alert(1)&gt; Drafter"]);
    expect(root).not.toContain("<img src=x");
    expect(root).not.toContain("<script");

    // Pages the server does not draw, and visitors, get the empty #root as before.
    for (const [url, cookie] of [
      ["/messages", student.cookie],
      ["/buy", undefined],
    ] as const) {
      expect((await get(testApp, url, cookie ? { cookie } : {})).body, url).toContain(
        '<div id="root"></div>',
      );
    }
  });

  it("draws a student's first screens at most so many times a minute; past that the app draws the page", async () => {
    const reloader = await createStudent(testApp);
    const drawn = async (cookie: string) => {
      const page = await get(testApp, "/buy", { cookie });
      expect(page.statusCode).toBe(200);
      expect(sessionIn(page.body)).toMatchObject({ user: { id: expect.any(String) } });
      return page.body.includes(FIRST_SCREEN_ATTRIBUTE);
    };
    for (let n = 0; n < FIRST_SCREEN_DRAWS_PER_MINUTE; n += 1)
      expect(await drawn(reloader.cookie)).toBe(true);
    expect(await drawn(reloader.cookie)).toBe(false);
    // Another student is not held back by the first.
    expect(await drawn((await createStudent(testApp)).cookie)).toBe(true);
  });

  it("travels compressed to a browser, as the same page", async () => {
    const student = await createStudent(testApp);
    const seller = await createStudent(testApp, { city: student.city, college: student.college });
    for (let n = 0; n < 5; n += 1) await insertItem(testApp, seller.id);
    const plain = await get(testApp, "/buy", { cookie: student.cookie });
    // A page of cards: well over the 1 KB under which an answer goes as it is.
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    const compressed = await testApp.app.inject({
      method: "GET",
      url: "/buy",
      headers: { cookie: student.cookie, "accept-encoding": "gzip, deflate, br" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["cache-control"]).toBe("no-store");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const page = zlib.brotliDecompressSync(compressed.rawPayload).toString("utf8");
    expect(sessionIn(page)).toEqual(sessionIn(plain.body));
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("answers nothing for a visitor or the administrator", async () => {
    expect(sessionIn((await get(testApp, "/buy")).body)).toEqual({ user: null });
    const adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
    const session = sessionIn((await get(testApp, "/admin", { cookie: adminCookie })).body) as {
      responses?: Record<string, unknown>;
    };
    expect(session).toMatchObject({ user: { role: "admin" } });
    expect(session.responses ?? {}).toEqual({});
  });

  it("moves the live socket's starting point on with the student's events", async () => {
    const student = await createStudent(testApp);
    const before = sessionIn((await get(testApp, "/buy", { cookie: student.cookie })).body) as {
      liveSeq: number;
    };
    await appendLiveEvents(testApp.database.db, [
      { userId: student.id, event: { type: "counts", data: { unread: 1, unreadMessages: 1 } } },
    ]);
    const after = sessionIn((await get(testApp, "/buy", { cookie: student.cookie })).body) as {
      liveSeq: number;
    };
    expect(after.liveSeq).toBeGreaterThan(before.liveSeq);
  });

  it("is nobody for a visitor, a stale cookie and a suspended account", async () => {
    expect(sessionIn((await get(testApp, "/login")).body)).toEqual({ user: null });
    expect(sessionIn((await get(testApp, "/buy", { cookie: "cb_session=not-a-session" })).body)).toEqual({
      user: null,
    });
    const suspended = await createStudent(testApp);
    await testApp.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, suspended.id));
    expect(sessionIn((await get(testApp, "/dashboard", { cookie: suspended.cookie })).body)).toEqual({
      user: null,
    });
  });

  it("cannot end its script element early, whatever a name holds", async () => {
    const student = await createStudent(testApp);
    const name = "</script><script>alert(1)</script>";
    await testApp.database.db.update(users).set({ name }).where(eq(users.id, student.id));
    const page = (await get(testApp, "/profile", { cookie: student.cookie })).body;
    expect(page).not.toContain("<script>alert(1)");
    expect((sessionIn(page) as { user: { name: string } }).user.name).toBe(name);
  });
});
