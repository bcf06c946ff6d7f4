import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { generateSecret } from "otplib";
import { recoveryCodes, secondFactors, users } from "../../server/db/schema";
import { recoveryCodeHash } from "../../server/modules/auth/second-factor.service";
import { appealOfferFor } from "../../server/modules/trust/appeals.service";
import { insertSuspension } from "../../server/modules/trust/suspensions.repository";
import { makeImage } from "../factories/images";
import { buildRecruitment } from "../factories/recruitment";
import { buildSellForm } from "../factories/sell";
import { buildSignup } from "../factories/users";
import { post } from "../helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "../helpers/test-app";
import { multipartBody, uploadedImageUrl } from "../helpers/uploads";
import type { Operation } from "./operations";
import { type Actor, insertCollegeCode, insertEmailToken, insertStudent, type World } from "./world";

/** Body fields that are secrets and ids, not texts a person reads; the mobile number is stored as its digits. */
export const NOT_TEXT_FIELDS: ReadonlySet<string> = new Set([
  "password",
  "currentPassword",
  "newPassword",
  "confirmPassword",
  "token",
  "clientId",
  "mobile",
]);

export interface RequestBody {
  payload: object | Buffer;
  headers?: Record<string, string>;
}

type BodyMaker = (testApp: TestApp, world: World, caller: Actor | null) => Promise<RequestBody> | RequestBody;

const json = (payload: object): RequestBody => ({ payload });
const clientId = () => `c-${randomBytes(8).toString("hex")}`;

async function imageForm(): Promise<RequestBody> {
  return multipartBody([{ data: await makeImage("jpeg"), filename: "photo.jpg", type: "image/jpeg" }]);
}

/** An image the caller uploaded: item forms may only name the caller's own uploads. */
async function sellForm(testApp: TestApp, caller: Actor | null): Promise<RequestBody> {
  const image = caller ? await uploadedImageUrl(testApp, caller.cookie) : "/api/files/images/none.webp";
  return json(buildSellForm(image, { productName: "Engineering drawing kit" }));
}

/**
 * A challenge from the administrator's password step and a code that passes it: a recovery code
 * written for this call, so that any number of these bodies made at once each hold one that works.
 */
