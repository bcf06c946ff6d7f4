import { indiaToday, SETTINGS_MESSAGES } from "@shared/validation/settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn, whoIs } from "../../../tests/helpers/api";
import {
  createTestApp,
  isPasswordChangedMail,
  resetTokenFromMail,
  type TestApp,
  waitForMails,
} from "../../../tests/helpers/test-app";
import { users } from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;
const NEW_PASSWORD = "Fresh#Hostel42";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function call(
  app: TestApp,
  method: "PATCH" | "POST" | "PUT",
  url: string,
  cookie?: string,
  payload?: object,
) {
  return app.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}
const changeName = (cookie: string | undefined, name: unknown) =>
  call(testApp, "PATCH", "/api/me/name", cookie, { name });
const changePassword = (cookie: string | undefined, body: object, app = testApp) =>
  call(app, "POST", "/api/me/password", cookie, body);
const setHoliday = (cookie: string | undefined, body: object) =>
  call(testApp, "PUT", "/api/me/holiday", cookie, body);
const userRow = async (id: string, app = testApp) =>
  (await app.database.db.select().from(users).where(eq(users.id, id)))[0];
const invalid = (message: string) => ({ error: { code: "invalid_input", message } });
const loginStatus = async (app: TestApp, email: string, password: string) =>
  (await post(app, "/api/auth/login", { email, password })).statusCode;

