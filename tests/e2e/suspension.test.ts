import { randomBytes } from "node:crypto";
import { MODERATION_TEXTS, SUSPENSION_TEXTS } from "@shared/reports-constants";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice, openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signInAdminInBrowser } from "./support/admin";
import { PASSWORD, signUpStudent } from "./support/students";

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** Nothing on the page reaches past the screen's right edge, and the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll("button, a, [role=tab], input, select, textarea, summary")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // The skip link is clipped away (sr-only) until focused: that is hiding, not overflow.
        const style = getComputedStyle(element);
        const isClippedAway = style.clip.startsWith("rect(0px") || style.clipPath === "inset(50%)";
        return box.width > 1 && !isClippedAway && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map((element) => (element.textContent ?? "").trim().slice(0, 40) || element.tagName);
    return { page: document.documentElement.scrollWidth - width, outside };
  });
  expect(overflow.page, `sideways scroll on ${where}`).toBeLessThanOrEqual(0);
  expect(overflow.outside, `controls past the edge on ${where}`).toEqual([]);
}

describe.skipIf(!isBrowserAvailable)("a suspension the student can read, on a phone", () => {
  const { browser } = useBrowser();

  it("the open tab says why, sign-in names the reason, the student appeals, the admin sees it beside the suspension and lifts it", async () => {
    const student = await openDevice(browser(), baseUrl, PHONE);
    const name = `Rohan Suspended ${randomBytes(2).toString("hex")}`;
    const account = await signUpStudent(student.page.request, { name });
    await student.page.goto("/dashboard");
    await student.page.getByRole("heading", { level: 1 }).first().waitFor();

    const reporter = await openPage(browser(), baseUrl);
    await signUpStudent(reporter.page.request, { name: "Meera Iyer" });
    const reported = await reporter.page.request.post("/api/reports", {
      data: { targetType: "user", targetId: account.id, reason: "Scam or fraud" },
      headers: { origin: baseUrl },
    });
    expect(reported.status()).toBe(201);
    const reportId = ((await reported.json()) as { report: { id: string } }).report.id;

    const admin = await openDevice(browser(), baseUrl, PHONE);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    const reason = "Asked buyers for UPI advances.";
    const suspended = await admin.page.request.post(`/api/admin/reports/${reportId}/action`, {
      data: { action: "suspend", reason, duration: "7d" },
      headers: { origin: baseUrl },
    });
    expect(suspended.status()).toBe(200);

    // The open tab drops to sign-in, and says why.
    await student.page.waitForURL(/\/login/);
    await student.page.getByText(SUSPENSION_TEXTS.signedOutSuspended).waitFor();
    await expectNoSeriousA11yViolations(student.page);

    // Signing in again names the reason and offers the appeal.
    await student.page.getByLabel("Email address").fill(account.email);
    await student.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await student.page.getByRole("button", { name: "Sign in" }).tap();
    const refusal = student.page.getByRole("alert").filter({ hasText: "Your account is suspended until" });
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /Your account is suspended until \d{1,2} \w{3} \d{4}: Asked buyers for UPI advances\. You can appeal\./,
    );
    await expectNoSeriousA11yViolations(student.page);
    await expectNoSidewaysScroll(student.page, "/login");
    await refusal.getByRole("link", { name: SUSPENSION_TEXTS.appeal }).tap();
    await student.page.getByRole("heading", { name: SUSPENSION_TEXTS.appealTitle }).waitFor();
    const appealText = "I sold my own phone; the buyer asked for the advance himself. Chat attached.";
    await student.page.getByLabel(SUSPENSION_TEXTS.appealLabel).fill(appealText);
    await expectNoSeriousA11yViolations(student.page);
    await student.page.getByRole("button", { name: SUSPENSION_TEXTS.send }).tap();
    await student.page.getByText(/^Your appeal was sent\. Your ticket ID is \d{6}\./).waitFor();
    await expectNoSidewaysScroll(student.page, "/appeal");

    // The admin, on a phone, sees the appeal beside the suspension, and lifts it after confirming.
    await admin.page.goto("/admin?tab=reports");
    const card = admin.page.getByRole("listitem").filter({ has: admin.page.getByRole("heading", { name }) });
    await card.getByText(reason).waitFor();
    const appeal = card.getByRole("region", { name: `Appeal of ${name}` });
    await appeal.getByText(appealText).waitFor();
    await expectNoSeriousA11yViolations(admin.page);
    await expectNoSidewaysScroll(admin.page, "?tab=reports");
    await card.getByRole("button", { name: `${MODERATION_TEXTS.liftSuspension} for ${name}` }).tap();
    const confirm = admin.page.getByRole("dialog", { name: "Please confirm" });
    await confirm.getByText(SUSPENSION_TEXTS.confirmLift(name)).waitFor();
    await confirm.getByRole("button", { name: MODERATION_TEXTS.liftSuspension, exact: true }).tap();
    await admin.page.getByRole("status").filter({ hasText: MODERATION_TEXTS.suspensionLifted }).waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // The audit log names the student and gives the reason; the report is one tap away.
    await admin.page.goto("/admin?tab=audit");
    const entry = admin.page
      .getByRole("row")
      .filter({ hasText: "Suspended user" })
      .filter({ hasText: account.email });
    await entry.getByText(reason).waitFor();
    await entry.getByText("1 report").tap();
    await entry.getByText("By Meera Iyer").waitFor();
    await expectNoSidewaysScroll(admin.page, "?tab=audit");
    await expectNoSeriousA11yViolations(admin.page);

    // The student signs in again.
    await student.page.goto("/login");
    await student.page.getByLabel("Email address").fill(account.email);
    await student.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await student.page.getByRole("button", { name: "Sign in" }).tap();
    await student.page.waitForURL(/\/dashboard/);

    expect(student.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await Promise.all([student.context.close(), reporter.context.close(), admin.context.close()]);
  });

  it("every admin tab fits a 360 px phone: no sideways scroll, every control on screen", async () => {
    const admin = await openDevice(browser(), baseUrl, PHONE);
    await signInAdminInBrowser(admin.page);
    await admin.page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    await expectNoSidewaysScroll(admin.page, "the tab list");
    for (const id of [
      "events",
      "marketplace",
      "users",
      "colleges",
      "recruitment",
      "tickets",
      "reports",
      "audit",
    ]) {
      await admin.page.goto(`/admin?tab=${id}`);
      await admin.page.getByRole("tabpanel").getByRole("heading").first().waitFor();
      await expect
        .poll(() =>
          admin.page
            .getByRole("status")
            .filter({ hasText: /Loading/ })
            .count(),
        )
        .toBe(0);
      await expectNoSidewaysScroll(admin.page, `?tab=${id}`);
    }
    await expectNoSeriousA11yViolations(admin.page);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
