import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "../e2e-context";

export const PASSWORD = "Campus#Bazaar9";

export interface E2eStudent {
  id: string;
  name: string;
  email: string;
}

/** Signs a student up through the API, in the page's browser context (so the page is signed in). */
export async function signUpStudent(
  request: APIRequestContext,
  overrides: Partial<{ name: string; city: string; college: string; mobile: string }> = {},
): Promise<E2eStudent> {
  const name = overrides.name ?? "Diya Menon";
  const email = `e2e-${randomBytes(5).toString("hex")}@example.in`;
  const response = await request.post("/api/auth/signup", {
    data: {
      name,
      email,
      city: overrides.city ?? "Chennai",
      college: overrides.college ?? "IIT Madras",
      // A number of its own unless given: a suspended student's number cannot sign up again.
      mobile:
        overrides.mobile ?? `98${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`,
      password: PASSWORD,
      acceptTerms: true,
    },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, name, email };
}

/** A small real JPEG made by the browser's canvas, for upload fields. */
export async function makeJpeg(page: Page, colour = "#2563eb"): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = fill;
    context.fillRect(0, 0, 320, 240);
    return canvas.toDataURL("image/jpeg", 0.9);
  }, colour);
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}
