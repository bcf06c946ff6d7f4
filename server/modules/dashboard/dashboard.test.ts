import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFollow, insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { items } from "../../db/schema";

const SUPPORT_EMAIL = "helpdesk@campus-bazaar.example";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ SUPPORT_EMAIL });
});
afterAll(() => testApp.close());

async function dashboardOf(cookie: string) {
  const response = await get(testApp, "/api/dashboard", { cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/dashboard", () => {
  it("requires sign-in", async () => {
    const response = await get(testApp, "/api/dashboard");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: "unauthenticated", message: "Please sign in to continue." },
    });
  });

  it("shows zero tiles, no recent activity and the configured help-desk address to a new student", async () => {
    const student = await createStudent(testApp);
    expect(await dashboardOf(student.cookie)).toEqual({
      itemsSold: 0,
      itemsSelling: 0,
      followers: 0,
      recentActivity: [],
      newNearYou: [],
      supportEmail: SUPPORT_EMAIL,
    });
  });

  it("counts the student's own items: Items Sold are inactive, Items Selling are active", async () => {
    const student = await createStudent(testApp);
    const other = await createStudent(testApp);
    const first = await insertItem(testApp, student.id);
    await insertItem(testApp, student.id, {
      productName: "Engineering Drawing, N.D. Bhatt",
      category: "books",
    });
    await insertItem(testApp, student.id, { isActive: false, isSold: true, soldAt: new Date() });
    await insertItem(testApp, other.id);
    await insertItem(testApp, other.id, { isActive: false, isSold: true });
    expect(await dashboardOf(student.cookie)).toMatchObject({ itemsSold: 1, itemsSelling: 2 });

    await testApp.database.db
      .update(items)
      .set({ isActive: false, isSold: true, soldAt: new Date() })
      .where(eq(items.id, first.id));
    expect(await dashboardOf(student.cookie)).toMatchObject({ itemsSold: 2, itemsSelling: 1 });
  });

  it("counts the student's followers, not the people the student follows", async () => {
    const student = await createStudent(testApp);
    const fans = [await createStudent(testApp), await createStudent(testApp)];
    for (const fan of fans) await insertFollow(testApp, fan.id, student.id);
    const followed = await createStudent(testApp);
    await insertFollow(testApp, student.id, followed.id);

    expect((await dashboardOf(student.cookie)).followers).toBe(2);
    expect((await dashboardOf(followed.cookie)).followers).toBe(1);
  });
});

describe("GET /api/dashboard: Recent Activity", () => {
  it("lists the student's latest items, newest first, each linking to /item/{id}", async () => {
    const student = await createStudent(testApp);
    const other = await createStudent(testApp);
    const at = (day: number) => new Date(Date.UTC(2025, 1, day, 10, 0, 0));
    const listed = await insertItem(testApp, student.id, {
      productName: "Philips iron",
      price: 1250,
      createdAt: at(1),
    });
    const sold = await insertItem(testApp, student.id, {
      productName: "Hostel mattress",
      createdAt: at(2),
      isActive: false,
      isSold: true,
      soldAt: at(5),
    });
    const newer = await insertItem(testApp, student.id, { productName: "Study table", createdAt: at(3) });
    await insertItem(testApp, other.id, { productName: "Someone else's lamp", createdAt: at(9) });

    const activity = (await dashboardOf(student.cookie)).recentActivity;
    expect(activity.map((a: { id: string }) => a.id)).toEqual([sold.id, newer.id, listed.id]);
    for (const entry of activity) expect(entry.href).toBe(`/item/${entry.id}`);
    expect(activity[0]).toMatchObject({ kind: "item.sold", at: at(5).toISOString() });
    expect(activity[2]).toMatchObject({ kind: "item.listed", at: at(1).toISOString() });
    expect(activity[2].text).toContain("Philips iron");
    expect(activity[2].text).toContain("₹1,250");
  });
});

describe("GET /api/dashboard: 'New near you'", () => {
  it("shows a student with no activity their college's newest, then their city's, six at most", async () => {
    const city = "Bhopal";
    const college = "Barkatullah University";
    const neighbour = await createStudent(testApp, { city, college: "National Law Institute University" });
    const classmate = await createStudent(testApp, { city, college });
    const far = await createStudent(testApp, { city: "Jaipur", college: "University of Rajasthan" });
    const day = (n: number) => new Date(Date.UTC(2025, 5, n, 9, 0, 0));
    const names: string[] = [];
    for (let n = 1; n <= 6; n++) {
      await insertItem(testApp, neighbour.id, { productName: `Nearby ${n}`, createdAt: day(n) });
    }
    await insertItem(testApp, classmate.id, { productName: "Classmate lamp", createdAt: day(1) });
    await insertItem(testApp, far.id, { productName: "Far away", createdAt: day(20) });
    const newcomer = await createStudent(testApp, { city, college });
    const body = await dashboardOf(newcomer.cookie);
    for (const item of body.newNearYou) names.push(item.productName);
    expect(names).toEqual(["Classmate lamp", "Nearby 6", "Nearby 5", "Nearby 4", "Nearby 3", "Nearby 2"]);
    expect(body.newNearYou[0]).toMatchObject({ sellerCollege: college, isFavourite: false });

    // Once they have activity of their own, their activity shows instead.
    const seller = await dashboardOf(classmate.cookie);
    expect(seller.recentActivity).toHaveLength(1);
    expect(seller.newNearYou).toEqual([]);
  });
});
