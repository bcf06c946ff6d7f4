import { VERIFICATION_MESSAGES } from "@shared/verification-constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../server/db/rows";
import { auditLog, colleges, users } from "../../../server/db/schema";
import { makeImage } from "../../../tests/factories/images";
import { insertItem } from "../../../tests/factories/items";
import { buildSignup, createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, createTestApp, type TestApp, waitForMails } from "../../../tests/helpers/test-app";
import { multipartBody } from "../../../tests/helpers/uploads";
import { startSessionFor } from "../../../tests/security/world";

let testApp: TestApp;
let adminCookie: string;

async function collegeId(name: string): Promise<string> {
  const [row] = await testApp.database.db.select().from(colleges).where(eq(colleges.name, name));
  if (!row) throw new Error(`no college ${name}`);
  return row.id;
}

const addDomain = (name: string, domain: string, cookie = adminCookie) =>
  collegeId(name).then((id) => post(testApp, `/api/admin/colleges/${id}/domains`, { domain }, { cookie }));

const sendCode = (cookie: string, email: string) =>
  post(testApp, "/api/me/college-verification/code", { email }, { cookie });
const confirm = (cookie: string, code: string) =>
  post(testApp, "/api/me/college-verification/confirm", { code }, { cookie });

/** The code in the newest verification mail to an address. */
async function codeMailedTo(email: string, count = 1): Promise<string> {
  const mails = await waitForMails(testApp, email, count, (mail) =>
    mail.subject.includes("verification code"),
  );
  const code = mails.at(-1)?.text.match(/ is (\d{6})\./)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

const unique = () => Math.random().toString(36).slice(2, 10);

async function uploadId(cookie: string) {
  const { payload, headers } = await multipartBody([
    { data: await makeImage("jpeg"), filename: "id-card.jpg", type: "image/jpeg" },
  ]);
  return testApp.app.inject({
    method: "POST",
    url: "/api/me/college-verification/id-card",
    payload,
    headers: { ...headers, cookie },
  });
}

async function suspend(userId: string) {
  await testApp.database.db
    .update(users)
    .set({ suspendedAt: new Date(), suspendedUntil: new Date(Date.now() + 7 * 86_400_000) })
    .where(eq(users.id, userId));
}

beforeAll(async () => {
  testApp = await createTestApp();
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin");
  adminCookie = await startSessionFor(testApp, admin.id);
  expect((await addDomain("IIT Bombay", "iitb.ac.in")).statusCode).toBe(201);
});
afterAll(() => testApp.close());

describe("college e-mail domains (admin)", () => {
  it("gives a domain to one college only; a subdomain is its own entry; removing it is audited", async () => {
    const taken = await addDomain("IIT Delhi", "IITB.ac.in");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(VERIFICATION_MESSAGES.domainTaken("iitb.ac.in", "IIT Bombay"));
    expect((await addDomain("IIT Madras", "smail.iitm.ac.in")).statusCode).toBe(201);
    expect((await addDomain("IIT Madras", "iitm.ac.in")).statusCode).toBe(201);
    const bad = await addDomain("IIT Madras", "student@iitm.ac.in");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(VERIFICATION_MESSAGES.domainInvalid);

    const listed = (await get(testApp, "/api/admin/college-domains", { cookie: adminCookie })).json();
    const madras = await collegeId("IIT Madras");
    expect(listed.domains.filter((d: { collegeId: string }) => d.collegeId === madras)).toEqual([
      { domain: "iitm.ac.in", collegeId: madras },
      { domain: "smail.iitm.ac.in", collegeId: madras },
    ]);
    const remove = () =>
      testApp.app.inject({
        method: "DELETE",
        url: `/api/admin/colleges/${madras}/domains/iitm.ac.in`,
        headers: { cookie: adminCookie },
      });
    expect((await remove()).statusCode).toBe(204);
    expect((await remove()).statusCode).toBe(404);
    const actions = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, madras));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "college.domain.add",
      "college.domain.add",
      "college.domain.remove",
    ]);
  });

  it("is the administrator's only", async () => {
    const student = await createStudent(testApp);
    const response = await addDomain("IIT Delhi", "iitd.ac.in", student.cookie);
    expect(response.statusCode).toBe(403);
    expect((await get(testApp, "/api/admin/college-domains", { cookie: student.cookie })).statusCode).toBe(
      403,
    );
  });
});

