import type { Page, Response } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage } from "../helpers/browser";
import { baseUrl, isBrowserAvailable, useBrowser } from "./e2e-context";
import { signUpStudent } from "./support/students";

/** A 4000x3000 phone-style photo, noisy so it stays several MB, taken with the phone on its side. */
function makeLargePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function makeSmallPng(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 150, channels: 4, background: "#f59e0b" } })
    .png()
    .toBuffer();
}

interface ReceivedUpload {
  /** The request body's length, as the server was told and read it. */
  requestBytes: number;
  url: string;
}

async function received(response: Response): Promise<ReceivedUpload> {
  expect(response.status()).toBe(201);
  const { url } = (await response.json()) as { url: string };
  // Chromium does not report the size of a body made from a file, but its Content-Length is real.
  const headers = await response.request().allHeaders();
  return { requestBytes: Number(headers["content-length"] ?? 0), url };
}

interface SentFile {
  name: string;
  type: string;
  size: number;
  /** Base64 of the bytes, for small files only. */
  base64: string | null;
}

/** Records each file the page puts into a form, so a test can see what was really sent. */
async function watchSentFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { sentFiles: unknown[] }).sentFiles = sent;
    const append = FormData.prototype.append;
    FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
      const value = args[1];
      if (value instanceof File) {
        const entry = { name: value.name, type: value.type, size: value.size, base64: null as string | null };
        sent.push(entry);
        if (value.size < 100_000) {
          void value.arrayBuffer().then((buffer) => {
            let binary = "";
            for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
            entry.base64 = btoa(binary);
          });
        }
      }
      return (append as (...rest: unknown[]) => void).apply(this, args);
    };
  });
}

async function lastSentFile(page: Page): Promise<SentFile> {
  const files = await page.evaluate(() => (window as unknown as { sentFiles: SentFile[] }).sentFiles);
  const last = files.at(-1);
  if (!last) throw new Error("No file was sent");
  return last;
}

async function storedSize(page: Page, url: string): Promise<{ width: number; height: number }> {
  const image = await page.request.get(url);
  expect(image.status()).toBe(200);
  const { width = 0, height = 0 } = await sharp(await image.body()).metadata();
  return { width, height };
}

describe.skipIf(!isBrowserAvailable)("photos are shrunk in the browser before they are uploaded", () => {
  const { browser } = useBrowser();
  let largePhoto: Buffer;
  let smallPng: Buffer;

  beforeAll(async () => {
    largePhoto = await makeLargePhoto();
    smallPng = await makeSmallPng();
  });

  it("a large item photo goes up as a smaller upright JPEG; a small PNG goes up unchanged", async () => {
    expect(largePhoto.length).toBeGreaterThan(3 * 1024 * 1024);
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signUpStudent(page.request, { name: "Neha Iyer" });
    await watchSentFiles(page);
    await page.goto("/sell");
    await page.getByRole("heading", { name: "Sell Your Item" }).waitFor();
    const input = page.locator('input[name="images"]');

    const largeUpload = page.waitForResponse((r) => r.url().endsWith("/api/uploads/images"), {
      timeout: 45_000,
    });
    await input.setInputFiles({ name: "IMG_2041.jpeg", mimeType: "image/jpeg", buffer: largePhoto });
    const large = await received(await largeUpload);
    await page.getByRole("button", { name: "Remove photo 1" }).waitFor();
    console.info(`item photo: ${largePhoto.length} bytes picked, ${large.requestBytes} bytes sent`);
    expect(large.requestBytes).toBeGreaterThan(0);
    expect(large.requestBytes).toBeLessThan(largePhoto.length / 2);
    const largeSent = await lastSentFile(page);
    expect(largeSent).toMatchObject({ name: "IMG_2041.jpg", type: "image/jpeg" });
    expect(large.requestBytes).toBeGreaterThan(largeSent.size);
    // Taken on its side (EXIF orientation 6): stored upright, 2560 px on the long side at most.
    const stored = await storedSize(page, large.url);
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(2560);
    expect(stored.height).toBeGreaterThan(stored.width);

    const smallUpload = page.waitForResponse((r) => r.url().endsWith("/api/uploads/images"));
    await input.setInputFiles({ name: "sticker.png", mimeType: "image/png", buffer: smallPng });
    const small = await received(await smallUpload);
    console.info(`small PNG: ${smallPng.length} bytes picked, ${small.requestBytes} bytes sent`);
    // The multipart wrapping adds a few hundred bytes around the untouched file.
    expect(small.requestBytes).toBeGreaterThan(smallPng.length);
    expect(small.requestBytes).toBeLessThan(smallPng.length + 600);
    await expect.poll(async () => (await lastSentFile(page)).base64).not.toBeNull();
    expect(await lastSentFile(page)).toEqual({
      name: "sticker.png",
      type: "image/png",
      size: smallPng.length,
      base64: smallPng.toString("base64"),
    });
    expect(await storedSize(page, small.url)).toEqual({ width: 200, height: 150 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a large profile photo goes up shrunk too", async () => {
    const { page, context, errors } = await openPage(browser(), baseUrl);
    await signUpStudent(page.request, { name: "Farhan Qureshi" });
    await watchSentFiles(page);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Profile Photo").setInputFiles({
      name: "me.jpg",
      mimeType: "image/jpeg",
      buffer: largePhoto,
    });
    const upload = page.waitForResponse((r) => r.url().endsWith("/api/uploads/profile-photo"), {
      timeout: 45_000,
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    const sent = await received(await upload);
    console.info(`profile photo: ${largePhoto.length} bytes picked, ${sent.requestBytes} bytes sent`);
    expect(sent.requestBytes).toBeGreaterThan(0);
    expect(sent.requestBytes).toBeLessThan(largePhoto.length / 2);
    expect(await lastSentFile(page)).toMatchObject({ name: "me.jpg", type: "image/jpeg" });
    const stored = await storedSize(page, sent.url);
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(2560);
    expect(stored.height).toBeGreaterThan(stored.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
