import { PAGE_SIZE } from "@shared/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { markUserDeleted } from "../../../tests/factories/profiles";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let testApp: TestApp;
let seller: Awaited<ReturnType<typeof createStudent>>;
beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createStudent(testApp, { name: "Meera Pillai" });
});
afterAll(() => testApp.close());

function favourite(method: "PUT" | "DELETE", itemId: string, cookie: string) {
  return testApp.app.inject({ method, url: `/api/items/${itemId}/favourite`, headers: { cookie } });
}

async function save(itemId: string, cookie: string) {
  expect((await favourite("PUT", itemId, cookie)).statusCode).toBe(204);
}

const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe("GET /api/me/favourites", () => {
  it("requires sign-in", async () => {
    const response = await get(testApp, "/api/me/favourites");
    expect(response.statusCode).toBe(401);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("lists the student's saved items, most recently saved first, with the viewer's abilities, no-store", async () => {
    const buyer = await createStudent(testApp);
    const first = await insertItem(testApp, seller.id, { productName: "Study lamp" });
    const second = await insertItem(testApp, seller.id, { productName: "Cycle lock" });
    const notSaved = await insertItem(testApp, seller.id);
    await save(first.id, buyer.cookie);
    await save(second.id, buyer.cookie);

    const response = await get(testApp, "/api/me/favourites", { cookie: buyer.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(idsOf(body)).toEqual([second.id, first.id]);
    expect(idsOf(body)).not.toContain(notSaved.id);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: PAGE_SIZE, totalPages: 1 });
    expect(body.items[0]).toMatchObject({
      productName: "Cycle lock",
      sellerName: "Meera Pillai",
      abilities: { canContact: true, canFavourite: true, canEdit: false },
    });
  });

  it("refuses to show another student's saves: each student reads only their own", async () => {
    const saver = await createStudent(testApp);
    const other = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id);
    await save(item.id, saver.cookie);

    const theirs = await get(testApp, "/api/me/favourites", { cookie: other.cookie });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ items: [], total: 0, totalPages: 1 });
    // The list takes no user id: a query naming someone else is ignored, not obeyed.
    const probing = await get(testApp, `/api/me/favourites?userId=${saver.id}`, { cookie: other.cookie });
    expect(probing.json().total).toBe(0);
  });

  it("keeps a sold item, marked sold; drops an item once unsaved, deleted, or its seller's account is gone", async () => {
    const buyer = await createStudent(testApp);
    const leaving = await createStudent(testApp);
    const sold = await insertItem(testApp, seller.id, { isActive: false, isSold: true, soldAt: new Date() });
    const unsaved = await insertItem(testApp, seller.id);
    const deleted = await insertItem(testApp, seller.id);
    const ofGoneSeller = await insertItem(testApp, leaving.id);
    for (const item of [sold, unsaved, deleted, ofGoneSeller]) await save(item.id, buyer.cookie);

    expect((await favourite("DELETE", unsaved.id, buyer.cookie)).statusCode).toBe(204);
    const removal = await testApp.app.inject({
      method: "DELETE",
      url: `/api/items/${deleted.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(removal.statusCode).toBe(204);
    await markUserDeleted(testApp, leaving.id);

    const body = (await get(testApp, "/api/me/favourites", { cookie: buyer.cookie })).json();
    expect(idsOf(body)).toEqual([sold.id]);
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ isActive: false, isSold: true });
  });

  it("pages twelve at a time, and a page past the end is empty but still counts", async () => {
    const collector = await createStudent(testApp);
    const saved: string[] = [];
    for (let index = 0; index < PAGE_SIZE + 2; index++) {
      const item = await insertItem(testApp, seller.id, { productName: `Notebook ${index}` });
      await save(item.id, collector.cookie);
      saved.unshift(item.id);
    }
    const first = (await get(testApp, "/api/me/favourites", { cookie: collector.cookie })).json();
    const second = (await get(testApp, "/api/me/favourites?page=2", { cookie: collector.cookie })).json();
    expect(first).toMatchObject({ total: PAGE_SIZE + 2, totalPages: 2, page: 1 });
    expect(idsOf(first)).toHaveLength(PAGE_SIZE);
    expect(idsOf(second)).toHaveLength(2);
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual([...saved].sort());

    const beyond = (await get(testApp, "/api/me/favourites?page=5", { cookie: collector.cookie })).json();
    expect(beyond).toMatchObject({ items: [], total: PAGE_SIZE + 2, totalPages: 2, page: 5 });
  });

  it.each(["0", "-1", "abc", "99999999"])("answers a bad page (%s) with 400, never 500", async (page) => {
    const student = await createStudent(testApp);
    const response = await get(testApp, `/api/me/favourites?page=${page}`, { cookie: student.cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_input");
  });

  it("an item shows as saved on its page exactly when it is on the list", async () => {
    const buyer = await createStudent(testApp);
    const item = await insertItem(testApp, seller.id);
    await save(item.id, buyer.cookie);
    const detail = await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie });
    expect(detail.json().isFavourite).toBe(true);
    expect(idsOf((await get(testApp, "/api/me/favourites", { cookie: buyer.cookie })).json())).toEqual([
      item.id,
    ]);
  });
});
