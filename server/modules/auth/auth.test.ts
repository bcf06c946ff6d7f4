import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildSignup, createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { countUsers, findUserRow, get, post, signIn, whoIs } from "../../../tests/helpers/api";
import {
  createTestApp,
  isPasswordChangedMail,
  resetTokenFromMail,
  sessionCookieOf,
  type TestApp,
  tokenFromMail,
  waitForMails,
} from "../../../tests/helpers/test-app";
import { emailTokens, outbox } from "../../db/schema";
import { countOutbox } from "../../jobs/outbox";
import { hashPassword } from "../../lib/passwords";

// Passwords are still hashed for real; the spy only counts the hashes a request costs.
vi.mock("../../lib/passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../lib/passwords")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const invalidInput = (message: string) => ({ error: { code: "invalid_input", message } });
const INVALID_LINK = {
  error: { code: "invalid_token", message: "This link is invalid or has expired. Please ask for a new one." },
};
const INVALID_CREDENTIAL = {
  error: { code: "invalid_credential", message: "Invalid email or password. Please check your credentials." },
};

/** Posts a signup that must fail, and shows that no account (not even half of one) was written. */
async function expectSignupRefused(payload: object | string, status = 400) {
  const before = await countUsers(testApp);
  const response = await post(testApp, "/api/auth/signup", payload, {
    headers: { "content-type": "application/json" },
  });
  expect(response.statusCode).toBe(status);
  expect(response.cookies).toEqual([]);
  expect(await countUsers(testApp)).toBe(before);
  return response.json();
}

