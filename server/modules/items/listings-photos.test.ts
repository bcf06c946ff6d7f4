import { randomUUID } from "node:crypto";
import { LISTING_TEXTS } from "@shared/listing-texts";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { indiaToday } from "@shared/validation/settings";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasGpsDirectory, makeImage, makePhoneJpeg } from "../../../tests/factories/images";
import { insertItem } from "../../../tests/factories/items";
import { buildSellForm, postItem, sendItem } from "../../../tests/factories/sell";
import { createStudent } from "../../../tests/factories/users";
import { get } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { uploadedImageUrls, uploadFile } from "../../../tests/helpers/uploads";
import { createWebRoot } from "../../../tests/helpers/web-root";
import { items } from "../../db/schema";

// Several photos per item, in order, and the link previews the server renders into /item/{id}.
let testApp: TestApp;
let removeWebRoot: () => Promise<void>;
let seller: Awaited<ReturnType<typeof createStudent>>;
let buyer: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  const webRoot = await createWebRoot(
    '<!doctype html><html><head><title>Campus Bazaar</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  removeWebRoot = webRoot.remove;
  testApp = await createTestApp(
    { WRITE_RATE_LIMIT_SCALE: "100" },
    { startWorkers: false, webRoot: webRoot.dir },
  );
  seller = await createStudent(testApp, { name: "Ishita Rao", mobile: "9123456780" });
  buyer = await createStudent(testApp, { name: "Kabir Singh" });
});
afterAll(async () => {
  await testApp.close();
  await removeWebRoot();
});

const photos = (count: number, cookie = seller.cookie) => uploadedImageUrls(testApp, cookie, count);

const withPhotos = (urls: string[], overrides: Record<string, unknown> = {}) =>
  buildSellForm(urls[0] as string, { images: urls, ...overrides });

const fileStatus = async (url: string) => (await get(testApp, url)).statusCode;