/** India's date shifted by whole days, computed in UTC on the YYYY-MM-DD string. */
function indiaDate(offsetDays: number): string {
  const date = new Date(`${indiaToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offsetDays);
  return date.toISOString().slice(0, 10);
}

describe("sign-in is required", () => {
  it.each([
    ["PATCH /api/me/name", () => changeName(undefined, "Intruder")],
    [
      "POST /api/me/password",
      () =>
        changePassword(undefined, { currentPassword: "x", newPassword: "abcdef", confirmPassword: "abcdef" }),
    ],
    ["PUT /api/me/holiday", () => setHoliday(undefined, { isActive: false })],
  ])("%s signed out -> 401", async (_label, attempt) => {
    const response = await attempt();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe("unauthenticated");
  });
});

describe("PATCH /api/me/name", () => {
  it("changes the caller's name (trimmed), as /api/auth/me then reports it", async () => {
    const me = await createStudent(testApp, { name: "Kavya Nair" });
    const response = await changeName(me.cookie, "  Kavya S. Nair ");
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: me.id, name: "Kavya S. Nair" });
    expect(await whoIs(testApp, me.cookie)).toMatchObject({ name: "Kavya S. Nair" });
  });

  it.each([
    ["one character", "K", SETTINGS_MESSAGES.nameTooShort],
    ["only spaces", "    ", SETTINGS_MESSAGES.nameTooShort],
    ["101 characters", "k".repeat(101), "Name must be at most 100 characters"],
    ["not a string", 42, "The field 'name' is not valid."],
  ])("refuses a name of %s with 400 and keeps the old one", async (_label, name, message) => {
    const me = await createStudent(testApp, { name: "Kavya Nair" });
    const response = await changeName(me.cookie, name);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid(message));
    expect((await userRow(me.id))?.name).toBe("Kavya Nair");
  });
});

describe("POST /api/me/password", () => {
  const body = (currentPassword: string, newPassword: string, confirmPassword: string) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });

  it.each([
    ["no current password", body("", NEW_PASSWORD, NEW_PASSWORD), SETTINGS_MESSAGES.passwordFieldsRequired],
    [
      "no confirmation (and a mismatch)",
      body(STRONG_PASSWORD, NEW_PASSWORD, ""),
      SETTINGS_MESSAGES.passwordFieldsRequired,
    ],
    ["all empty", body("", "", ""), SETTINGS_MESSAGES.passwordFieldsRequired],
    ["a short mismatch", body(STRONG_PASSWORD, "abc", "abd"), SETTINGS_MESSAGES.passwordsDontMatch],
    [
      "a mismatch",
      body(STRONG_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`),
      SETTINGS_MESSAGES.passwordsDontMatch,
    ],
    ["5 characters", body(STRONG_PASSWORD, "abcde", "abcde"), SETTINGS_MESSAGES.passwordTooShort],
  ])("refuses %s with 400 and the spec's first failing message", async (_label, payload, message) => {
    const me = await createStudent(testApp);
    const before = (await userRow(me.id))?.passwordHash;
    const response = await changePassword(me.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid(message));
    expect((await userRow(me.id))?.passwordHash).toBe(before);
  });

  it("refuses a wrong current password with wrong_password and keeps the old password", async () => {
    const me = await createStudent(testApp);
    const response = await changePassword(me.cookie, body("Not#MyPassword1", NEW_PASSWORD, NEW_PASSWORD));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: "wrong_password", message: "Current password is incorrect." },
    });
    expect(await loginStatus(testApp, me.email, STRONG_PASSWORD)).toBe(200);
    expect(await loginStatus(testApp, me.email, NEW_PASSWORD)).toBe(401);
  });

  it("changes the password (204), keeps this session and ends the user's other sessions", async () => {
    const me = await createStudent(testApp);
    const otherSession = await signIn(testApp, me.email, STRONG_PASSWORD);
    const bystander = await createStudent(testApp);
    expect(await whoIs(testApp, otherSession)).toMatchObject({ id: me.id });

    const response = await changePassword(me.cookie, body(STRONG_PASSWORD, NEW_PASSWORD, NEW_PASSWORD));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    expect(await whoIs(testApp, me.cookie)).toMatchObject({ id: me.id });
    expect(await whoIs(testApp, otherSession)).toBeNull();
    expect((await get(testApp, `/api/users/${me.id}`, { cookie: otherSession })).statusCode).toBe(401);
    expect(await whoIs(testApp, bystander.cookie)).toMatchObject({ id: bystander.id });
    expect(await loginStatus(testApp, me.email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(testApp, me.email, STRONG_PASSWORD)).toBe(401);
  });

  it("voids the reset links mailed before the change: one of them cannot undo it", async () => {
    const me = await createStudent(testApp);
    await post(testApp, "/api/auth/forgot-password", { email: me.email });
    const mailedBefore = await resetTokenFromMail(testApp, me.email);
    expect(
      (await changePassword(me.cookie, body(STRONG_PASSWORD, NEW_PASSWORD, NEW_PASSWORD))).statusCode,
    ).toBe(204);

    const reset = await post(testApp, "/api/auth/reset-password", {
      token: mailedBefore,
      password: "Taken#Over99",
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe("invalid_token");
    expect(await loginStatus(testApp, me.email, NEW_PASSWORD)).toBe(200);

    // A link asked for after the change works.
    await post(testApp, "/api/auth/forgot-password", { email: me.email });
    const mailedAfter = await resetTokenFromMail(testApp, me.email, 2);
    expect(
      (await post(testApp, "/api/auth/reset-password", { token: mailedAfter, password: "Again#Fresh77" }))
        .statusCode,
    ).toBe(200);
  });

  it("mails the user that the password was changed in Settings, and when", async () => {
    const me = await createStudent(testApp);
    expect(
      (await changePassword(me.cookie, body(STRONG_PASSWORD, NEW_PASSWORD, NEW_PASSWORD))).statusCode,
    ).toBe(204);
    const [notice] = await waitForMails(testApp, me.email, 1, isPasswordChangedMail);
    expect(notice?.text).toMatch(/was changed on .+ IST, in Settings\. Every other device/);
    expect(notice?.text).toContain("If this wasn't you, reset your password now");
    expect(notice?.text).toContain(testApp.config.SUPPORT_EMAIL);
    expect(notice?.text).not.toContain(NEW_PASSWORD);
  });

  it("sends no notice when the current password is wrong", async () => {
    const me = await createStudent(testApp);
    expect(
      (await changePassword(me.cookie, body("Wrong#Current1", NEW_PASSWORD, NEW_PASSWORD))).statusCode,
    ).toBe(400);
    await expect(waitForMails(testApp, me.email, 1, isPasswordChangedMail, 500)).rejects.toThrow(
      /0 of 1 mails/,
    );
  });
});

describe("POST /api/me/password with AUTH_RATE_LIMIT=3", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => limited.close());

  it("refuses the 4th attempt with 429, even with the right password, and counts per user", async () => {
    const me = await createStudent(limited);
    const wrong = {
      currentPassword: "Not#MyPassword1",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await changePassword(me.cookie, wrong, limited)).statusCode).toBe(400);
    }
    const right = { ...wrong, currentPassword: STRONG_PASSWORD };
    const fourth = await changePassword(me.cookie, right, limited);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe("rate_limited");
    expect(String(fourth.headers["retry-after"])).toMatch(/^[1-9]\d*$/);
    expect(await loginStatus(limited, me.email, STRONG_PASSWORD)).toBe(200);

    const other = await createStudent(limited);
    expect((await changePassword(other.cookie, right, limited)).statusCode).toBe(204);
  });
});