describe("POST /api/auth/signup", () => {
  it("creates the account, answers 201 with the user and signs in with a Lax, httpOnly cookie", async () => {
    const body = buildSignup();
    const response = await post(testApp, "/api/auth/signup", body);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: body.email, name: body.name, role: "student" });
    const cookie = response.cookies.find((c) => c.name === "cb_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await whoIs(testApp, sessionCookieOf(response))).toMatchObject({ email: body.email });
  });

  it("takes a college whose name has an apostrophe, sent as the form strips it, and keeps the directory's spelling", async () => {
    // The form strips < > " ' & as typed (the spec): "Providence Women's College" arrives without its apostrophe.
    for (const college of ["Providence Womens College", "Providence Women's College"]) {
      const body = buildSignup({ city: "Kozhikode", college });
      const response = await post(testApp, "/api/auth/signup", body);
      expect(response.statusCode, college).toBe(201);
      expect((await findUserRow(testApp, body.email))?.college).toBe("Providence Women's College");
    }
    const unknown = buildSignup({ city: "Kozhikode", college: "Providence Mens College" });
    expect((await post(testApp, "/api/auth/signup", unknown)).statusCode).toBe(400);
  });

  it("stores the profile as the spec says: e-mail lower-cased, mobile digits, IP hidden, user agent cut", async () => {
    const body = buildSignup({ mobile: "98765-43210" });
    body.email = body.email.replace(/^student/, "Priya.Sharma").replace("example.in", "Example.IN");
    const userAgent = `Mozilla/5.0 ${"x".repeat(150)}`;
    const response = await post(testApp, "/api/auth/signup", body, { headers: { "user-agent": userAgent } });
    expect(response.statusCode).toBe(201);
    const row = await findUserRow(testApp, body.email.toLowerCase());
    expect(row).toMatchObject({ mobile: "9876543210", emailVerified: false, role: "student" });
    expect(row?.securityFlags).toMatchObject({ ipAddress: "hidden", userAgent: userAgent.slice(0, 100) });
    expect(row?.securityFlags?.userAgent).toHaveLength(100);
    expect(row?.lastLogin).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toContain(body.password);
  });

  it.each([
    ["1. name shorter than 2", { name: "A" }, "Name must be at least 2 characters"],
    ["1 before 2: both broken", { name: " ", email: "nope" }, "Name must be at least 2 characters"],
    ["2. e-mail not shaped", { email: "priya@campus" }, "Please enter a valid email address"],
    ["2. e-mail with a space", { email: "priya sharma@example.in" }, "Please enter a valid email address"],
    ["2. e-mail over 254", { email: `${"a".repeat(250)}@example.in` }, "Please enter a valid email address"],
    ["3. no city", { city: "" }, "Please select your city and college"],
    ["3. no college", { college: "  " }, "Please select your city and college"],
    ["4. mobile too short", { mobile: "98765" }, "Please enter a valid Indian mobile number"],
    ["4. mobile starting 5", { mobile: "5876543210" }, "Please enter a valid Indian mobile number"],
    ["5. password too short", { password: "Ab1#" }, "Password does not meet security requirements"],
    ["5. common password", { password: "qwerty12" }, "Password does not meet security requirements"],
    ["5. repeated character", { password: "zzzzzzzzz" }, "Password does not meet security requirements"],
    [
      "7. terms not accepted",
      { acceptTerms: false },
      "Please accept the Privacy Policy and Terms of Use to continue",
    ],
  ])("refuses rule %s with 400 and the spec's message", async (_rule, overrides, message) => {
    expect(await expectSignupRefused(buildSignup(overrides))).toEqual(invalidInput(message));
  });

  it("refuses a city and college pair that is not in the directory", async () => {
    for (const pair of [
      { city: "Mumbai", college: "IIT Delhi" },
      { city: "Atlantis", college: "Hogwarts" },
    ]) {
      const body = buildSignup(pair);
      expect(await expectSignupRefused(body)).toEqual(invalidInput("Please select your city and college"));
      expect(await findUserRow(testApp, body.email)).toBeUndefined();
    }
  });

  it("refuses a taken e-mail, also in other letter case, with 409 and keeps one account", async () => {
    const student = await createStudent(testApp);
    const inUse = {
      error: {
        code: "email_in_use",
        message: "An account with this email already exists. Please try logging in instead.",
      },
    };
    for (const email of [student.email, student.email.toUpperCase()]) {
      expect(await expectSignupRefused(buildSignup({ email }), 409)).toEqual(inUse);
    }
  });

  it("answers 400, never 5xx, to missing, wrongly typed or non-JSON bodies", async () => {
    const { password: _omitted, ...withoutPassword } = buildSignup();
    for (const payload of [
      {},
      withoutPassword,
      { ...buildSignup(), name: 123 },
      { ...buildSignup(), acceptTerms: "yes" },
      { ...buildSignup(), mobile: 9876543210 },
      [buildSignup()],
      "{not json",
    ]) {
      expect((await expectSignupRefused(payload)).error.code).toBe("invalid_input");
    }
  });

  it("mails a verification link to the new address", async () => {
    const student = await createStudent(testApp);
    const mail = testApp.mail.filter((m) => m.to === student.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{20,}$/);
    expect(mail[0]?.text).toContain(mail[0]?.link);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("verifies the address once; the same link a second time is refused", async () => {
    const student = await createStudent(testApp);
    const token = tokenFromMail(testApp.mail, student.email);
    const first = await post(testApp, "/api/auth/verify-email", { token });
    expect(first.statusCode).toBe(200);
    const me = await get(testApp, "/api/auth/me", { cookie: student.cookie });
    expect(me.json().user.emailVerified).toBe(true);
    const again = await post(testApp, "/api/auth/verify-email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
  });

  it("refuses an expired link", async () => {
    const student = await createStudent(testApp);
    await testApp.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emailTokens.userId, student.id));
    const response = await post(testApp, "/api/auth/verify-email", {
      token: tokenFromMail(testApp.mail, student.email),
    });
    expect(response.json()).toEqual(INVALID_LINK);
    expect((await whoIs(testApp, student.cookie))?.emailVerified).toBe(false);
  });

  it("keeps only a hash of the token", async () => {
    const student = await createStudent(testApp);
    const token = tokenFromMail(testApp.mail, student.email);
    const rows = await testApp.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, student.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([createHash("sha256").update(token).digest("hex")]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe("POST /api/auth/resend-verification", () => {
  it("requires sign-in", async () => {
    const response = await post(testApp, "/api/auth/resend-verification");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });

  it("mails a new link that verifies the address", async () => {
    const student = await createStudent(testApp);
    const firstToken = tokenFromMail(testApp.mail, student.email);
    const response = await post(testApp, "/api/auth/resend-verification", undefined, {
      cookie: student.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(testApp.mail.filter((m) => m.to === student.email)).toHaveLength(2);
    const newToken = tokenFromMail(testApp.mail, student.email);
    expect(newToken).not.toBe(firstToken);
    expect((await post(testApp, "/api/auth/verify-email", { token: newToken })).statusCode).toBe(200);
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with a new session cookie every time", async () => {
    const student = await createStudent(testApp);
    const first = await signIn(testApp, student.email.toUpperCase(), STRONG_PASSWORD);
    const second = await signIn(testApp, student.email, STRONG_PASSWORD);
    expect(new Set([student.cookie, first, second]).size).toBe(3);
    expect(await whoIs(testApp, second)).toMatchObject({ email: student.email });
  });

  it("ends a session cookie sent along with the login (no session fixation)", async () => {
    const student = await createStudent(testApp);
    const response = await post(
      testApp,
      "/api/auth/login",
      { email: student.email, password: STRONG_PASSWORD },
      { cookie: student.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).not.toBe(student.cookie);
    expect(await whoIs(testApp, student.cookie)).toBeNull();
    expect(await whoIs(testApp, sessionCookieOf(response))).toMatchObject({ email: student.email });
  });

  it("gives the same 401 for a wrong password and an unknown e-mail", async () => {
    const student = await createStudent(testApp);
    for (const body of [
      { email: student.email, password: `${STRONG_PASSWORD}x` },
      { email: `nobody-${student.email}`, password: STRONG_PASSWORD },
    ]) {
      const response = await post(testApp, "/api/auth/login", body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_CREDENTIAL);
      expect(response.cookies).toEqual([]);
    }
  });

  it("refuses a malformed e-mail with 400", async () => {
    const response = await post(testApp, "/api/auth/login", { email: "priya@", password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput("Please enter a valid email address."));
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 204 and the old cookie is signed out everywhere", async () => {
    const student = await createStudent(testApp);
    const response = await post(testApp, "/api/auth/logout", undefined, { cookie: student.cookie });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === "cb_session")?.value).toBe("");
    expect((await get(testApp, "/api/auth/me", { cookie: student.cookie })).json()).toEqual({ user: null });
    expect((await get(testApp, "/api/dashboard", { cookie: student.cookie })).statusCode).toBe(401);
  });
});

describe("POST /api/auth/forgot-password and /api/auth/reset-password", () => {
  it("answers 202 alike for known and unknown addresses, and mails only the known one", async () => {
    const student = await createStudent(testApp);
    const unknown = `nobody-${student.email}`;
    const mailBefore = testApp.mail.length;
    for (const email of [student.email, unknown]) {
      const response = await post(testApp, "/api/auth/forgot-password", { email });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ ok: true });
    }
    await resetTokenFromMail(testApp, student.email);
    // Both requests have been through the outbox by now: it sends in order.
    await waitForOutboxToEmpty();
    expect(testApp.mail.slice(mailBefore).map((m) => m.to)).toEqual([student.email]);
    expect(testApp.mail.at(-1)?.link).toContain("/reset-password?token=");
  });

  it("keeps the request in the outbox, never the link: the database holds no reset token in clear", async () => {
    const student = await createStudent(testApp);
    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const rows = await testApp.database.db.select().from(outbox);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("sets the new password, refuses the old one and ends every earlier session", async () => {
    const student = await createStudent(testApp);
    const otherDevice = await signIn(testApp, student.email, STRONG_PASSWORD);
    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const newPassword = "Fresh#Start42";
    const response = await post(testApp, "/api/auth/reset-password", { token, password: newPassword });
    expect(response.statusCode).toBe(200);
    expect(await whoIs(testApp, student.cookie)).toBeNull();
    expect(await whoIs(testApp, otherDevice)).toBeNull();
    const old = await post(testApp, "/api/auth/login", { email: student.email, password: STRONG_PASSWORD });
    expect(old.json()).toEqual(INVALID_CREDENTIAL);
    expect(await whoIs(testApp, await signIn(testApp, student.email, newPassword))).not.toBeNull();
    expect(
      (await post(testApp, "/api/auth/reset-password", { token, password: "Other#Pass77" })).json(),
    ).toEqual(INVALID_LINK);
  });

  it("voids every other reset link of the user once one is used", async () => {
    const student = await createStudent(testApp);
    for (let request = 0; request < 3; request++) {
      await post(testApp, "/api/auth/forgot-password", { email: student.email });
    }
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((nth) => resetTokenFromMail(testApp, student.email, nth)),
    );
    expect(
      (await post(testApp, "/api/auth/reset-password", { token: second, password: "Fresh#Start42" }))
        .statusCode,
    ).toBe(200);
    for (const token of [first, third]) {
      const response = await post(testApp, "/api/auth/reset-password", { token, password: "Taken#Over99" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_LINK);
    }
    expect(await signIn(testApp, student.email, "Fresh#Start42")).toMatch(/^cb_session=/);
  });

  it("mails the user that the password was changed, when, and what to do if it was not them", async () => {
    const student = await createStudent(testApp);
    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    await post(testApp, "/api/auth/reset-password", { token, password: "Fresh#Start42" });
    const [notice] = await waitForMails(testApp, student.email, 1, isPasswordChangedMail);
    expect(notice?.link).toBeUndefined();
    expect(notice?.text).toContain(`Hello ${student.name},`);
    expect(notice?.text).toMatch(
      /was changed on \d{1,2} \w+ 20\d\d at \d{1,2}:\d\d [ap]m IST, with a password reset link/,
    );
    expect(notice?.text).toContain(
      "If this wasn't you, reset your password now at http://localhost:3000/forgot-password",
    );
    expect(notice?.text).toContain(testApp.config.SUPPORT_EMAIL);
    expect(notice?.text).not.toContain("Fresh#Start42");
  });

  it("refuses a weak new password and keeps the old one", async () => {
    const student = await createStudent(testApp);
    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const response = await post(testApp, "/api/auth/reset-password", { token, password: "123456" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidInput("Password does not meet security requirements"));
    expect(await signIn(testApp, student.email, STRONG_PASSWORD)).toMatch(/^cb_session=/);
  });

  it("does not accept a verification link as a reset link", async () => {
    const student = await createStudent(testApp);
    const verifyToken = tokenFromMail(testApp.mail, student.email);
    const response = await post(testApp, "/api/auth/reset-password", {
      token: verifyToken,
      password: "Fresh#Start42",
    });
    expect(response.json()).toEqual(INVALID_LINK);
  });

  it("refuses a wrong token without hashing the new password, and hashes it for a right one", async () => {
    const password = "Fresh#Start42";
    const hashesBefore = vi.mocked(hashPassword).mock.calls.length;
    for (let round = 0; round < 3; round++) {
      const response = await post(testApp, "/api/auth/reset-password", {
        token: `wrong-${round}-${"x".repeat(30)}`,
        password,
      });
      expect(response.json()).toEqual(INVALID_LINK);
    }
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashesBefore);

    const student = await createStudent(testApp);
    await post(testApp, "/api/auth/forgot-password", { email: student.email });
    const token = await resetTokenFromMail(testApp, student.email);
    const hashesBeforeRightToken = vi.mocked(hashPassword).mock.calls.length;
    expect((await post(testApp, "/api/auth/reset-password", { token, password })).statusCode).toBe(200);
    expect(vi.mocked(hashPassword).mock.calls.slice(hashesBeforeRightToken)).toEqual([[password]]);
  });
});

/** Waits until the outbox holds nothing unsent. */
async function waitForOutboxToEmpty() {
  const deadline = Date.now() + 10_000;
  while ((await countOutbox(testApp.database.db, "pending")) > 0) {
    if (Date.now() > deadline) throw new Error("the outbox did not empty");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
