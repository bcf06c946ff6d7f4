import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";
const token = () => randomBytes(3).toString("hex");
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

async function signUpByApi(page: Page, name: string) {
  const response = await page.request.post("/api/auth/signup", {
    data: {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}-${token()}@example.in`,
      city: "Mumbai",
      college: "IIT Bombay",
      mobile: "9812345678",
      password: PASSWORD,
      acceptTerms: true,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
}

const card = (page: Page, heading: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });

describe.skipIf(!isBrowserAvailable)("interest, calendar and joining a team on a phone", () => {
  const { browser } = useBrowser();

  it("a student marks interest, downloads the .ics, asks to join a linked team; the recruiter accepts; the team fills; a member leaves", async () => {
    const tag = token();
    const title = `HackDU ${tag}`;
    const purpose = `HackDU team ${tag}`;

    const admin = await openPage(browser(), baseUrl);
    await signInAdminByRequest(admin.page.request, baseUrl);
    const created = await admin.page.request.post("/api/admin/events", {
      data: {
        title,
        organizer: "Coding Club",
        date: "2099-12-15",
        time: "10:00",
        venue: "Main Auditorium",
        description: "A 24-hour hackathon.",
        city: "Mumbai",
        college: "IIT Bombay",
        image: `${baseUrl}/favicon.svg`,
        registrationUrl: null,
      },
      headers: { origin: baseUrl },
    });
    expect(created.status()).toBe(201);
    const eventId: string = (await created.json()).event.id;

    const recruiter = await openPage(browser(), baseUrl);
    await signUpByApi(recruiter.page, "Meera Joshi");
    const posted = await recruiter.page.request.post("/api/recruitment-posts", {
      data: {
        purpose,
        maxStudents: 2,
        event: "",
        qualities: "React",
        years: [],
        description: "Two more people for HackDU.",
        eventId,
      },
      headers: { origin: baseUrl },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const postId: string = (await posted.json()).post.id;

    const student = await openDevice(browser(), baseUrl, { ...PHONE, acceptDownloads: true });
    const { page } = student;
    await signUpByApi(page, "Asha Kulkarni");
    await page.goto(`/events?event=${eventId}`);
    const eventCard = card(page, title);
    await eventCard.getByText("0 interested").waitFor();
    await eventCard.getByRole("button", { name: "Interested" }).tap();
    await eventCard.getByText("1 interested").waitFor();
    await expect(
      eventCard.getByRole("button", { name: "Interested" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");

    await eventCard.getByRole("button", { name: "Add to Calendar" }).tap();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Download .ics" }).tap(),
    ]);
    const file = await fs.readFile((await download.path()) ?? "", "utf8");
    expect(file).toContain("BEGIN:VCALENDAR");
    expect(file).toContain("DTSTART;TZID=Asia/Kolkata:20991215T100000");
    expect(file).toContain(`SUMMARY:HackDU ${tag}`);

    await eventCard.getByRole("link", { name: "Teams looking for members (1)" }).tap();
    const teamCard = card(page, purpose);
    await teamCard.getByText("0 of 2 spots filled").waitFor();
    await teamCard.getByRole("button", { name: "Request to Join" }).tap();
    const dialog = page.getByRole("dialog", { name: "Request to Join" });
    await dialog.getByLabel("Note (optional)").fill("I build React front ends.");
    await dialog.getByRole("button", { name: "Request to Join" }).tap();
    await teamCard.getByRole("button", { name: "Cancel Request" }).waitFor();

    await recruiter.page.goto("/teammates");
    const ownCard = card(recruiter.page, purpose);
    await ownCard.getByRole("button", { name: "Requests (1)" }).click();
    // Its title counts the pending requests, so it is found without it.
    const requests = recruiter.page.getByRole("dialog");
    await requests.getByRole("heading", { name: "Requests (1)" }).waitFor();
    await requests.getByText("I build React front ends.").waitFor();
    await requests.getByRole("button", { name: "Accept" }).click();
    await requests.getByRole("button", { name: "Remove" }).waitFor();
    await requests.getByRole("heading", { name: "Requests (0)" }).waitFor();
    await recruiter.page.keyboard.press("Escape");
    await ownCard.getByText("1 of 2 spots filled").waitFor();
    await ownCard.getByText("Team: Asha Kulkarni").waitFor();

    // The student's card shows one more member.
    await teamCard.getByText("1 of 2 spots filled").waitFor();

    // A second student fills the team: it shows 'Team full'.
    const second = await openPage(browser(), baseUrl);
    await signUpByApi(second.page, "Rohan Mehta");
    const asked = await second.page.request.post(`/api/recruitment-posts/${postId}/requests`, {
      data: { note: "" },
      headers: { origin: baseUrl },
    });
    expect(asked.status()).toBe(201);
    const accepted = await recruiter.page.request.post(
      `/api/team-requests/${(await asked.json()).request.id}/accept`,
      {
        headers: { origin: baseUrl },
      },
    );
    expect(accepted.status()).toBe(200);

    // Its own members still see it ('Show full teams' is for the others).
    await page.goto(`/teammates?eventId=${eventId}`);
    await page.getByRole("checkbox", { name: "Show full teams" }).waitFor();
    await card(page, purpose).getByText("Team full").waitFor();
    await second.page.goto(`/teammates?eventId=${eventId}`);
    await card(second.page, purpose).getByText("Team full").waitFor();
    await card(page, purpose).getByText("Team: Asha Kulkarni, Rohan Mehta").waitFor();

    // A member leaves, after confirming: the spot opens and they may ask again.
    await card(page, purpose).getByText("You are on this team").waitFor();
    await card(page, purpose).getByRole("button", { name: "Leave Team" }).tap();
    await page.getByRole("dialog", { name: "Leave Team" }).getByRole("button", { name: "Leave Team" }).tap();
    await card(page, purpose).getByText("1 of 2 spots filled").waitFor();
    await card(page, purpose).getByText("Team: Rohan Mehta").waitFor();
    await card(page, purpose).getByRole("button", { name: "Request to Join" }).waitFor();

    expect(student.errors).toEqual([]);
    expect(recruiter.errors).toEqual([]);
    await Promise.all([
      admin.context.close(),
      recruiter.context.close(),
      student.context.close(),
      second.context.close(),
    ]);
  });
});