describe("photos: up to 8 per item, in order, the first the cover", () => {
  it("posts three photos in the order given, the first as productImage", async () => {
    const urls = await photos(3);
    const item = await postItem(testApp, seller.cookie, withPhotos(urls));
    expect(item.images).toEqual(urls);
    expect(item.productImage).toBe(urls[0]);
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(detail.item.images).toEqual(urls);
  });

  it("browse and favourites cards carry the cover and the photo count, not every photo", async () => {
    const urls = await photos(3);
    const item = await postItem(
      testApp,
      seller.cookie,
      withPhotos(urls, { productName: "Tripod with three legs" }),
    );
    const favourite = await testApp.app.inject({
      method: "PUT",
      url: `/api/items/${item.id}/favourite`,
      headers: { cookie: buyer.cookie },
    });
    expect(favourite.statusCode).toBe(204);
    const browse = (
      await get(testApp, "/api/items?search=Tripod%20with%20three", { cookie: buyer.cookie })
    ).json();
    const favourites = (await get(testApp, "/api/me/favourites", { cookie: buyer.cookie })).json();
    for (const card of [
      browse.items[0],
      favourites.items.find((each: { id: string }) => each.id === item.id),
    ]) {
      expect(card).toMatchObject({ id: item.id, productImage: urls[0], photoCount: 3 });
      expect(card).not.toHaveProperty("images");
    }
    const detail = (await get(testApp, `/api/items/${item.id}`, { cookie: buyer.cookie })).json();
    expect(detail.item.images).toEqual(urls);
    expect(detail.item).not.toHaveProperty("photoCount");
  });

  it("keeps a client that sends only productImage working: one photo", async () => {
    const [url] = await photos(1);
    const item = await postItem(testApp, seller.cookie, buildSellForm(url as string));
    expect(item.images).toEqual([url]);
  });

  it("refuses a ninth photo, a repeated photo, a cover that is not the first, and none at all", async () => {
    const urls = await photos(9);
    const cases: [object, string][] = [
      [withPhotos(urls), LISTING_TEXTS.tooManyPhotos],
      [withPhotos([urls[0] as string, urls[0] as string]), LISTING_TEXTS.duplicatePhoto],
      [withPhotos(urls.slice(0, 2), { productImage: urls[1] }), LISTING_TEXTS.coverMustBeFirst],
      [withPhotos([]), SELL_MESSAGES.imageRequired],
    ];
    for (const [body, message] of cases) {
      const before = (await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(items))[0]?.n;
      const response = await sendItem(testApp, "POST", "/api/items", seller.cookie, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.body).toContain(message);
      const after = (await testApp.database.db.select({ n: sql<number>`count(*)::int` }).from(items))[0]?.n;
      expect(after).toBe(before);
    }
  });

  it("accepts exactly 8 photos", async () => {
    const urls = await photos(8);
    const item = await postItem(testApp, seller.cookie, withPhotos(urls));
    expect(item.images).toHaveLength(8);
  });

  it("refuses a photo another student uploaded", async () => {
    const [own] = await photos(1);
    const [theirs] = await photos(1, buyer.cookie);
    const response = await sendItem(
      testApp,
      "POST",
      "/api/items",
      seller.cookie,
      withPhotos([own as string, theirs as string]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(SELL_MESSAGES.imageRequired);
  });

  it("strips EXIF and GPS from every photo of a listing", async () => {
    const urls: string[] = [];
    for (const index of [1, 2, 3]) {
      const response = await uploadFile(testApp, seller.cookie, await makePhoneJpeg(), `phone-${index}.jpg`);
      expect(response.statusCode).toBe(201);
      urls.push(response.json().url);
    }
    const item = await postItem(testApp, seller.cookie, withPhotos(urls));
    for (const url of item.images ?? []) {
      const file = await get(testApp, url);
      expect(file.statusCode).toBe(200);
      const metadata = await sharp(file.rawPayload).metadata();
      expect(hasGpsDirectory(metadata.exif)).toBe(false);
      expect(metadata.exif?.includes(Buffer.from("CampusPhone")) ?? false).toBe(false);
    }
  });

  it("an edit with only the spec's productImage replaces the cover and keeps the other photos", async () => {
    const [a, b, c, d] = (await photos(4)) as [string, string, string, string];
    const item = await postItem(testApp, seller.cookie, withPhotos([a, b, c]));
    const edited = await sendItem(
      testApp,
      "PATCH",
      `/api/items/${item.id}`,
      seller.cookie,
      buildSellForm(d, { price: 640 }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item).toMatchObject({ productImage: d, images: [d, b, c], price: 640 });
    expect(await fileStatus(a)).toBe(404);
    for (const kept of [b, c, d]) expect(await fileStatus(kept)).toBe(200);
    // The same cover again changes no photo.
    const same = await sendItem(testApp, "PATCH", `/api/items/${item.id}`, seller.cookie, buildSellForm(d));
    expect(same.json().item.images).toEqual([d, b, c]);
  });

  it("edits add, remove and reorder photos; removed files are deleted, kept ones stay", async () => {
    const [a, b, c, d] = (await photos(4)) as [string, string, string, string];
    const item = await postItem(testApp, seller.cookie, withPhotos([a, b, c]));
    const edited = await sendItem(
      testApp,
      "PATCH",
      `/api/items/${item.id}`,
      seller.cookie,
      withPhotos([c, d, a]),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().item.images).toEqual([c, d, a]);
    expect(edited.json().item.productImage).toBe(c);
    expect(await fileStatus(b)).toBe(404);
    for (const kept of [a, c, d]) expect(await fileStatus(kept)).toBe(200);
  });

  it("deleting an item deletes all its photos", async () => {
    const urls = await photos(3);
    const item = await postItem(testApp, seller.cookie, withPhotos(urls));
    const response = await testApp.app.inject({
      method: "DELETE",
      url: `/api/items/${item.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(204);
    for (const url of urls) expect(await fileStatus(url)).toBe(404);
  });

  it("makes the 1200x630 link-preview copy of a photo", async () => {
    const upload = await uploadFile(
      testApp,
      seller.cookie,
      await makeImage("jpeg", { width: 1600, height: 1200 }),
      "big.jpg",
    );
    const url = upload.json().url as string;
    const response = await get(testApp, `${url}?variant=og`);
    expect(response.statusCode).toBe(200);
    const metadata = await sharp(response.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([1200, 630]);
  });
});

describe("link previews of /item/{id}, rendered by the server", () => {
  it("carries the Open Graph and Twitter tags and nothing private, without a cookie", async () => {
    const [url] = await photos(1);
    const item = await postItem(
      testApp,
      seller.cookie,
      buildSellForm(url as string, {
        productName: "Casio <fx-991EX>",
        price: 1250,
        showMobileNumber: true,
        description: "Secret description text",
      }),
    );
    const page = await testApp.app.inject({ method: "GET", url: `/item/${item.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const html = page.body;
    const origin = "http://localhost:3000";
    expect(html).toContain('<meta property="og:title" content="Casio &lt;fx-991EX&gt; · ₹1,250" />');
    expect(html).toContain(
      '<meta property="og:description" content="like new · IIT Bombay · on Campus Bazaar" />',
    );
    expect(html).toContain(`<meta property="og:image" content="${origin}${url}?variant=og" />`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/item/${item.id}" />`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/item/${item.id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    for (const secret of [seller.name, seller.mobile, seller.email, "Secret description text", seller.id]) {
      expect(html).not.toContain(secret);
    }
    // A signed-out visitor gets the teaser without the app: cover, name, price, condition, college.
    expect(html).toContain("Sign in to contact the seller");
    expect(html).toContain(`href="/login?from=%2Fitem%2F${item.id}"`);
    expect(html).toContain(`href="/signup?from=%2Fitem%2F${item.id}"`);
    expect(html).toContain(
      '<h1 class="text-2xl font-bold break-words text-slate-900">Casio &lt;fx-991EX&gt;</h1>',
    );
    expect(html).not.toContain('<div id="root">');
    expect(html).not.toContain("<script");
    // Signed in, the app is sent, with the same preview tags.
    const signedIn = await testApp.app.inject({
      method: "GET",
      url: `/item/${item.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).toContain('<meta property="og:title" content="Casio &lt;fx-991EX&gt; · ₹1,250" />');
    expect(signedIn.body).not.toContain("Sign in to contact the seller");

    const teaser = await get(testApp, `/api/public/items/${item.id}`);
    expect(teaser.statusCode).toBe(200);
    expect(teaser.json()).toEqual({
      item: {
        id: item.id,
        productName: "Casio <fx-991EX>",
        productImage: url,
        price: 1250,
        condition: "like new",
        sellerCollege: "IIT Bombay",
      },
    });
  });

  it("gives a neutral card and no teaser while the seller is on holiday, as browse hides the item", async () => {
    const away = await createStudent(testApp, { name: "Meera Iyer" });
    const item = await insertItem(testApp, away.id, { productName: "Holiday kettle" });
    const setHoliday = (body: object) =>
      testApp.app.inject({
        method: "PUT",
        url: "/api/me/holiday",
        payload: body,
        headers: { cookie: away.cookie },
      });
    const today = indiaToday();
    const later = indiaToday(new Date(Date.now() + 3 * 86_400_000));
    expect((await setHoliday({ isActive: true, fromDate: today, toDate: later })).statusCode).toBe(200);
    expect((await get(testApp, `/api/public/items/${item.id}`)).statusCode).toBe(404);
    const page = await testApp.app.inject({ method: "GET", url: `/item/${item.id}` });
    expect(page.body).toContain('<meta property="og:title" content="Campus Bazaar" />');
    expect(page.body).not.toContain("Holiday kettle");
    expect((await setHoliday({ isActive: false })).statusCode).toBe(200);
    expect((await get(testApp, `/api/public/items/${item.id}`)).json().item.productName).toBe(
      "Holiday kettle",
    );
  });

  it("shows a neutral card for a sold or deleted item", async () => {
    const sold = await insertItem(testApp, seller.id, {
      productName: "Sold calculator",
      isActive: false,
      isSold: true,
    });
    for (const id of [sold.id, randomUUID()]) {
      const page = await testApp.app.inject({ method: "GET", url: `/item/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta property="og:title" content="Campus Bazaar" />');
      expect(page.body).not.toContain("Sold calculator");
      expect(page.body).not.toContain("og:image");
      expect((await get(testApp, `/api/public/items/${id}`)).statusCode).toBe(404);
    }
  });
});
