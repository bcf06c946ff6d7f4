// Issue 40, 'Finding events and teams' and 'Teams', on a phone (360x740, touch): Events and the
// Teammate Finder in one tap, events soonest first with the student's college first, an event's
// public page from a shared link, 'My teams' with a full team, and 'Remove' asking first.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";
import { signUpStudent } from "./support/students";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const tag = () => randomBytes(3).toString("hex");

/** India's calendar day `days` from now, YYYY-MM-DD. */
function indiaDay(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
}

async function postEvent(request: APIRequestContext, event: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/admin/events", {
    data: {
      organizer: "Student Council",
      time: "17:30",
      venue: "Main Auditorium",
      description: "Teams of up to four build for a day.",
      city: "Mumbai",
      college: "IIT Bombay",
      image: `${baseUrl}/favicon.svg`,
      registrationUrl: null,
      ...event,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).event.id;
}

const card = (page: Page, heading: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });

describe.skipIf(!isBrowserAvailable)("finding events and teams on a phone", () => {
  const { browser } = useBrowser();

  it("reaches Events in one tap, lists them soonest first with the student's college first, filters folded into chips", async () => {
    const admin = await openDevice(browser(), baseUrl, {});
    await signInAdminByRequest(admin.page.request, baseUrl);
    const id = tag();
    await postEvent(admin.page.request, {
      title: `Neighbour fest ${id}`,
      date: indiaDay(1),
      college: "VJTI Mumbai",
    });
    await postEvent(admin.page.request, { title: `Own later ${id}`, date: indiaDay(6) });
    await postEvent(admin.page.request, {
      title: `Own soon ${id}`,
      date: indiaDay(2),
      description: "A long brief. ".repeat(300).trim(),
    });
    await postEvent(admin.page.request, {
      title: `Pune meetup ${id}`,
      date: indiaDay(1),
      city: "Pune",
      college: "COEP",
    });

    const { page, context, errors } = await openDevice(browser(), baseUrl, PHONE);
    await signUpStudent(page.request, { name: "Ishaan Rao", college: "IIT Bombay", city: "Mumbai" });
    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Sections" });
    await tabs.getByRole("link", { name: "Events" }).tap();
    await page.waitForURL(/\/events$/);
    await page.getByRole("heading", { level: 1, name: "Events & Hackathons" }).waitFor();
    await card(page, `Own later ${id}`).waitFor();

    const titles = (await page.getByRole("article").getByRole("heading").allTextContents()).filter((title) =>
      title.endsWith(id),
    );
    // Mumbai by default, IIT Bombay's own first, each part soonest first; Pune's is not listed.
    expect(titles).toEqual([`Own soon ${id}`, `Own later ${id}`, `Neighbour fest ${id}`]);

    // The filters start folded: a row of chips, the panel behind 'Filters'.
    const filters = page.getByRole("button", { name: "Filters" });
    await expect(filters.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await page.getByLabel("Search events").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Where: Mumbai" }).waitFor();

    // The long description shows six lines with 'Read more'.
    const long = card(page, `Own soon ${id}`);
    const readMore = long.getByRole("button", { name: "Read more" });
    await readMore.tap();
    await long.getByRole("button", { name: "Show less" }).waitFor();
    await expect(
      card(page, `Own later ${id}`).getByRole("button", { name: "Read more" }).count(),
    ).resolves.toBe(0);

    // The tab bar fits 360 px: every tab whole on the screen, Sell and Messages among them.
    for (const name of ["Home", "Browse", "Sell", "Events", "Teams", "Messages"]) {
      const box = await tabs.getByRole("link", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360 && box.width >= 44, name).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);

    await filters.tap();
    await page.getByLabel("Search events").fill(`Pune meetup ${id}`);
    await page.getByText("No events match your filters.").waitFor();

    await tabs.getByRole("link", { name: "Teams" }).tap();
    await page.getByRole("heading", { level: 1, name: "Teammate Finder" }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
    await admin.context.close();
  });

  it("a signed-out visitor opens an event's public page from a shared link", async () => {
    const admin = await openDevice(browser(), baseUrl, {});
    await signInAdminByRequest(admin.page.request, baseUrl);
    const title = `Robotics expo ${tag()}`;
    const eventId = await postEvent(admin.page.request, { title, date: indiaDay(3), venue: "Hall 2" });

    const { page, context } = await openDevice(browser(), baseUrl, PHONE);
    const response = await page.goto(`/events/${eventId}`);
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("Hall 2, Mumbai").waitFor();
    await page.getByText("Organised by Student Council, IIT Bombay").waitFor();
    await page.getByText("0 students interested").waitFor();
    await expect(page.getByRole("img", { name: `Poster of ${title}` }).count()).resolves.toBe(1);
    await expect(page.locator('meta[property="og:title"]').getAttribute("content")).resolves.toBe(title);
    await expect(page.locator('meta[property="og:image"]').getAttribute("content")).resolves.toBe(
      `${baseUrl}/favicon.svg`,
    );
    const signIn = page.getByRole("link", { name: "Sign in to mark Interested" });
    await expect(signIn.getAttribute("href")).resolves.toBe(
      `/login?from=${encodeURIComponent(`/events/${eventId}`)}`,
    );
    await expectNoSeriousA11yViolations(page);
    // 'Add to calendar' needs no account, and is on the first screen under a 16:9 poster: the
    // event's calendar file downloads signed out.
    const addToCalendar = page.getByRole("link", { name: "Add to calendar" });
    const box = await addToCalendar.boundingBox();
    expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(740);
    const [calendarFile] = await Promise.all([page.waitForEvent("download"), addToCalendar.tap()]);
    expect(calendarFile.suggestedFilename()).toMatch(/^robotics-expo-[0-9a-f]{6}\.ics$/);

    // Signed in, the same link opens the event's card in the app.
    await signUpStudent(page.request, { name: "Tara Singh", college: "IIT Bombay", city: "Mumbai" });
    await page.goto(`/events/${eventId}`);
    await page.waitForURL(/\/events\?event=/);
    await card(page, title).getByRole("button", { name: "Interested" }).waitFor();

    await context.close();
    await admin.context.close();
  });

  it("'My teams' shows a full team to its member, and Remove asks first and tells them", async () => {
    const recruiter = await openDevice(browser(), baseUrl, PHONE);
    const member = await openDevice(browser(), baseUrl, PHONE);
    await signUpStudent(recruiter.page.request, {
      name: "Meera Joshi",
      college: "Fergusson College",
      city: "Pune",
    });
    const student = await signUpStudent(member.page.request, {
      name: "Asha Nair",
      college: "IIT Bombay",
      city: "Mumbai",
    });
    const purpose = `Quiz pair ${tag()}`;
    const created = await recruiter.page.request.post("/api/recruitment-posts", {
      data: {
        purpose,
        maxStudents: 1,
        event: "",
        qualities: "",
        years: [],
        description: "Two heads for the quiz.",
      },
      headers: { origin: baseUrl },
    });
    expect(created.status(), await created.text()).toBe(201);
    const postId = (await created.json()).post.id;
    const asked = await member.page.request.post(`/api/recruitment-posts/${postId}/requests`, {
      data: { note: "I know my trivia." },
      headers: { origin: baseUrl },
    });
    const requestId = (await asked.json()).request.id;
    const accepted = await recruiter.page.request.post(`/api/team-requests/${requestId}/accept`, {
      headers: { origin: baseUrl },
    });
    expect(accepted.status()).toBe(200);

    // The member, at another college, finds the full team under 'My teams' in one tap and a tab.
    const { page } = member;
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Teams" }).tap();
    await page.getByRole("tab", { name: "My teams" }).tap();
    await page.waitForURL(/mine=true/);
    await card(page, purpose).getByText("Team full").waitFor();
    await card(page, purpose).getByText("You are on this team").waitFor();
    await expectNoSeriousA11yViolations(page);

    // The recruiter's Requests dialog: the member's college and profile; Remove asks first.
    const own = recruiter.page;
    await own.goto("/teammates?mine=true");
    await card(own, purpose).getByRole("button", { name: "Requests (0)" }).tap();
    const requests = own.getByRole("dialog", { name: "Requests (0)" });
    await requests.getByText("IIT Bombay").waitFor();
    await requests.getByRole("link", { name: "View Asha Nair's profile" }).waitFor();
    // Back closes the dialog and the page stays.
    await own.goBack();
    await requests.waitFor({ state: "detached" });
    expect(new URL(own.url()).pathname).toBe("/teammates");
    await card(own, purpose).getByRole("button", { name: "Requests (0)" }).tap();
    await requests.getByRole("button", { name: "Remove" }).tap();
    const question = own.getByRole("dialog", { name: "Remove" });
    await question.getByText(`Remove Asha Nair from ${purpose}? They will be told.`).waitFor();
    await expectNoSeriousA11yViolations(own);
    await question.getByRole("button", { name: "Cancel" }).tap();
    await requests.getByRole("button", { name: "Remove" }).waitFor();
    await requests.getByRole("button", { name: "Remove" }).tap();
    await question.getByRole("button", { name: "Remove" }).tap();
    await requests.getByText("No requests yet.").waitFor();
    await requests.getByRole("button", { name: "Close" }).tap();
    await requests.waitFor({ state: "detached" });

    const notices = await member.page.request.get("/api/notifications");
    const texts = ((await notices.json()).notifications as { text: string }[]).map((n) => n.text);
    expect(texts).toContain(`You were removed from the team "${purpose}".`);
    expect(student.name).toBe("Asha Nair");

    expect(recruiter.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await recruiter.context.close();
    await member.context.close();
  });
});
