import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, type TrackedPage } from "../helpers/browser";
import { waitForMailFiles } from "../helpers/mail-files";
import { baseUrl, dataDir, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";
import { postItem } from "./support/items";
import { makeJpeg, signUpStudent } from "./support/students";

/** A cheap Android phone: 360x740 CSS pixels, touch, device scale 2. */
const PHONE = { width: 360, height: 740 };
const MADRAS = { city: "Chennai", college: "IIT Madras" };

async function openTab(page: Page, name: string, id: string) {
  await page.getByRole("tab", { name }).tap();
  await expect.poll(() => new URL(page.url()).searchParams.get("tab")).toBe(id);
  await page.getByRole("tabpanel", { name }).waitFor();
}

/** The page is no wider than the phone: nothing needs a sideways scroll. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe.skipIf(!isBrowserAvailable)("Verified by the college, on a phone", () => {
  const { browser } = useBrowser();
  const tag = randomBytes(3).toString("hex");
  const openPhone = (): Promise<TrackedPage> =>
    openDevice(browser(), baseUrl, { viewport: PHONE, hasTouch: true, deviceScaleFactor: 2 });

  it("the admin gives IIT Madras its student domain, and a student verifies with the mailed code; cards and the seller card show it", async () => {
    const admin = await openPhone();
    await signInAdminInBrowser(admin.page);
    await openTab(admin.page, "Colleges", "colleges");
    const domains = admin.page.getByRole("region", { name: "College E-mail Domains" });
    await domains.getByLabel("College", { exact: true }).selectOption({ label: "IIT Madras" });
    await domains.getByLabel("Domain", { exact: true }).fill("smail.iitm.ac.in");
    await domains.getByRole("button", { name: "Add Domain" }).tap();
    await domains.getByText("@smail.iitm.ac.in").waitFor();
    await expectNoSidewaysScroll(admin.page);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const student = await openPhone();
    const seller = await signUpStudent(student.page.request, { name: "Lakshmi Iyer", ...MADRAS });
    await student.page.goto("/settings");
    const section = student.page.getByRole("region", { name: "Verify your college" });
    await section.getByText("Use an address at @smail.iitm.ac.in.").waitFor();
    // A gmail address is refused with the reason.
    await section.getByLabel("College e-mail address").fill("lakshmi.iyer@gmail.com");
    await section.getByRole("button", { name: "Send code" }).tap();
    await student.page
      .getByText("gmail.com is not an e-mail domain of IIT Madras. Please use your college e-mail address.")
      .waitFor();

    const address = `ed${tag}@smail.iitm.ac.in`;
    await section.getByLabel("College e-mail address").fill(address);
    await section.getByRole("button", { name: "Send code" }).tap();
    const [mail] = await waitForMailFiles(dataDir, address, 1);
    const code = mail?.match(/ is (\d{6})\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await section.getByLabel("6-digit code").fill(code ?? "");
    await section.getByRole("button", { name: "Verify", exact: true }).tap();
    await section.getByText("Verified student of IIT Madras").waitFor();
    await expectNoSeriousA11yViolations(student.page);
    await expectNoSidewaysScroll(student.page);

    // Her listing, and an unverified student's, at the same campus.
    await student.page.goto("/");
    const verifiedItem = await postItem(student.page, { productName: `Drafter ${tag}` });
    const other = await openPhone();
    await signUpStudent(other.page.request, { name: "Arjun Pillai", ...MADRAS });
    await other.page.goto("/");
    const plainItem = await postItem(other.page, { productName: `Calculator ${tag}` });

    // The buyer's phone: the seller card says 'Verified Student' for her only.
    const buyer = await openPhone();
    await signUpStudent(buyer.page.request, { name: "Nikhil Rao", ...MADRAS });
    await buyer.page.goto(`/item/${verifiedItem}`);
    const sellerCard = buyer.page.getByRole("region", { name: "Seller" });
    await sellerCard.getByText(seller.name).waitFor();
    await sellerCard.getByText("Verified Student").waitFor();
    await buyer.page.goto(`/item/${plainItem}`);
    await buyer.page.getByRole("region", { name: "Seller" }).getByText("Arjun Pillai").waitFor();
    expect(
      await buyer.page.getByRole("region", { name: "Seller" }).getByText("Verified Student").count(),
    ).toBe(0);

    // Browse: her card carries the check; 'Verified sellers only' leaves the other card out.
    await buyer.page.goto(`/buy?college=IIT%20Madras&search=${tag}`);
    const cards = buyer.page.getByRole("article");
    await expect.poll(() => cards.count()).toBe(2);
    const herCard = cards.filter({ hasText: `Drafter ${tag}` });
    expect(await herCard.getByRole("img", { name: "Verified student" }).count()).toBe(1);
    expect(
      await cards
        .filter({ hasText: `Calculator ${tag}` })
        .getByRole("img", { name: "Verified student" })
        .count(),
    ).toBe(0);
    await buyer.page.getByRole("button", { name: "Verified sellers only" }).tap();
    await expect.poll(() => new URL(buyer.page.url()).searchParams.get("verifiedOnly")).toBe("true");
    await expect.poll(() => cards.count()).toBe(1);
    await cards.filter({ hasText: `Drafter ${tag}` }).waitFor();
    await expectNoSeriousA11yViolations(buyer.page);

    expect([...student.errors, ...other.errors, ...buyer.errors]).toEqual([]);
    await Promise.all([student.context.close(), other.context.close(), buyer.context.close()]);
  }, 240_000);

  it("a student with no college address sends her student ID; the admin approves it on a phone and the photo is gone", async () => {
    const student = await openPhone();
    await signUpStudent(student.page.request, {
      name: "Sneha Kulkarni",
      city: "Pune",
      college: "Fergusson College",
    });
    await student.page.goto("/settings");
    const section = student.page.getByRole("region", { name: "Verify your college" });
    await section.getByRole("heading", { name: "Verify with your student ID" }).waitFor();
    // Fergusson College has no e-mail domain: the code form is not offered.
    expect(await section.getByLabel("College e-mail address").count()).toBe(0);
    await section.getByLabel("Photo of your student ID").setInputFiles({
      name: "student-id.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(student.page, "#7c3aed"),
    });
    await section.getByRole("button", { name: "Send for review" }).tap();
    await section.getByText("Your student ID is waiting for review.").waitFor();
    await expectNoSeriousA11yViolations(student.page);

    const admin = await openPhone();
    await signInAdminInBrowser(admin.page);
    await openTab(admin.page, "Verifications", "verifications");
    const card = admin.page.getByRole("article", { name: "Sneha Kulkarni" });
    await card.getByText("Fergusson College").waitFor();
    const photo = card.getByRole("img", { name: "Student ID card of Sneha Kulkarni" });
    await expect
      .poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const photoUrl = (await photo.getAttribute("src")) ?? "";
    await expectNoSeriousA11yViolations(admin.page);
    await expectNoSidewaysScroll(admin.page);
    // The student cannot fetch the photo; the administrator can, until the decision.
    expect((await student.page.request.get(photoUrl)).status()).toBe(403);
    expect((await admin.page.request.get(photoUrl)).status()).toBe(200);

    await card.getByRole("button", { name: "Approve Sneha Kulkarni" }).tap();
    await admin.page
      .getByRole("status")
      .filter({ hasText: "Sneha Kulkarni is now a verified student of Fergusson College." })
      .waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect((await admin.page.request.get(photoUrl)).status()).toBe(404);

    await student.page.reload();
    await section.getByText("Verified student of Fergusson College").waitFor();
    expect([...student.errors, ...admin.errors]).toEqual([]);
    await Promise.all([student.context.close(), admin.context.close()]);
  }, 240_000);
});
