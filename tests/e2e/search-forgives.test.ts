import { describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, openDevice } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { postItem } from "./support/items";
import { signUpStudent } from "./support/students";

/** A cheap Android phone: 360x740 CSS pixels, touch. */
const PHONE = { width: 360, height: 740 };
/** Only this file's seller posts here, so the campus's browse shows only its items. */
const CAMPUS = { city: "Bhopal", college: "Maulana Azad National Institute of Technology" };

describe.skipIf(!isBrowserAvailable)("browse's search forgives, on a 360 px phone", () => {
  const { browser } = useBrowser();

  it("finds the calculator for a typo and a model number without its dash, and 'किताब' for 'kitab'", async () => {
    const phone = await openDevice(browser(), baseUrl, {
      viewport: PHONE,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const { page } = phone;
    await signUpStudent(page.request, { name: "Ishita Verma", ...CAMPUS });
    await page.goto("/");
    await postItem(page, {
      productName: "Casio fx-991EX scientific",
      type: "Calculator",
      category: "gadgets",
    });
    await postItem(
      page,
      { productName: "हिंदी व्याकरण की किताब", type: "किताब", category: "books" },
      "#0f766e",
    );

    await page.goto("/buy");
    await page.getByText("2 item(s) found").waitFor();
    const search = page.getByRole("searchbox", { name: "Search items" });
    const cards = page.getByRole("list", { name: "Items" }).getByRole("article");
    for (const typed of ["Calculater", "fx 991ex"]) {
      await search.fill(typed);
      await page.waitForURL((url) => url.searchParams.get("search") === typed);
      await page.getByText("1 item(s) found").waitFor();
      await expect.poll(() => cards.first().textContent()).toContain("Casio fx-991EX scientific");
    }
    await expectNoSeriousA11yViolations(page);

    await search.fill("kitab");
    await page.waitForURL((url) => url.searchParams.get("search") === "kitab");
    await page.getByText("1 item(s) found").waitFor();
    await expect.poll(() => cards.first().textContent()).toContain("हिंदी व्याकरण की किताब");

    await search.fill("xylophone");
    await page.getByRole("heading", { name: "No items found" }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
