// Suspension by the moderation queue: refused sign-in, ended sessions and sockets, hidden
// listings and posts; permanent and ended suspensions; the administrator's account is exempt.
import { CLOSE_SESSION_ENDED } from "@shared/live-constants";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { insertRecruitmentPost } from "../../../tests/factories/recruitment";
import { createStudent, STRONG_PASSWORD } from "../../../tests/factories/users";
import { get, post, signIn } from "../../../tests/helpers/api";
import { connectLive, refusedUpgrade, TEST_ORIGIN } from "../../../tests/helpers/live";
import { ADMIN_EMAIL } from "../../../tests/helpers/test-app";
import { reports, users } from "../../db/schema";
import {
  act,
  adminCookie,
  baseUrl,
  notificationTexts,
  report,
  setUpReportsApp,
  sockets,
  testApp,
} from "./testing/reports-app";

setUpReportsApp();

describe("suspension", () => {
  it("refuses sign-in with the date and the reason, ends sessions and sockets, hides listings and posts", async () => {
    const bad = await createStudent(testApp, { name: "Suspended Seller" });
    const viewer = await createStudent(testApp);
    const secondSession = await signIn(testApp, bad.email, STRONG_PASSWORD);
    const item = await insertItem(testApp, bad.id, { productName: "Suspendable unique tabla" });
    const post_ = await insertRecruitmentPost(testApp, bad.id, { purpose: "Suspendable hackathon team" });
    const browse = async () =>
      (await get(testApp, "/api/items?search=suspendable%20unique", { cookie: viewer.cookie })).json().total;
    expect(await browse()).toBe(1);
    const socket = await connectLive(baseUrl, bad.cookie);
    sockets.push(socket);
    const id = (await report(viewer, { targetType: "user", targetId: bad.id })).json().report.id;

    const missing = await act(id, { action: "suspend", reason: "Scamming buyers." });
    expect(missing.statusCode).toBe(400);
    const response = await act(id, { action: "suspend", reason: "Scamming buyers.", duration: "7d" });
    expect(response.statusCode).toBe(200);

    expect(await socket.waitForClose()).toBe(CLOSE_SESSION_ENDED);
    const login = await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe("user_suspended");
    expect(login.json().error.message).toMatch(
      /^Your account is suspended until \d{1,2} \w{3} \d{4}: Scamming buyers\. You can appeal\.$/,
    );
    for (const cookie of [bad.cookie, secondSession]) {
      // A tab whose live socket missed it learns why, once.
      expect((await get(testApp, "/api/auth/me", { cookie })).json()).toEqual({
        user: null,
        signedOut: "suspended",
      });
      expect((await get(testApp, "/api/auth/me", { cookie })).json()).toEqual({ user: null });
      expect((await get(testApp, "/api/dashboard", { cookie })).statusCode).toBe(401);
      expect(
        (
          await post(
            testApp,
            "/api/reports",
            { targetType: "user", targetId: viewer.id, reason: "Spam" },
            { cookie },
          )
        ).statusCode,
      ).toBe(401);
    }
    expect(await refusedUpgrade(baseUrl, { cookie: bad.cookie, origin: TEST_ORIGIN })).toBe(401);
    expect(await browse()).toBe(0);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(404);
    const profile = await get(testApp, `/api/users/${bad.id}`, { cookie: viewer.cookie });
    expect(JSON.stringify(profile.json())).not.toContain("Suspendable unique tabla");
    const posts = await get(testApp, "/api/recruitment-posts", { cookie: viewer.cookie });
    expect(JSON.stringify(posts.json())).not.toContain("Suspendable hackathon team");
    expect(await notificationTexts(viewer.id)).toContain("We took action on the account you reported.");

    // Users Management shows it, and 'Lift Suspension' brings everything back.
    const listed = await get(testApp, `/api/admin/users?search=${encodeURIComponent(bad.email)}`, {
      cookie: adminCookie,
    });
    expect(listed.json().users[0]).toMatchObject({ isSuspended: true });
    const lift = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(lift.statusCode).toBe(204);
    expect(await browse()).toBe(1);
    expect((await get(testApp, `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(200);
    expect(
      (await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    const liftAgain = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/users/${bad.id}/suspension`,
      headers: { cookie: adminCookie },
    });
    expect(liftAgain.statusCode).toBe(409);
    expect(post_.id).toBeTruthy();
  });

  it("a permanent suspension says so; an ended one no longer refuses", async () => {
    const bad = await createStudent(testApp);
    const reporter = await createStudent(testApp);
    const id = (await report(reporter, { targetType: "user", targetId: bad.id })).json().report.id;
    expect(
      (await act(id, { action: "suspend", reason: "Repeated fraud.", duration: "permanent" })).statusCode,
    ).toBe(200);
    const login = await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD });
    expect(login.json().error.message).toBe(
      "Your account is permanently suspended: Repeated fraud. You can appeal.",
    );
    // Once the end has passed the account works again without anyone lifting it.
    await testApp.database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, bad.id));
    expect(
      (await post(testApp, "/api/auth/login", { email: bad.email, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it("the administrator's account cannot be suspended, even by a report written before that was refused", async () => {
    const reporter = await createStudent(testApp);
    const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    if (!admin) throw new Error("no administrator account");
    const [stored] = await testApp.database.db
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetType: "user",
        targetId: admin.id,
        targetUserId: admin.id,
        reason: "Spam",
      })
      .returning();
    if (!stored) throw new Error("report not stored");
    const refused = await act(stored.id, { action: "suspend", reason: "x", duration: "7d" });
    expect(refused.statusCode).toBe(400);
    expect((await get(testApp, "/api/auth/me", { cookie: adminCookie })).json().user).not.toBeNull();
  });
});
