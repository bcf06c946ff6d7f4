import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openItemChat, sendText } from "../../../tests/factories/chats";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import {
  expectNoSeriousA11yViolations,
  findChromium,
  launchBrowser,
  openPage,
} from "../../../tests/helpers/browser";
import { listenOnLoopback } from "../../../tests/helpers/live";
import { createTestApp, type TestApp, waitForMails } from "../../../tests/helpers/test-app";
import { notifications, users } from "../../db/schema";
import { runDigests, unsubscribePageToken, unsubscribeUrl } from "./digest";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const ctxOf = () => ({ db: testApp.database.db, config: testApp.config });

async function digestOn(cookie: string): Promise<boolean> {
  return (await get(testApp, "/api/me/notification-settings", { cookie })).json().settings.emailDigest;
}

/** The page's form post as a browser sends it; `headers` say where it came from. */
function postForm(url: URL, headers: Record<string, string>, body = "") {
  return testApp.app.inject({
    method: "POST",
    url: `${url.pathname}${url.search}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body,
  });
}

describe("the unsubscribe page's button", () => {
  it("works from the page with Origin: null (no-referrer) when the browser says same-origin", async () => {
    const student = await createStudent(testApp);
    const url = new URL(await unsubscribeUrl(ctxOf(), student.id));
    const done = await postForm(url, { origin: "null", "sec-fetch-site": "same-origin" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers["content-type"]).toContain("text/html");
    expect(done.headers["cache-control"]).toContain("no-store");
    expect(done.body).toContain("You're unsubscribed.");
    expect(await digestOn(student.cookie)).toBe(false);
  });

  it("takes Origin: null without Sec-Fetch-Site only with the page's own signed token", async () => {
    const student = await createStudent(testApp);
    const url = new URL(await unsubscribeUrl(ctxOf(), student.id));
    const page = await get(testApp, `${url.pathname}${url.search}`);
    const token = /name="page" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toBeTruthy();

    const bare = await postForm(url, { origin: "null" });
    expect(bare.statusCode).toBe(403);
    const forged = await postForm(url, { origin: "null" }, "page=123.forged");
    expect(forged.statusCode).toBe(403);
    // Another student's page token is not this one's.
    const other = await createStudent(testApp);
    const theirs = await unsubscribePageToken(testApp.database.db, other.id);
    expect((await postForm(url, { origin: "null" }, `page=${encodeURIComponent(theirs)}`)).statusCode).toBe(
      403,
    );
    // An old page's button has expired.
    const old = await unsubscribePageToken(testApp.database.db, student.id, Date.now() - 2 * 60 * 60 * 1000);
    expect((await postForm(url, { origin: "null" }, `page=${encodeURIComponent(old)}`)).statusCode).toBe(403);
    expect(await digestOn(student.cookie)).toBe(true);

    const done = await postForm(url, { origin: "null" }, `page=${encodeURIComponent(token ?? "")}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain("You're unsubscribed.");
    expect(await digestOn(student.cookie)).toBe(false);
  });

  it("still refuses a post from another site, whatever it sends", async () => {
    const student = await createStudent(testApp);
    const url = new URL(await unsubscribeUrl(ctxOf(), student.id));
    const page = await get(testApp, `${url.pathname}${url.search}`);
    const token = /name="page" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const body = `page=${encodeURIComponent(token)}`;
    const fromElsewhere: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
      { origin: "null", "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of fromElsewhere) {
      const refused = await postForm(url, headers, body);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await digestOn(student.cookie)).toBe(true);
  });
});

describe("the unsubscribe page in Chromium", () => {
  const chromiumPath = findChromium();
  it.skipIf(!chromiumPath)(
    "a real click on the page's button posts the form (Origin: null under no-referrer) and says 'You're unsubscribed.'",
    async () => {
      const student = await createStudent(testApp);
      const baseUrl = await listenOnLoopback(testApp.app);
      const link = new URL(await unsubscribeUrl(ctxOf(), student.id));
      const browser = await launchBrowser(chromiumPath as string);
      try {
        const { page, errors } = await openPage(browser, baseUrl, { width: 360, height: 740 });
        const posted: Record<string, string>[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST") posted.push(request.headers());
        });
        const shown = await page.goto(`${link.pathname}${link.search}`);
        expect(shown?.headers()["referrer-policy"]).toBe("no-referrer");
        await page.getByText("Stop the e-mails about unread messages on Campus Bazaar?").waitFor();
        await expectNoSeriousA11yViolations(page);
        await Promise.all([
          page.waitForLoadState("load"),
          page.getByRole("button", { name: "Unsubscribe" }).click(),
        ]);
        await page.getByRole("heading", { name: "You're unsubscribed." }).waitFor();
        // The case the page was written for: Chromium hid the origin of its own page's form.
        expect(posted.map((headers) => headers.origin)).toEqual(["null"]);
        expect(await digestOn(student.cookie)).toBe(false);
        expect(errors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});

describe("the unread-messages e-mail", () => {
  it("is HTML with a plain-text part, and links each chat directly", async () => {
    const [seller, buyer] = await Promise.all([
      createStudent(testApp, { name: "Meera <b>Rao</b>" }),
      createStudent(testApp, { name: "Farhan Ali" }),
    ]);
    const chat = await openItemChat(testApp, buyer, seller, "Cycle & helmet");
    await sendText(testApp, buyer, chat.id, "Is it still there?");
    await sendText(testApp, buyer, chat.id, "I can come at 5.");
    await testApp.database.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(notifications.userId, seller.id));
    // The e-mail goes to verified addresses only.
    await testApp.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, seller.id));
    expect(await runDigests(ctxOf())).toBeGreaterThanOrEqual(1);
    const [mail] = await waitForMails(testApp, seller.email, 1, (sent) => sent.subject.includes("unread"));
    const chatUrl = `${testApp.config.publicUrl}/messages?chatId=${encodeURIComponent(chat.id)}`;
    expect(mail?.text).toContain(`- Farhan Ali about Cycle & helmet (2 unread): ${chatUrl}`);
    expect(mail?.html).toContain(`href="${chatUrl.replaceAll("&", "&amp;")}"`);
    expect(mail?.html).toContain("Farhan Ali about Cycle &amp; helmet");
    expect(mail?.html).toContain("unsubscribe with one click");
    expect(mail?.html).not.toContain("<b>");
  });
});