describe("PUT /api/me/holiday", () => {
  it.each([
    ["empty dates", { fromDate: "", toDate: "" }, SETTINGS_MESSAGES.holidayDatesRequired],
    ["no to date", { fromDate: indiaDate(1), toDate: "" }, SETTINGS_MESSAGES.holidayDatesRequired],
    ["no from date", { fromDate: "", toDate: indiaDate(1) }, SETTINGS_MESSAGES.holidayDatesRequired],
    ["from equal to to", { fromDate: indiaDate(2), toDate: indiaDate(2) }, SETTINGS_MESSAGES.holidayOrder],
    ["from after to", { fromDate: indiaDate(3), toDate: indiaDate(1) }, SETTINGS_MESSAGES.holidayOrder],
    ["from today to today", { fromDate: indiaDate(0), toDate: indiaDate(0) }, SETTINGS_MESSAGES.holidayOrder],
    ["from yesterday", { fromDate: indiaDate(-1), toDate: indiaDate(2) }, SETTINGS_MESSAGES.holidayPast],
    ["a past range", { fromDate: indiaDate(-5), toDate: indiaDate(-2) }, SETTINGS_MESSAGES.holidayPast],
    [
      "a day-first date",
      { fromDate: "01-12-2099", toDate: "05-12-2099" },
      "Please enter dates as YYYY-MM-DD.",
    ],
    [
      "a day that does not exist",
      { fromDate: "2099-02-29", toDate: "2099-03-05" },
      "Please enter dates as YYYY-MM-DD.",
    ],
    [
      "a month that does not exist",
      { fromDate: "2099-01-05", toDate: "2099-13-01" },
      "Please enter dates as YYYY-MM-DD.",
    ],
  ])("refuses %s with 400 and the message, and stays off", async (_label, dates, message) => {
    const me = await createStudent(testApp);
    const response = await setHoliday(me.cookie, { isActive: true, ...dates });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid(message));
    expect(await userRow(me.id)).toMatchObject({ holidayActive: false, holidayFrom: null, holidayTo: null });
  });

  it.each([
    ["missing dates", { isActive: true }],
    ["an ISO timestamp", { isActive: true, fromDate: `${indiaDate(1)}T00:00:00Z`, toDate: indiaDate(3) }],
    ["text", { isActive: true, fromDate: "tomorrow", toDate: "next week" }],
    ["no isActive", { fromDate: indiaDate(1), toDate: indiaDate(3) }],
  ])("refuses %s with 400 and stays off", async (_label, payload) => {
    const me = await createStudent(testApp);
    const response = await setHoliday(me.cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_input");
    expect((await userRow(me.id))?.holidayActive).toBe(false);
  });

  it.each([
    ["absent", { isActive: true }],
    ["null", { isActive: true, fromDate: null, toDate: null }],
    ["an absent to date", { isActive: true, fromDate: indiaDate(1) }],
  ])("refuses %s dates with the spec's 'select both dates' message", async (_label, payload) => {
    const me = await createStudent(testApp);
    const response = await setHoliday(me.cookie, payload);
    expect(response.json()).toEqual(invalid(SETTINGS_MESSAGES.holidayDatesRequired));
  });

  it("turns holiday mode on from today, and {isActive:false} turns it off and clears the dates", async () => {
    const me = await createStudent(testApp);
    const on = await setHoliday(me.cookie, { isActive: true, fromDate: indiaDate(0), toDate: indiaDate(4) });
    expect(on.statusCode).toBe(200);
    const holidayOn = { isActive: true, fromDate: indiaDate(0), toDate: indiaDate(4) };
    expect(on.json().user.holidayMode).toEqual(holidayOn);
    expect((await whoIs(testApp, me.cookie))?.holidayMode).toEqual(holidayOn);
    expect((await userRow(me.id))?.holidayActivatedAt).toBeInstanceOf(Date);

    const off = await setHoliday(me.cookie, { isActive: false });
    expect(off.statusCode).toBe(200);
    const holidayOff = { isActive: false, fromDate: null, toDate: null };
    expect(off.json().user.holidayMode).toEqual(holidayOff);
    expect((await whoIs(testApp, me.cookie))?.holidayMode).toEqual(holidayOff);
    expect((await userRow(me.id))?.holidayDeactivatedAt).toBeInstanceOf(Date);
  });
});

describe("holiday mode hides the seller's items from browse, from and to dates inclusive", () => {
  let viewer: Student;
  beforeAll(async () => {
    viewer = await createStudent(testApp);
  });
  let counter = 0;

  it.each([
    ["[today, tomorrow]", true, 0, 1, false],
    ["[yesterday, today]", true, -1, 0, false],
    ["[tomorrow, +3]", true, 1, 3, true],
    ["[-3, yesterday]", true, -3, -1, true],
    ["[yesterday, tomorrow] switched off", false, -1, 1, true],
  ])(
    "a holiday over %s (active %s) leaves the item visible = %s",
    async (_label, active, from, to, visible) => {
      const seller = await createStudent(testApp);
      const search = `holidayrange${++counter}q`;
      const item = await insertItem(testApp, seller.id, { productName: `Desk fan ${search}` });
      await testApp.database.db
        .update(users)
        .set({ holidayActive: active, holidayFrom: indiaDate(from), holidayTo: indiaDate(to) })
        .where(eq(users.id, seller.id));
      const response = await get(testApp, `/api/items?search=${search}`, { cookie: viewer.cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json().items.map((i: { id: string }) => i.id)).toEqual(visible ? [item.id] : []);
    },
  );

  it("hides the item once holiday mode is set through the API and shows it again when switched off", async () => {
    const seller = await createStudent(testApp);
    const search = `holidayapi${++counter}q`;
    const item = await insertItem(testApp, seller.id, { productName: `Study lamp ${search}` });
    const listed = async () =>
      (await get(testApp, `/api/items?search=${search}`, { cookie: viewer.cookie }))
        .json()
        .items.map((i: { id: string }) => i.id);
    expect(await listed()).toEqual([item.id]);
    const on = await setHoliday(seller.cookie, {
      isActive: true,
      fromDate: indiaDate(0),
      toDate: indiaDate(2),
    });
    expect(on.statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    await setHoliday(seller.cookie, { isActive: false });
    expect(await listed()).toEqual([item.id]);
  });
});
