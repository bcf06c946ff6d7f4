import type { SecondFactorChallenge } from "@shared/api/auth";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, whoIs } from "../../../tests/helpers/api";
import { totpCode } from "../../../tests/helpers/second-factor";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { recoveryCodes, secondFactors, signInChallenges, users } from "../../db/schema";
import { hashToken } from "../../lib/tokens";
import { resetSecondFactor } from "./second-factor.service";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const step = () => Math.floor(Date.now() / 30_000);
const INVALID_CODE = { error: { code: "invalid_code", message: "Incorrect code. Please try again." } };
const EXPIRED = {
  error: { code: "sign_in_expired", message: "Your sign-in has expired. Please sign in again." },
};

/** The password step of the administrator: a challenge, never a session. */
async function passwordStep(): Promise<SecondFactorChallenge> {
  const response = await post(testApp, "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(response.statusCode).toBe(200);
  expect(response.cookies).toEqual([]);
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.json().user).toBeUndefined();
  return response.json().secondFactor;
}

function secondStep(challenge: string, code: string): Promise<LightMyRequestResponse> {
  return post(testApp, "/api/auth/second-factor", { challenge, code });
}

function cookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === "cb_session");
  return cookie ? `cb_session=${cookie.value}` : undefined;
}

/** Sets the authenticator up with a code of `codeStep` and returns the key and recovery codes. */
async function setUp(codeStep = step()): Promise<{ secret: string; recoveryCodes: string[] }> {
  const challenge = await passwordStep();
  expect(challenge.method).toBe("setup");
  const secret = challenge.setup?.secret ?? "";
  const response = await secondStep(challenge.challenge, await totpCode(secret, codeStep));
  expect(response.statusCode).toBe(200);
  return { secret, recoveryCodes: response.json().recoveryCodes };
}

async function expectAdminSession(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  const cookie = cookieOf(response);
  expect(cookie).toBeDefined();
  expect((await whoIs(testApp, cookie ?? ""))?.role).toBe("admin");
  expect((await get(testApp, "/api/admin/overview", { cookie })).statusCode).toBe(200);
  return cookie ?? "";
}

// Every test starts from an administrator without a second factor, as after a reset, and not in
// the last seconds of a 30-second step (a code made for one step would be checked in the next).
beforeEach(async () => {
  await resetSecondFactor(testApp.database.db, ADMIN_EMAIL);
  const leftInStep = 30_000 - (Date.now() % 30_000);
  if (leftInStep < 5_000) await new Promise((resolve) => setTimeout(resolve, leftInStep + 200));
});