async function adminSecondStep(testApp: TestApp): Promise<{ challenge: string; code: string }> {
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin account");
  await testApp.database.db
    .insert(secondFactors)
    .values({ userId: admin.id, secret: generateSecret(), lastUsedStep: 0 })
    .onConflictDoNothing();
  const code = `${randomBytes(5).toString("hex")}`;
  await testApp.database.db
    .insert(recoveryCodes)
    .values({ userId: admin.id, codeHash: recoveryCodeHash(code) });
  const login = await post(testApp, "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const challenge = login.json().secondFactor?.challenge;
  if (!challenge) throw new Error(`no challenge from the password step: ${login.statusCode} ${login.body}`);
  return { challenge, code };
}

/**
 * A valid body for every operation that takes one, so that only the access check stands between
 * a caller and the change. The matrix fails on an operation with a body that is missing here.
 */
/** The event form, as the admin's Events tab and an organiser's 'Post Event' send it. */
const EVENT_FORM = {
  title: "Hack Nagpur",
  organizer: "Coding Club",
  date: "2099-03-01",
  time: "09:30",
  venue: "Hall 2",
  description: "A day of building things.",
  city: "Pune",
  college: "Fergusson College",
  image: "https://images.example.in/hack.jpg",
  registrationUrl: null,
};

export const VALID_BODIES: Record<string, BodyMaker> = {
  "POST /api/auth/signup": () => json(buildSignup()),
  "POST /api/auth/login": (_app, world) => json({ email: world.owner.email, password: world.owner.password }),
  "POST /api/auth/second-factor": async (testApp) => json(await adminSecondStep(testApp)),
  "POST /api/auth/verify-email": async (testApp, world) =>
    json({ token: await insertEmailToken(testApp, world.owner.id, "verify") }),
  "POST /api/auth/forgot-password": (_app, world) => json({ email: world.owner.email }),
  // A student of its own for each call: using one reset link voids that user's other links.
  "POST /api/auth/reset-password": async (testApp) =>
    json({
      token: await insertEmailToken(testApp, (await insertStudent(testApp, "Reset Student")).id, "reset"),
      password: "Fresh#Password42",
    }),
  // A suspended student of its own for each call, with the token its refused sign-in would carry.
  "POST /api/appeals": async (testApp) => {
    const student = await insertStudent(testApp, "Appealing Student");
    const { db } = testApp.database;
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, student.id));
    const suspension = await insertSuspension(db, {
      userId: student.id,
      actorId: null,
      reportId: null,
      reason: "Spam.",
      endsAt: null,
    });
    const { token } = await appealOfferFor(db, suspension);
    return json({ token, description: "Please lift it." });
  },
  "PATCH /api/admin/users/{id}": () =>
    json({
      name: "Renamed By Admin",
      email: `renamed-${randomUUID().slice(0, 8)}@example.in`,
      mobile: "9123456780",
      city: "Pune",
      college: "Fergusson College",
    }),
  "POST /api/admin/events": () => json(EVENT_FORM),
  "POST /api/events": () => json(EVENT_FORM),
  "PATCH /api/events/{id}": () => json({ ...EVENT_FORM, college: "IIT Bombay", city: "Mumbai" }),
  "POST /api/events/{id}/cancel": () => json({ reason: "The hall is closed for repairs." }),
  "POST /api/admin/colleges": () =>
    json({ city: "Nagpur", college: `Matrix Institute ${randomBytes(4).toString("hex")}` }),
  "POST /api/admin/tickets/{ticketId}/status": () => json({ status: "resolved" }),
  "POST /api/admin/reports/{id}/action": () => json({ action: "dismiss", reason: "No violation found." }),
  "POST /api/reports": (_app, world) =>
    json({
      targetType: "listing",
      targetId: world.itemId,
      reason: "Scam or fraud",
      details: "Asks for advance",
    }),
  // College verification: an address at the students' college's domain (a new one each call, under
  // the per-address limit); a code written for the caller, as the mail would carry it.
  "POST /api/me/college-verification/code": () =>
    json({ email: `m-${randomBytes(5).toString("hex")}@iitb.ac.in` }),
  "POST /api/me/college-verification/confirm": async (testApp, _world, caller) =>
    json({ code: caller ? await insertCollegeCode(testApp, caller.id) : "123456" }),
  "POST /api/me/college-verification/id-card": imageForm,
  "POST /api/admin/verifications/{id}/decision": () =>
    json({ decision: "reject", reason: "The photo is blurred." }),
  "POST /api/admin/colleges/{id}/domains": () =>
    json({ domain: `m-${randomBytes(4).toString("hex")}.ac.in` }),
  "POST /api/admin/colleges/{id}/aliases": () => json({ alias: `M ${randomBytes(4).toString("hex")}` }),
  "POST /api/admin/colleges/{id}/meetup-spots": () =>
    json({ name: `Spot ${randomBytes(4).toString("hex")}`, directions: "Beside the main gate." }),
  "PATCH /api/admin/meetup-spots/{id}": () =>
    json({ name: `Spot ${randomBytes(4).toString("hex")}`, directions: "Beside the main gate." }),
  "POST /api/colleges/{id}/meetup-spots": () =>
    json({ name: `Spot ${randomBytes(4).toString("hex")}`, directions: "Behind the library." }),
  "POST /api/chats/{chatId}/meetups": (_testApp, world) =>
    json({
      clientId: clientId(),
      spotId: world.chatSpotId,
      startsAt: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    }),
  "POST /api/admin/college-requests/{id}/merge": (_testApp, world) => json({ collegeId: world.collegeId }),
  // A college the directory lacks, a new name each call: the caller's one waiting request.
  "POST /api/me/college-request": () =>
    json({ name: `Matrix Institute ${randomBytes(4).toString("hex")}`, city: "Nagpur" }),
  "POST /api/uploads/images": imageForm,
  "POST /api/uploads/profile-photo": imageForm,
  "POST /api/uploads/chat-photo": imageForm,
  "POST /api/items": (testApp, _world, caller) => sellForm(testApp, caller),
  "PATCH /api/items/{id}": (testApp, _world, caller) => sellForm(testApp, caller),
  "POST /api/me/saved-searches": () => json({ search: "desk lamp", category: "other" }),
  "POST /api/chats": (_app, world) => json({ userId: world.owner.id, itemId: world.itemId }),
  "POST /api/items/{id}/sold": () => json({ buyerId: null }),
  "POST /api/items/{id}/handover": () => json({ code: "4821" }),
  "POST /api/items/{id}/ratings": () => json({ stars: 5, comment: "Smooth deal" }),
  "POST /api/chats/{chatId}/offers/{offerId}/counter": () => json({ clientId: clientId(), offerPrice: 350 }),
  "POST /api/chats/{chatId}/messages": () =>
    json({ type: "text", clientId: clientId(), text: "Is it available?" }),
  "PATCH /api/me/profile": () =>
    json({ name: "Ananya R", bio: "Final year, mechanical.", profilePhoto: null }),
  "PATCH /api/me/name": () => json({ name: "Ananya R" }),
  "POST /api/me/password": (_app, _world, caller) =>
    json({
      currentPassword: caller?.password ?? "Campus#Bazaar9",
      newPassword: "Changed#Password7",
      confirmPassword: "Changed#Password7",
    }),
  "PUT /api/me/holiday": () => json({ isActive: false }),
  "PUT /api/me/privacy": () => json({ mobileVisibility: "all", emailVisibility: "nobody" }),
  // localhost: the one push host the test apps allow (PUSH_ALLOWED_PRIVATE_HOSTS); nothing listens on 443.
  "PUT /api/push/subscription": (_app, _world, caller) =>
    json({
      endpoint: `https://localhost/send/${caller?.id ?? "nobody"}`,
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    }),
  "POST /api/push/subscription/remove": (_app, _world, caller) =>
    json({ endpoint: `https://localhost/send/${caller?.id ?? "nobody"}` }),
  "PATCH /api/me/notification-settings": () => json({ pushDeals: false, emailDigest: false }),
  "POST /api/me/push-prompt": () => json({ answer: "not_now" }),
  "POST /api/tickets": () => json({ purpose: "Feature Request", description: "Dark mode, please." }),
  "POST /api/recruitment-posts": () => json(buildRecruitment()),
  "PATCH /api/recruitment-posts/{id}": () => json(buildRecruitment({ purpose: "Robotics team" })),
  "POST /api/recruitment-posts/{id}/message": () => json({ clientId: clientId() }),
  "POST /api/recruitment-posts/{id}/requests": () => json({ note: "I can do the frontend." }),
};

export async function validBody(
  testApp: TestApp,
  operation: Operation,
  world: World,
  caller: Actor | null,
): Promise<RequestBody | undefined> {
  const make = VALID_BODIES[operation.key];
  if (make) return make(testApp, world, caller);
  // Uploads are documented without a body schema (multipart is parsed by the route itself).
  return undefined;
}
