import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { makeJpeg, signUpStudent } from "./support/students";

describe.skipIf(!isBrowserAvailable)("profiles, follow and settings in the browser", () => {
  const { browser } = useBrowser();

  it("a student edits name, bio and photo, and sees them after a reload", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signUpStudent(page.request, { name: "Aarav Gupta" });
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Full Name", { exact: true }).fill("Aarav K. Gupta");
    await page.getByLabel("Bio").fill("Second-year CSE, into robotics.");
    await page.getByLabel("Profile Photo").setInputFiles({
      name: "me.jpg",
      mimeType: "image/jpeg",
      buffer: await makeJpeg(page, "#10b981"),
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("heading", { name: "Aarav K. Gupta" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Aarav K. Gupta" }).waitFor();
    await page.getByText("Second-year CSE, into robotics.").waitFor();
    const photo = page.locator('img[src*="/api/files/profiles/profile-"]').first();
    await photo.waitFor();
    // The element is there before its bytes are: wait for the picture itself to have loaded.
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("following another student changes the count and the followers list", async () => {
    const target = await openPage(browser(), baseUrl);
    const person = await signUpStudent(target.page.request, { name: "Meher Bansal" });
    const fan = await openPage(browser(), baseUrl);
    await signUpStudent(fan.page.request, { name: "Rohit Verma" });

    await fan.page.goto(`/user/${person.id}`);
    await fan.page.waitForURL(`**/profile/${person.id}`);
    await fan.page.getByRole("heading", { level: 1, name: "Meher Bansal" }).waitFor();
    const followers = fan.page.getByRole("button", { name: /Followers/ });
    await expect.poll(async () => followers.textContent()).toContain("0");
    await fan.page.getByRole("button", { name: "Follow", exact: true }).click();
    await fan.page.getByRole("button", { name: "Unfollow" }).waitFor();
    await expect.poll(async () => followers.textContent()).toContain("1");
    await followers.click();
    const dialog = fan.page.getByRole("dialog", { name: "Followers" });
    await dialog.getByRole("link", { name: /Rohit Verma/ }).waitFor();
    await fan.page.keyboard.press("Escape");
    expect(await fan.page.getByRole("dialog").count()).toBe(0);

    await fan.page.getByRole("button", { name: "Unfollow" }).click();
    await fan.page.getByRole("button", { name: "Follow", exact: true }).waitFor();
    await expect.poll(async () => followers.textContent()).toContain("0");
    expect(fan.errors).toEqual([]);
    await target.context.close();
    await fan.context.close();
  });

  it("holiday mode hides the student's items from /buy until it is turned off", async () => {
    const seller = await openPage(browser(), baseUrl);
    await signUpStudent(seller.page.request, { name: "Sana Qureshi" });
    const productName = `Cycle Lock ${randomBytes(3).toString("hex")}`;
    const upload = await seller.page.request.post("/api/uploads/images", {
      multipart: { file: { name: "lock.jpg", mimeType: "image/jpeg", buffer: await makeJpeg(seller.page) } },
      headers: { origin: baseUrl },
    });
    const { url } = (await upload.json()) as { url: string };
    const created = await seller.page.request.post("/api/items", {
      data: {
        productName,
        type: "Lock",
        price: 150,
        category: "other",
        condition: "used",
        description: "",
        showMobileNumber: false,
        productImage: url,
      },
      headers: { origin: baseUrl },
    });
    expect(created.status()).toBe(201);

    const buyer = await openPage(browser(), baseUrl);
    await signUpStudent(buyer.page.request, { name: "Dev Malhotra" });
    /** How many items /buy finds for the product, across all colleges. */
    const search = async (): Promise<number> => {
      await buyer.page.goto(`/buy?college=&search=${encodeURIComponent(productName)}`);
      const found = buyer.page.getByText(/\d+ item\(s\) found/).first();
      const empty = buyer.page.getByRole("heading", { name: "No items found" });
      await found.or(empty).first().waitFor();
      if (await empty.isVisible()) return 0;
      return Number.parseInt(/(\d+) item\(s\) found/.exec((await found.textContent()) ?? "")?.[1] ?? "", 10);
    };
    expect(await search()).toBe(1);

    await seller.page.goto("/settings");
    await seller.page.getByLabel("Enable Holiday Mode").check();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const later = new Date(`${today}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 5);
    await seller.page.getByLabel("From", { exact: true }).fill(today);
    await seller.page.getByLabel("To", { exact: true }).fill(later.toISOString().slice(0, 10));
    await seller.page.getByRole("button", { name: "Save Holiday Mode" }).click();
    await seller.page.getByText("Holiday mode activated successfully!").waitFor();
    await seller.page.getByText("Holiday Mode Active").waitFor();
    expect(await search()).toBe(0);

    await seller.page.getByRole("button", { name: "Turn Off Holiday Mode" }).click();
    await seller.page.getByText("Holiday mode deactivated successfully!").waitFor();
    expect(await search()).toBe(1);
    expect(seller.errors).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});