describe("the administrator's first sign-in", () => {
  it("requires setting up an authenticator: the QR code holds an otpauth URI whose key makes accepted codes", async () => {
    const challenge = await passwordStep();
    expect(challenge.method).toBe("setup");
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const setup = challenge.setup;
    if (!setup) throw new Error("no setup in the answer");

    const png = Buffer.from(setup.qrCode.replace(/^data:image\/png;base64,/, ""), "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(setup.otpauthUri);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Campus Bazaar:${ADMIN_EMAIL}`);
    expect(uri.searchParams.get("issuer")).toBe("Campus Bazaar");
    const secret = uri.searchParams.get("secret") ?? "";
    expect(secret).toBe(setup.secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const response = await secondStep(challenge.challenge, await totpCode(secret));
    await expectAdminSession(response);
    const codes: string[] = response.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    // Stored: the key for codes, the recovery codes only hashed.
    const admin = (await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL)))[0];
    const stored = await testApp.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, admin?.id ?? ""));
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      // A random 32-bit salt and a SHA-256 (ASVS 2.6.2), never the code itself.
      expect(row.codeHash).toMatch(/^[0-9a-f]{8}:[0-9a-f]{64}$/);
      for (const code of codes) expect(row.codeHash).not.toContain(code.replace("-", ""));
    }
    expect(new Set(stored.map((row) => row.codeHash.split(":")[0])).size).toBeGreaterThan(1);
  });

  it("refuses a wrong first code and a code of another key; the offered key still works after", async () => {
    const challenge = await passwordStep();
    const other = await passwordStep();
    expect((await secondStep(challenge.challenge, "000000")).json()).toEqual(INVALID_CODE);
    const otherKeyCode = await totpCode(other.setup?.secret ?? "");
    expect((await secondStep(challenge.challenge, otherKeyCode)).json()).toEqual(INVALID_CODE);
    await expectAdminSession(
      await secondStep(challenge.challenge, await totpCode(challenge.setup?.secret ?? "")),
    );
    // The other setup lost: the key is chosen once.
    expect((await secondStep(other.challenge, otherKeyCode)).statusCode).toBe(401);
  });

  it("stores the challenge hashed, and the key of the second factor", async () => {
    const challenge = await passwordStep();
    const rows = await testApp.database.db.select().from(signInChallenges);
    expect(rows.map((row) => row.id)).not.toContain(challenge.challenge);
    expect(rows.map((row) => row.id)).toContain(hashToken(challenge.challenge));
    await secondStep(challenge.challenge, await totpCode(challenge.setup?.secret ?? ""));
    const [factor] = await testApp.database.db.select().from(secondFactors);
    expect(factor?.secret).toBe(challenge.setup?.secret);
  });
});

describe("later sign-ins of the administrator", () => {
  it("ask for an authentication code: the app's code signs in, a wrong one is refused with 401", async () => {
    const { secret } = await setUp(step() - 1);
    const challenge = await passwordStep();
    expect(challenge).toMatchObject({ method: "code", setup: null });
    const wrong = await secondStep(challenge.challenge, "123456");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_CODE);
    expect(wrong.cookies).toEqual([]);
    await expectAdminSession(await secondStep(challenge.challenge, await totpCode(secret)));
  });

  it("refuse a code used before (replay), also on a new sign-in", async () => {
    const { secret } = await setUp(step() - 1);
    const code = await totpCode(secret);
    await expectAdminSession(await secondStep((await passwordStep()).challenge, code));
    const replay = await secondStep((await passwordStep()).challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_CODE);
    // Nor an older one: codes only move forward.
    const older = await secondStep((await passwordStep()).challenge, await totpCode(secret, step() - 1));
    expect(older.json()).toEqual(INVALID_CODE);
  });

  it("tolerate one step of clock drift, not two", async () => {
    const { secret } = await setUp(step() - 1);
    const tooFar = await secondStep((await passwordStep()).challenge, await totpCode(secret, step() + 2));
    expect(tooFar.json()).toEqual(INVALID_CODE);
    await expectAdminSession(
      await secondStep((await passwordStep()).challenge, await totpCode(secret, step() + 1)),
    );
  });

  it("accept each recovery code once, whatever the case and dashes", async () => {
    const { recoveryCodes: codes } = await setUp();
    const [first = "", second = ""] = codes;
    await expectAdminSession(await secondStep((await passwordStep()).challenge, first));
    const again = await secondStep((await passwordStep()).challenge, first);
    expect(again.json()).toEqual(INVALID_CODE);
    const typed = ` ${second.toUpperCase().replace("-", " ")} `;
    await expectAdminSession(await secondStep((await passwordStep()).challenge, typed));
  });

  it("allow 5 tries per challenge, then refuse even the right code with 429 until a new sign-in", async () => {
    const { secret } = await setUp(step() - 1);
    const challenge = await passwordStep();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await secondStep(challenge.challenge, `00000${attempt}`)).statusCode).toBe(401);
    }
    const sixth = await secondStep(challenge.challenge, await totpCode(secret));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: { code: "rate_limited", message: "Too many wrong codes. Please sign in again." },
    });
    expect(sixth.cookies).toEqual([]);
    expect((await secondStep(challenge.challenge, await totpCode(secret))).json()).toEqual(EXPIRED);
    await expectAdminSession(await secondStep((await passwordStep()).challenge, await totpCode(secret)));
  });

  it("refuse a used challenge and an expired one", async () => {
    const { secret, recoveryCodes: codes } = await setUp(step() - 1);
    const used = await passwordStep();
    await expectAdminSession(await secondStep(used.challenge, await totpCode(secret)));
    expect((await secondStep(used.challenge, codes[0] ?? "")).json()).toEqual(EXPIRED);

    const stale = await passwordStep();
    await testApp.database.db
      .update(signInChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(signInChallenges.id, hashToken(stale.challenge)));
    const expired = await secondStep(stale.challenge, codes[1] ?? "");
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(EXPIRED);
    expect(expired.cookies).toEqual([]);
    // Not even shaped like a challenge: refused before any lookup, with the same words.
    const malformed = await secondStep("not-a-challenge", codes[1] ?? "");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(EXPIRED.error.message);
  });

  it("give no session before the second step: the challenge is no cookie", async () => {
    await setUp(step() - 1);
    const challenge = await passwordStep();
    const cookie = `cb_session=${challenge.challenge}`;
    expect(await whoIs(testApp, cookie)).toBeNull();
    expect((await get(testApp, "/api/admin/overview", { cookie })).statusCode).toBe(401);
  });

  it("refuse malformed answers with 400 in the error shape", async () => {
    const challenge = (await passwordStep()).challenge;
    for (const body of [
      { challenge },
      { challenge, code: "" },
      { challenge, code: "x".repeat(41) },
      { code: "1" },
    ]) {
      const response = await post(testApp, "/api/auth/second-factor", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("invalid_input");
      expect(typeof response.json().error.message).toBe("string");
    }
  });
});

