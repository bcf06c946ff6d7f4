import { IMAGE_VARIANT_NAMES } from "@shared/images";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../../../tests/factories/images";
import { callAs, uploadProfilePhoto } from "../../../tests/factories/profiles";
import { buildSellForm, postItem, sendItem } from "../../../tests/factories/sell";
import { createStudent } from "../../../tests/factories/users";
import { get, signIn } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "../../../tests/helpers/test-app";
import { createTestAppWithDataDir, storedFiles, uploadedImageUrl } from "../../../tests/helpers/uploads";
import { imageVariants, uploads } from "../../db/schema";

/**
 * A picture that no page shows any more is gone: its address, every resized copy and the files
 * behind them answer 404, whoever removed it (the owner, a new photo, the administrator).
 */

let testApp: TestApp & { dataDir: string };
let adminCookie: string;
beforeAll(async () => {
  testApp = await createTestAppWithDataDir();
  adminCookie = await signIn(testApp, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => testApp.close());

type Bucket = "images" | "profiles";
const ACCEPTS = ["image/webp", "image/avif", "image/*"];

function bucketAndKey(url: string): { bucket: Bucket; key: string } {
  const [, , , bucket, key] = url.split("/");
  return { bucket: bucket as Bucket, key: key as string };
}

/** Every address of an image: the original and each named size in each format a browser gets. */
function addressesOf(url: string): { url: string; accept: string }[] {
  return [
    { url, accept: "*/*" },
    ...IMAGE_VARIANT_NAMES.flatMap((variant) =>
      ACCEPTS.map((accept) => ({ url: `${url}?variant=${variant}`, accept })),
    ),
  ];
}

/** Asks for every address, so the copies exist before the removal, and shows they are served. */
async function viewEverySize(url: string): Promise<void> {
  for (const address of addressesOf(url)) {
    const response = await get(testApp, address.url, { headers: { accept: address.accept } });
    expect(response.statusCode, address.url).toBe(200);
  }
  const { bucket, key } = bucketAndKey(url);
  expect(await storedFiles(testApp.dataDir, bucket)).toContain(key);
  const copies = (await storedFiles(testApp.dataDir, `${bucket}-variants`)).filter(
    (name) => name.startsWith(`${key}.`) && !name.endsWith(".content-type"),
  );
  expect(copies).toHaveLength(IMAGE_VARIANT_NAMES.length * ACCEPTS.length);
}

/** Every address answers 404, and no file of the image is left on disk or recorded. */
async function expectGone(url: string): Promise<void> {
  for (const address of addressesOf(url)) {
    const response = await get(testApp, address.url, { headers: { accept: address.accept } });
    expect(response.statusCode, address.url).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  }
  const { bucket, key } = bucketAndKey(url);
  expect(await storedFiles(testApp.dataDir, bucket)).not.toContain(key);
  const copies = await storedFiles(testApp.dataDir, `${bucket}-variants`);
  expect(copies.filter((name) => name.startsWith(`${key}.`))).toEqual([]);
  const db = testApp.database.db;
  expect(
    await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key))),
  ).toEqual([]);
  expect(
    await db
      .select()
      .from(imageVariants)
      .where(and(eq(imageVariants.bucket, bucket), eq(imageVariants.key, key))),
  ).toEqual([]);
}

async function uploadPhoto(cookie: string): Promise<string> {
  const response = await uploadProfilePhoto(testApp, cookie, await makeImage("png"), "me.png");
  expect(response.statusCode).toBe(201);
  return response.json().url;
}

async function setPhoto(cookie: string, profilePhoto: string | null): Promise<void> {
  const response = await callAs(testApp, "PATCH", "/api/me/profile", cookie, {
    name: "Meera Nair",
    bio: "",
    profilePhoto,
  });
  expect(response.statusCode).toBe(200);
}

