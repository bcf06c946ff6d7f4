import { randomBytes } from "node:crypto";
import type { SignupBody } from "@shared/api/auth";
import type { TestApp } from "../helpers/test-app";
import { sessionCookieOf } from "../helpers/test-app";

export const STRONG_PASSWORD = "Campus#Bazaar9";

/** A valid signup body for a college in the seeded directory; overrides change single fields. */
export function buildSignup(overrides: Partial<SignupBody> = {}): SignupBody {
  return {
    name: "Priya Sharma",
    email: `student-${randomBytes(5).toString("hex")}@example.in`,
    city: "Mumbai",
    college: "IIT Bombay",
    // A number of its own: a suspended student's number cannot sign up again (issue 36).
    mobile: `9${String(randomBytes(4).readUInt32BE(0) % 1_000_000_000).padStart(9, "0")}`,
    password: STRONG_PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/** Signs a new student up through the API and returns them with their session cookie. */
export async function createStudent(testApp: TestApp, overrides: Partial<SignupBody> = {}) {
  const body = buildSignup(overrides);
  const response = await testApp.app.inject({ method: "POST", url: "/api/auth/signup", payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { ...body, id: response.json().user.id as string, cookie: sessionCookieOf(response) };
}