describe("verify your college by a code", () => {
  it("refuses a gmail address, and an iitb.ac.in address for another college", async () => {
    const bombay = await createStudent(testApp);
    const gmail = await sendCode(bombay.cookie, "priya.sharma@gmail.com");
    expect(gmail.statusCode).toBe(400);
    expect(gmail.json().error.message).toBe(
      VERIFICATION_MESSAGES.notCollegeDomain("gmail.com", "IIT Bombay"),
    );
    // A subdomain is not the domain: only its own entry counts.
    const sub = await sendCode(bombay.cookie, `x-${unique()}@students.iitb.ac.in`);
    expect(sub.statusCode).toBe(400);

    const delhi = await createStudent(testApp, { city: "New Delhi", college: "IIT Delhi" });
    await addDomain("IIT Delhi", "iitd.ac.in");
    const other = await sendCode(delhi.cookie, `p-${unique()}@iitb.ac.in`);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(
      VERIFICATION_MESSAGES.notCollegeDomain("iitb.ac.in", "IIT Delhi"),
    );

    const noDomain = await createStudent(testApp, { city: "Pilani", college: "BITS Pilani" });
    const none = await sendCode(noDomain.cookie, `p-${unique()}@bits-pilani.ac.in`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(VERIFICATION_MESSAGES.noDomains("BITS Pilani"));
    expect(
      testApp.mail.filter((mail) => mail.subject.includes("verification code") && mail.to.includes("gmail")),
    ).toEqual([]);
  });

  it("marks the student verified with the mailed code and keeps only a keyed hash of the address", async () => {
    const student = await createStudent(testApp);
    const address = `priya-${unique()}@iitb.ac.in`;
    const before = (await get(testApp, "/api/me/college-verification", { cookie: student.cookie })).json();
    expect(before.verification).toMatchObject({
      college: "IIT Bombay",
      verifiedCollege: null,
      domains: ["iitb.ac.in"],
    });

    const sent = await sendCode(student.cookie, address.toUpperCase());
    expect(sent.statusCode).toBe(200);
    expect(sent.headers["cache-control"]).toContain("no-store");
    const code = await codeMailedTo(address);
    const wrong = await confirm(student.cookie, code === "000000" ? "111111" : "000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(VERIFICATION_MESSAGES.wrongCode(4));

    const right = await confirm(student.cookie, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().verification).toMatchObject({ verifiedCollege: "IIT Bombay", method: "email" });

    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, student.id));
    expect(row?.collegeEmailHash).toMatch(/^[\w-]{43}$/);
    // Nowhere in the database is the address kept beside the account (the sent mail has left the outbox).
    const [found] = rowsOf<{ n: number }>(
      await testApp.database.db.execute(
        sql`select count(*)::int as n from users where row_to_json(users)::text ilike ${`%${address}%`}`,
      ),
    );
    expect(found?.n).toBe(0);
    // Spent: the code does not verify twice, and the student cannot ask again.
    expect((await sendCode(student.cookie, address)).statusCode).toBe(409);
  });

  it("refuses an expired code", async () => {
    const student = await createStudent(testApp);
    const address = `exp-${unique()}@iitb.ac.in`;
    expect((await sendCode(student.cookie, address)).statusCode).toBe(200);
    const code = await codeMailedTo(address);
    await testApp.database.db.execute(
      sql`update college_codes set expires_at = now() - interval '1 second' where user_id = ${student.id}`,
    );
    const late = await confirm(student.cookie, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(VERIFICATION_MESSAGES.codeExpired);
  });

  it("locks a code after 5 wrong tries, even for the right one", async () => {
    const student = await createStudent(testApp);
    const address = `lock-${unique()}@iitb.ac.in`;
    expect((await sendCode(student.cookie, address)).statusCode).toBe(200);
    const code = await codeMailedTo(address);
    const wrongCode = code === "123456" ? "654321" : "123456";
    const messages: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      messages.push((await confirm(student.cookie, wrongCode)).json().error.message);
    }
    expect(messages).toEqual([
      VERIFICATION_MESSAGES.wrongCode(4),
      VERIFICATION_MESSAGES.wrongCode(3),
      VERIFICATION_MESSAGES.wrongCode(2),
      VERIFICATION_MESSAGES.wrongCode(1),
      VERIFICATION_MESSAGES.codeLocked,
    ]);
    const right = await confirm(student.cookie, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(VERIFICATION_MESSAGES.codeLocked);
  });

  it("limits codes per student and per address", async () => {
    const student = await createStudent(testApp);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      statuses.push((await sendCode(student.cookie, `many-${unique()}@iitb.ac.in`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const address = `shared-${unique()}@iitb.ac.in`;
    const perAddress: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const other = await createStudent(testApp);
      perAddress.push((await sendCode(other.cookie, address)).statusCode);
    }
    expect(perAddress).toEqual([200, 200, 200, 429]);
  });

  it("refuses the college address of a suspended account, and of any other account", async () => {
    const first = await createStudent(testApp);
    const address = `taken-${unique()}@iitb.ac.in`;
    await sendCode(first.cookie, address);
    expect((await confirm(first.cookie, await codeMailedTo(address))).statusCode).toBe(200);

    const second = await createStudent(testApp);
    const taken = await sendCode(second.cookie, address);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(VERIFICATION_MESSAGES.addressTaken);

    await suspend(first.id);
    const suspended = await sendCode(second.cookie, address);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().error.message).toBe("This college e-mail belongs to a suspended account.");
  });
});

describe("a suspended account's mobile number at sign-up", () => {
  it("is refused while the suspension lasts", async () => {
    const mobile = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const first = await createStudent(testApp, { mobile });
    await suspend(first.id);
    const again = await post(testApp, "/api/auth/signup", buildSignup({ mobile }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This mobile number belongs to a suspended account.");
    await testApp.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, first.id));
    expect((await post(testApp, "/api/auth/signup", buildSignup({ mobile }))).statusCode).toBe(201);
  });
});

describe("verify with your student ID", () => {
  it("is reviewed by the administrator only; the photo is deleted at the decision and the decision audited", async () => {
    const student = await createStudent(testApp, { city: "Pilani", college: "BITS Pilani" });
    const sent = await uploadId(student.cookie);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().verification.idReview).toMatchObject({ status: "pending", reason: null });
    expect((await uploadId(student.cookie)).statusCode).toBe(409);

    const list = await get(testApp, "/api/admin/verifications", { cookie: adminCookie });
    expect(list.headers["cache-control"]).toContain("no-store");
    const review = list.json().verifications.find((v: { userId: string }) => v.userId === student.id);
    expect(review).toMatchObject({ name: "Priya Sharma", college: "BITS Pilani", email: student.email });
    // The photo is not public: not under /api/files, and only the administrator is served it.
    expect((await get(testApp, review.photoUrl, { cookie: student.cookie })).statusCode).toBe(403);
    expect((await get(testApp, review.photoUrl)).statusCode).toBe(401);
    const photo = await get(testApp, review.photoUrl, { cookie: adminCookie });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toMatch(/^image\//);
    const [upload] = rowsOf<{ key: string }>(
      await testApp.database.db.execute(
        sql`select key from uploads where bucket = 'ids' and owner_id = ${student.id}`,
      ),
    );
    expect((await get(testApp, `/api/files/ids/${upload?.key}`, { cookie: adminCookie })).statusCode).toBe(
      400,
    );

    const decide = (body: object) =>
      post(testApp, `/api/admin/verifications/${review.id}/decision`, body, { cookie: adminCookie });
    const noReason = await decide({ decision: "reject" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(VERIFICATION_MESSAGES.reasonRequired);
    expect((await decide({ decision: "reject", reason: "The photo is blurred." })).statusCode).toBe(204);
    expect((await decide({ decision: "approve" })).statusCode).toBe(409);

    expect((await get(testApp, review.photoUrl, { cookie: adminCookie })).statusCode).toBe(404);
    const [left] = rowsOf<{ n: number }>(
      await testApp.database.db.execute(
        sql`select count(*)::int as n from uploads where bucket = 'ids' and owner_id = ${student.id}`,
      ),
    );
    expect(left?.n).toBe(0);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, student.id));
    expect(entry).toMatchObject({
      action: "verification.reject",
      details: { reason: "The photo is blurred." },
    });
    expect(entry?.actorId).not.toBeNull();

    const notifications = (await get(testApp, "/api/notifications", { cookie: student.cookie })).json();
    expect(JSON.stringify(notifications)).toContain(
      "Your student ID was not approved: The photo is blurred.",
    );
    const status = (await get(testApp, "/api/me/college-verification", { cookie: student.cookie })).json();
    expect(status.verification.idReview).toMatchObject({
      status: "rejected",
      reason: "The photo is blurred.",
    });

    // A new photo, approved this time.
    expect((await uploadId(student.cookie)).statusCode).toBe(201);
    const next = (await get(testApp, "/api/admin/verifications", { cookie: adminCookie }))
      .json()
      .verifications.find((v: { userId: string }) => v.userId === student.id);
    expect(
      (
        await post(
          testApp,
          `/api/admin/verifications/${next.id}/decision`,
          { decision: "approve" },
          { cookie: adminCookie },
        )
      ).statusCode,
    ).toBe(204);
    expect((await get(testApp, next.photoUrl, { cookie: adminCookie })).statusCode).toBe(404);
    const after = (await get(testApp, "/api/me/college-verification", { cookie: student.cookie })).json();
    expect(after.verification).toMatchObject({
      verifiedCollege: "BITS Pilani",
      method: "id",
      idReview: null,
    });
  });

  it("is not open to the student for the admin's list or decisions", async () => {
    const student = await createStudent(testApp);
    expect((await get(testApp, "/api/admin/verifications", { cookie: student.cookie })).statusCode).toBe(403);
  });
});

describe("the 'Verified Student' label and the browse filter", () => {
  it("shows for college-verified students only; a confirmed sign-in e-mail says 'E-mail confirmed'", async () => {
    const viewer = await createStudent(testApp);
    const confirmedOnly = await createStudent(testApp, { name: "Rahul Verma" });
    await testApp.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.id, confirmedOnly.id));
    const verified = await createStudent(testApp, { name: "Meera Iyer" });
    const address = `meera-${unique()}@iitb.ac.in`;
    await sendCode(verified.cookie, address);
    expect((await confirm(verified.cookie, await codeMailedTo(address))).statusCode).toBe(200);

    const word = unique();
    const plainItem = await insertItem(testApp, confirmedOnly.id, { productName: `Lamp ${word}` });
    const verifiedItem = await insertItem(testApp, verified.id, { productName: `Kettle ${word}` });

    const detail = async (id: string) =>
      (await get(testApp, `/api/items/${id}`, { cookie: viewer.cookie })).json();
    expect((await detail(plainItem.id)).seller).toMatchObject({ isVerified: false, isEmailConfirmed: true });
    expect((await detail(verifiedItem.id)).seller).toMatchObject({ isVerified: true });
    const profile = async (id: string) =>
      (await get(testApp, `/api/users/${id}`, { cookie: viewer.cookie })).json();
    expect((await profile(confirmedOnly.id)).profile).toMatchObject({
      isVerified: false,
      isEmailConfirmed: true,
    });
    expect((await profile(verified.id)).profile).toMatchObject({ isVerified: true });

    const browse = async (query: string) =>
      (await get(testApp, `/api/items?search=${word}${query}`, { cookie: viewer.cookie })).json();
    const all = await browse("");
    expect(all.total).toBe(2);
    expect(
      Object.fromEntries(
        all.items.map((i: { id: string; sellerIsVerified: boolean }) => [i.id, i.sellerIsVerified]),
      ),
    ).toEqual({
      [plainItem.id]: false,
      [verifiedItem.id]: true,
    });
    const only = await browse("&verifiedOnly=true");
    expect(only.total).toBe(1);
    expect(only.items.map((i: { id: string }) => i.id)).toEqual([verifiedItem.id]);

    // A student whose profile now names another college is no longer verified.
    await testApp.database.db
      .update(users)
      .set({ college: "IIT Delhi", city: "New Delhi" })
      .where(eq(users.id, verified.id));
    expect((await detail(verifiedItem.id)).seller).toMatchObject({ isVerified: false });
    expect((await browse("&verifiedOnly=true")).total).toBe(0);
  });
});