describe("an item's picture", () => {
  it("is gone, with every resized copy, when its seller deletes the item", async () => {
    const seller = await createStudent(testApp);
    const url = await uploadedImageUrl(testApp, seller.cookie, "cycle.jpg");
    const item = await postItem(testApp, seller.cookie, buildSellForm(url));
    await viewEverySize(url);
    const response = await callAs(testApp, "DELETE", `/api/items/${item.id}`, seller.cookie);
    expect(response.statusCode).toBe(204);
    await expectGone(url);
  });

  it("is gone when its seller gives the item another picture, and the new one is served", async () => {
    const seller = await createStudent(testApp);
    const oldUrl = await uploadedImageUrl(testApp, seller.cookie, "lamp-old.jpg");
    const item = await postItem(testApp, seller.cookie, buildSellForm(oldUrl));
    await viewEverySize(oldUrl);
    const newUrl = await uploadedImageUrl(testApp, seller.cookie, "lamp-new.jpg");
    const edited = await sendItem(
      testApp,
      "PATCH",
      `/api/items/${item.id}`,
      seller.cookie,
      buildSellForm(newUrl),
    );
    expect(edited.statusCode).toBe(200);
    await expectGone(oldUrl);
    expect((await get(testApp, `${newUrl}?variant=thumb`)).statusCode).toBe(200);
  });

  it("stays while another item of the seller still shows it", async () => {
    const seller = await createStudent(testApp);
    const url = await uploadedImageUrl(testApp, seller.cookie, "books.jpg");
    const first = await postItem(testApp, seller.cookie, buildSellForm(url));
    await postItem(testApp, seller.cookie, buildSellForm(url, { productName: "Second set of books" }));
    expect((await callAs(testApp, "DELETE", `/api/items/${first.id}`, seller.cookie)).statusCode).toBe(204);
    await viewEverySize(url);
  });

  it("is gone when the administrator removes the post", async () => {
    const seller = await createStudent(testApp);
    const url = await uploadedImageUrl(testApp, seller.cookie, "drafter.jpg");
    const item = await postItem(testApp, seller.cookie, buildSellForm(url));
    await viewEverySize(url);
    const response = await callAs(testApp, "DELETE", `/api/admin/items/${item.id}`, adminCookie);
    expect(response.statusCode).toBe(204);
    await expectGone(url);
  });
});

describe("a profile photo", () => {
  it("is gone, with every resized copy, when its owner puts up another", async () => {
    const student = await createStudent(testApp);
    const oldPhoto = await uploadPhoto(student.cookie);
    await setPhoto(student.cookie, oldPhoto);
    await viewEverySize(oldPhoto);
    const newPhoto = await uploadPhoto(student.cookie);
    await setPhoto(student.cookie, newPhoto);
    await expectGone(oldPhoto);
    expect((await get(testApp, `${newPhoto}?variant=avatar`)).statusCode).toBe(200);
  });

  it("is gone when its owner removes it", async () => {
    const student = await createStudent(testApp);
    const photo = await uploadPhoto(student.cookie);
    await setPhoto(student.cookie, photo);
    await viewEverySize(photo);
    await setPhoto(student.cookie, null);
    await expectGone(photo);
  });

  it("stays when the profile is saved with the same photo", async () => {
    const student = await createStudent(testApp);
    const photo = await uploadPhoto(student.cookie);
    await setPhoto(student.cookie, photo);
    await setPhoto(student.cookie, photo);
    await viewEverySize(photo);
  });
});

describe("an account the administrator deletes", () => {
  it("takes its profile photo and its items' pictures with it, and nobody else's", async () => {
    const student = await createStudent(testApp);
    const photo = await uploadPhoto(student.cookie);
    await setPhoto(student.cookie, photo);
    const itemUrl = await uploadedImageUrl(testApp, student.cookie, "guitar.jpg");
    await postItem(testApp, student.cookie, buildSellForm(itemUrl));
    const unpostedUrl = await uploadedImageUrl(testApp, student.cookie, "draft.jpg");
    const other = await createStudent(testApp);
    const othersUrl = await uploadedImageUrl(testApp, other.cookie, "kettle.jpg");
    await postItem(testApp, other.cookie, buildSellForm(othersUrl));
    for (const url of [photo, itemUrl, unpostedUrl, othersUrl]) await viewEverySize(url);

    const response = await callAs(testApp, "DELETE", `/api/admin/users/${student.id}`, adminCookie);
    expect(response.statusCode).toBe(204);
    for (const url of [photo, itemUrl, unpostedUrl]) await expectGone(url);
    await viewEverySize(othersUrl);
  });
});
