import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminByRequest } from "./support/admin";

const PASSWORD = "Campus#Bazaar9";
const token = () => randomBytes(3).toString("hex");
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

async function signUpByApi(page: Page, name: string): Promise<string> {
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
  return (await (await page.request.get("/api/auth/me")).json()).user.id;
}

const card = (page: Page, heading: string) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: heading }) });

describe.skipIf(!isBrowserAvailable)("an organiser on a phone", () => {
  const { browser } = useBrowser();

  it("the administrator makes a student an organiser; they post and edit an event; an interested student is told", async () => {
    const title = `Robo Wars ${token()}`;

    const organiser = await openDevice(browser(), baseUrl, PHONE);
    const { page } = organiser;
    const organiserId = await signUpByApi(page, "Meera Joshi");
    const admin = await openPage(browser(), baseUrl);
    await signInAdminByRequest(admin.page.request, baseUrl);
    const made = await admin.page.request.put(`/api/admin/users/${organiserId}/organiser`, {
      headers: { origin: baseUrl },
    });
    expect(made.status()).toBe(200);

    // 'Post Event' on the Events page, with an end and a registration deadline.
    await page.goto("/events");
    await page.getByRole("link", { name: "Subscribe to IIT Bombay events" }).waitFor();
    await page.getByRole("button", { name: "Post Event" }).tap();
    const form = page.getByRole("dialog", { name: "Post Event" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Organizer").fill("Robotics Club");
    await form.getByLabel("Date", { exact: true }).fill("2099-11-20");
    await form.getByLabel("Time", { exact: true }).fill("10:00");
    await form.getByLabel("End date").fill("2099-11-21");
    await form.getByLabel("End time").fill("18:00");
    await form.getByLabel("Venue").fill("Main Auditorium");
    await form.getByLabel("Image URL").fill(`${baseUrl}/favicon.svg`);
    await form.getByLabel("Description").fill("Build a bot, fight a bot.");
    await form.getByLabel("Registration closes (optional)").fill("2099-11-15T18:00");
    await expectNoSeriousA11yViolations(page);
    await form.getByRole("button", { name: "Post Event" }).tap();
    await form.waitFor({ state: "detached" });

    await page.goto(`/events?search=${encodeURIComponent(title)}`);
    const eventCard = card(page, title);
    await eventCard.getByText("Robotics Club").waitFor();
    await eventCard.getByText("Registration closes:").waitFor();

    // A student marks it 'Interested'.
    const student = await openDevice(browser(), baseUrl, PHONE);
    await signUpByApi(student.page, "Asha Kulkarni");
    await student.page.goto(`/events?search=${encodeURIComponent(title)}`);
    await card(student.page, title).getByRole("button", { name: "Interested" }).tap();
    await card(student.page, title).getByText("1 interested").waitFor();
    // Only an organiser of the college edits it.
    await expect(card(student.page, title).getByRole("button", { name: /^Edit/ }).count()).resolves.toBe(0);

    // The organiser moves it to another day and place.
    await page.reload();
    await eventCard.getByRole("button", { name: `Edit ${title}` }).tap();
    const edit = page.getByRole("dialog", { name: `Edit ${title}` });
    await edit.getByLabel("Date", { exact: true }).fill("2099-11-27");
    await edit.getByLabel("End date").fill("2099-11-28");
    await edit.getByLabel("Venue").fill("Sports Complex");
    await edit.getByRole("button", { name: "Save Changes" }).tap();
    await edit.waitFor({ state: "detached" });
    await eventCard.getByText("Sports Complex").waitFor();

    await student.page.goto("/notifications");
    await student.page.getByText(`${title} moved to Fri 27 Nov, 10:00 am at Sports Complex.`).waitFor();
    await expectNoSeriousA11yViolations(student.page);

    expect(organiser.errors).toEqual([]);
    expect(student.errors).toEqual([]);
    await Promise.all([organiser.context.close(), student.context.close(), admin.context.close()]);
  });
});