describe("resetting the second factor (the operator's command)", () => {
  it("forgets the key and recovery codes and ends the administrator's sessions", async () => {
    const { recoveryCodes: codes } = await setUp();
    const cookie = await expectAdminSession(
      await secondStep((await passwordStep()).challenge, codes[0] ?? ""),
    );
    expect(await resetSecondFactor(testApp.database.db, ADMIN_EMAIL)).toBe("reset");
    expect(await whoIs(testApp, cookie)).toBeNull();
    const challenge = await passwordStep();
    expect(challenge.method).toBe("setup");
    expect((await secondStep(challenge.challenge, codes[1] ?? "")).statusCode).toBe(401);
    expect(await resetSecondFactor(testApp.database.db, "nobody@campusbazaar.test")).toBe("no-account");
  });
});

describe("students", () => {
  it("sign in with the password alone, as before", async () => {
    const student = await createStudent(testApp);
    const response = await post(testApp, "/api/auth/login", {
      email: student.email,
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: student.email, role: "student" });
    expect(response.json().secondFactor).toBeUndefined();
    expect((await whoIs(testApp, cookieOf(response) ?? ""))?.email).toBe(student.email);
  });

  it("cannot use the second step: their sign-in makes no challenge", async () => {
    const before = await testApp.database.db.select().from(signInChallenges);
    const student = await createStudent(testApp);
    await post(testApp, "/api/auth/login", { email: student.email, password: STRONG_PASSWORD });
    expect(await testApp.database.db.select().from(signInChallenges)).toHaveLength(before.length);
  });
});

describe("per account", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => limited.close());

  it("counts wrong codes across challenges: past AUTH_RATE_LIMIT a fresh challenge is refused with 429", async () => {
    const login = async () =>
      (await post(limited, "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).json()
        .secondFactor.challenge as string;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await post(limited, "/api/auth/second-factor", {
        challenge: await login(),
        code: "000000",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const response = await post(limited, "/api/auth/second-factor", {
      challenge: await login(),
      code: "000000",
    });
    expect(response.statusCode).toBe(429);
    expect(String(response.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
  });
});
