import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";
const token = () => randomBytes(3).toString("hex");

/** Signs a student up through the API; the page's context keeps the session cookie. */
async function signUpByApi(page: Page, name: string, college: string, city: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}-${token()}@example.in`,
      city,
      college,
      mobile: "9812345678",
      password: PASSWORD,
      acceptTerms: true,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
}

/** POST /api/admin/events as the administrator, as the admin panel's form would. */
async function postEvent(request: APIRequestContext, event: Record<string, unknown>) {
  const response = await request.post("/api/admin/events", {
    data: {
      organizer: "Coding Club",
      time: "17:30",
      venue: "Main Auditorium",
      description: "Teams of up to four build for 24 hours.",
      city: "Mumbai",
      college: "IIT Bombay",
      image: `${baseUrl}/favicon.svg`,
      registrationUrl: null,
      ...event,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const card = (page: Page, heading: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });

describe.skipIf(!isBrowserAvailable)("events and the teammate finder in the browser", () => {
  const { browser } = useBrowser();

  it("a recruiter posts through the form, finds it with the filters, and another student messages them", async () => {
    const recruiter = await openPage(browser(), baseUrl);
    const joiner = await openPage(browser(), baseUrl, { width: 360, height: 780 });
    const purpose = `Robotics league team ${token()}`;
    await signUpByApi(recruiter.page, "Meera Joshi", "Fergusson College", "Pune");
    await signUpByApi(joiner.page, "Rahul Verma", "IIT Bombay", "Mumbai");

    const { page } = recruiter;
    await page.goto("/teammates");
    await page.getByRole("heading", { level: 1, name: "Teammate Finder" }).waitFor();
    await page.getByRole("button", { name: "Create Recruitment Post" }).click();
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Please enter the purpose of your team.").waitFor();
    await page.getByLabel("Purpose").fill(purpose);
    await page.getByLabel("Team Size").fill("21");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Team size must be between 1 and 20.").waitFor();
    await page.getByLabel("Team Size").fill("4");
    await page.getByLabel("Event", { exact: true }).fill("Robocon 2027");
    await page.getByLabel("Skills Needed").fill("Arduino, CAD");
    await page.getByRole("checkbox", { name: "2nd Year" }).check();
    await page.getByLabel("Description").fill("We need an electronics person and a designer.");
    await page.getByRole("button", { name: "Post", exact: true }).click();

    const ownCard = card(page, purpose);
    await ownCard.getByText("Looking for 4 member(s)").waitFor();
    // The list may show the new post (live) a moment before the dialog has closed.
    await expect.poll(() => page.getByRole("heading", { name: "Create Recruitment Post" }).count()).toBe(0);
    for (const text of ["Meera Joshi", "Fergusson College", "Event: Robocon 2027", "Skills: Arduino, CAD"]) {
      await ownCard.getByText(text).first().waitFor();
    }
    expect(await ownCard.getByRole("button", { name: "Message Recruiter" }).count()).toBe(0);

    // The filters: the recruiter's own college is the default; year and search narrow it down.
    await page.getByRole("combobox", { name: "Academic Year" }).selectOption("1st Year");
    await page.waitForURL(/year=1st\+Year/);
    await page.getByLabel("Search recruitment posts").fill(purpose);
    await page.getByText("No recruitment posts match your filters.").waitFor();
    await page.getByRole("combobox", { name: "Academic Year" }).selectOption("2nd Year");
    await ownCard.waitFor();
    await page.getByText(/^Showing 1 of \d+ recruitment posts$/).waitFor();

    // The owner edits the team size through the same form.
    await ownCard.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Purpose").inputValue()).resolves.toBe(purpose);
    await page.getByLabel("Team Size").fill("5");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await ownCard.getByText("Looking for 5 member(s)").waitFor();
    await expectNoSeriousA11yViolations(page);

    // Another student, at another college, on a phone: the college filter starts at their own.
    const other = joiner.page;
    await other.goto("/teammates");
    await other.getByRole("heading", { level: 1, name: "Teammate Finder" }).waitFor();
    const college = other.getByRole("combobox", { name: "College" });
    await college.fill("fergus");
    await other.getByRole("option", { name: "Fergusson College, Pune" }).click();
    await other.getByLabel("Search recruitment posts").fill(purpose);
    const theirCard = card(other, purpose);
    await theirCard.waitFor();
    expect(await theirCard.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await theirCard.getByRole("button", { name: "Message Recruiter" }).click();

    await other.waitForURL(/\/messages\?chatId=recruitment_/);
    await other
      .getByRole("region", { name: "Chat thread" })
      .getByText(`Hi! I'm interested in joining your team for "${purpose}".`)
      .waitFor();

    await page.goto("/messages");
    await page.getByRole("tab", { name: "Recruitment" }).click();
    // The entry names the other student and the post's purpose.
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: new RegExp(`Rahul Verma.*${purpose}`) })
      .waitFor();

    await other.goto("/messages");
    await other.getByRole("tab", { name: "Recruitment" }).click();
    await other
      .getByRole("tabpanel")
      .getByRole("link", { name: /Meera Joshi/ })
      .waitFor();

    // The owner deletes after the confirmation; it goes from the list.
    await page.goto(`/teammates?search=${encodeURIComponent(purpose)}`);
    await card(page, purpose).getByRole("button", { name: "Delete" }).click();
    const confirmation = page.getByRole("dialog", { name: "Please confirm" });
    await confirmation.getByText("Are you sure you want to delete this recruitment post?").waitFor();
    await confirmation.getByRole("button", { name: "Delete" }).click();
    await card(page, purpose).waitFor({ state: "detached" });
    await page.getByText(/^Showing 0 of \d+ recruitment posts$/).waitFor();

    expect(recruiter.errors).toEqual([]);
    expect(joiner.errors).toEqual([]);
    await recruiter.context.close();
    await joiner.context.close();
  });

  it("the teammate finder pages 12 posts at a time, on a phone and a desktop, and a live change refetches only the page shown", async () => {
    const tag = token();
    // Three recruiters, five posts each: within each one's posting limit.
    const recruiters = await Promise.all(
      ["Nisha Kulkarni", "Omkar Patil", "Pooja Shah"].map(async (name) => {
        const opened = await openPage(browser(), baseUrl);
        await signUpByApi(opened.page, name, "Fergusson College", "Pune");
        return opened;
      }),
    );
    const postAs = async (recruiter: (typeof recruiters)[number], index: number) => {
      const response = await recruiter.page.request.post("/api/recruitment-posts", {
        data: {
          purpose: `Pager ${tag} team ${String(index).padStart(2, "0")}`,
          maxStudents: 3,
          event: "Smart India Hackathon",
          qualities: "React",
          years: [],
          description: `Team ${tag} needs a designer.`,
        },
        headers: { origin: baseUrl },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    for (let index = 0; index < 15; index++)
      await postAs(recruiters[index % 3] as (typeof recruiters)[number], index);

    const phone = await browser().newContext({
      baseURL: baseUrl,
      viewport: { width: 360, height: 740 },
      hasTouch: true,
    });
    const page = await phone.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signUpByApi(page, "Varun Iyer", "IIT Bombay", "Mumbai");
    await page.goto(`/teammates?search=${tag}&college=`);
    const list = page.getByRole("list", { name: "Recruitment posts" });
    await card(page, `Pager ${tag} team 14`).waitFor();
    await expect(list.getByRole("article").count()).resolves.toBe(12);
    await page.getByText(/^Showing 12 of \d+ recruitment posts$/).waitFor();
    await page.getByText("Page 1 of 2 (15 matching)").waitFor();
    const pages = page.getByRole("navigation", { name: "Recruitment post pages" });
    await pages.getByRole("button", { name: "Page 2" }).tap();
    await page.waitForURL(/page=2/);
    await card(page, `Pager ${tag} team 00`).waitFor();
    await expect(list.getByRole("article").count()).resolves.toBe(3);
    await page.getByText(/^Showing 3 of \d+ recruitment posts$/).waitFor();
    await expect(pages.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
    await expectNoSeriousA11yViolations(page);

    // Live: another post shifts one card onto page 2; only page 2 is fetched again.
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/recruitment-posts") fetched.push(request.url());
    });
    await postAs(recruiters[0] as (typeof recruiters)[number], 15);
    await card(page, `Pager ${tag} team 03`).waitFor({ timeout: 15_000 });
    await expect(list.getByRole("article").count()).resolves.toBe(4);
    expect(fetched.length).toBeGreaterThanOrEqual(1);
    expect(
      fetched.every((url) => new URL(url).searchParams.get("page") === "2"),
      fetched.join("\n"),
    ).toBe(true);

    // A filter change starts again at page 1.
    await page.getByRole("combobox", { name: "Sort By" }).selectOption("oldest");
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await card(page, `Pager ${tag} team 00`).waitFor();

    // The desktop shows the same pager below a two-column grid.
    const desktop = await openPage(browser(), baseUrl);
    await desktop.context.addCookies(await phone.cookies());
    await desktop.page.goto(`/teammates?search=${tag}&college=&page=2`);
    await card(desktop.page, `Pager ${tag} team 00`).waitFor();

    expect(errors).toEqual([]);
    expect(desktop.errors).toEqual([]);
    for (const recruiter of recruiters) {
      expect(recruiter.errors).toEqual([]);
      await recruiter.context.close();
    }
    await desktop.context.close();
    await phone.close();
  });

  it("events show Register Now only with a registration URL, filter on the server, and update live", async () => {
    const admin = await openPage(browser(), baseUrl);
    await signInAdminByRequest(admin.page.request, baseUrl);
    const tag = token();
    const withLink = `Hackathon ${tag}`;
    const withoutLink = `Workshop ${tag}`;
    const past = `Alumni talk ${tag}`;
    await postEvent(admin.page.request, {
      title: withLink,
      date: "2099-12-15",
      registrationUrl: "https://forms.example.in/hackathon",
    });
    await postEvent(admin.page.request, { title: withoutLink, date: "2099-12-20" });
    await postEvent(admin.page.request, { title: past, date: "2020-01-10" });
    await postEvent(admin.page.request, {
      title: `Pune meetup ${tag}`,
      date: "2099-12-21",
      college: "COEP",
      city: "Pune",
    });

    const { page, context, errors } = await openPage(browser(), baseUrl, { width: 360, height: 780 });
    await signUpByApi(page, "Ishaan Rao", "IIT Bombay", "Mumbai");
    await page.goto("/events");
    await page.getByRole("heading", { level: 1, name: "Events & Hackathons" }).waitFor();
    await card(page, withoutLink).waitFor();

    const register = card(page, withLink).getByRole("link", { name: /Register Now/ });
    await expect(register.getAttribute("href")).resolves.toBe("https://forms.example.in/hackathon");
    await expect(register.getAttribute("target")).resolves.toBe("_blank");
    await expect(register.getAttribute("rel")).resolves.toBe("noopener noreferrer");
    await card(page, withLink).getByText("15 Dec 2099, 5:30 pm").waitFor();
    expect(
      await card(page, withoutLink)
        .getByRole("link", { name: /Register Now/ })
        .count(),
    ).toBe(0);
    // The default: the student's own city, upcoming only; the filters folded into chips.
    expect(await card(page, past).count()).toBe(0);
    expect(await card(page, `Pune meetup ${tag}`).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    const toggle = page.getByRole("button", { name: "Filters" });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await page.getByLabel("Search events").isVisible()).toBe(false);
    await toggle.click();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.getByLabel("Search events").fill(tag);
    await page.waitForURL(/search=/);
    // A click, not uncheck(): the box follows the address, which React Router updates in a
    // transition, so it reads unticked a moment after the click rather than at once.
    await page.getByRole("checkbox", { name: "Show only upcoming" }).click();
    await page.waitForURL(/upcoming=false/);
    await card(page, past).waitFor();
    await page.getByLabel("Date").fill("2099-12-20");
    await page.waitForURL(/date=2099-12-20/);
    await card(page, withLink).waitFor({ state: "detached" });
    await card(page, withoutLink).waitFor();
    await page.getByLabel("Search events").fill("nothing-like-this");
    await page.getByText("No events match your filters.").waitFor();

    await page.getByRole("button", { name: "Reset" }).click();
    await card(page, withLink).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("checkbox", { name: "Show only upcoming" }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel("Search events").inputValue()).resolves.toBe("");

    await toggle.click();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
    expect(await page.getByLabel("Search events").isVisible()).toBe(false);

    // Live: an event the admin posts now appears without a reload.
    const live = `Live coding night ${tag}`;
    await postEvent(admin.page.request, { title: live, date: "2099-12-30" });
    await card(page, live).waitFor({ timeout: 15_000 });

    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await context.close();
    await admin.context.close();
  });
});
