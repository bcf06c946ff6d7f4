import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEvent, uniqueCollege } from "../../../tests/factories/events";
import { insertRecruitmentPost } from "../../../tests/factories/recruitment";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { type Actor, adminActor, insertStudent } from "../../../tests/security/world";
import { rowsOf } from "../../db/rows";
import {
  auditLog,
  colleges,
  eventInterests,
  notifications,
  outbox,
  pushSubscriptions,
  recruitmentPosts,
  sessions,
  users,
} from "../../db/schema";

let testApp: TestApp;
let admin: Actor;
let organiser: Actor;
let student: Actor;
let interested: Actor[];
let otherOrganiser: Actor;

const BOMBAY = "IIT Bombay";

const form = (overrides: Record<string, unknown> = {}) => ({
  title: "HackMumbai 2099",
  organizer: "Coding Club",
  date: "2099-03-14",
  time: "10:00",
  endDate: "2099-03-15",
  endTime: "22:00",
  venue: "Main Auditorium",
  description: "A 36-hour hackathon.",
  city: "Mumbai",
  college: BOMBAY,
  image: "https://images.example.in/hack.jpg",
  registrationUrl: null,
  registrationCloses: "2099-03-10T18:00",
  ...overrides,
});

const send = (method: "PATCH" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) =>
  testApp.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function makeOrganiser(actor: Actor) {
  return send("PUT", `/api/admin/users/${actor.id}/organiser`, admin.cookie);
}

async function noticesOf(userId: string) {
  const rows = await testApp.database.db
    .select({ text: notifications.text, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "event_update")));
  return rows.map((row) => row.text);
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, vevent };
}

beforeAll(async () => {
  testApp = await createTestApp(
    { LOG_LEVEL: "error", WRITE_RATE_LIMIT_SCALE: "10" },
    { startWorkers: false, logger: { level: "error" } },
  );
  admin = await adminActor(testApp);
  [organiser, student, otherOrganiser, ...interested] = await Promise.all([
    insertStudent(testApp, "Meera Joshi"),
    insertStudent(testApp, "Rohan Mehta"),
    insertStudent(testApp, "Arjun Pillai"),
    insertStudent(testApp, "Asha Kulkarni"),
    insertStudent(testApp, "Kavya Nair"),
  ]);
  await testApp.database.db
    .update(users)
    .set({ college: "Fergusson College", city: "Pune" })
    .where(eq(users.id, otherOrganiser.id));
  for (const actor of [organiser, otherOrganiser]) expect((await makeOrganiser(actor)).statusCode).toBe(200);
});
afterAll(() => testApp.close());

describe("organisers", () => {
  it("the administrator makes a student an organiser of their college, audit logged, and revokes it", async () => {
    const someone = await insertStudent(testApp, "Dev Patel");
    const made = await makeOrganiser(someone);
    expect(made.json().user).toMatchObject({ id: someone.id, organiserOf: BOMBAY });
    const list = await get(testApp, "/api/events", { cookie: someone.cookie });
    expect(list.json().organises).toEqual({ college: BOMBAY, city: "Mumbai" });
    const revoked = await send("DELETE", `/api/admin/users/${someone.id}/organiser`, admin.cookie);
    expect(revoked.json().user.organiserOf).toBeNull();
    const audit = await testApp.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, someone.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["user.organiser", "user.organiser_revoke"]);
    // Revoked: posting is refused again.
    const refused = await post(testApp, "/api/events", form(), { cookie: someone.cookie });
    expect(refused.statusCode).toBe(403);
    // Students only: the administrator makes no student of itself.
    expect((await send("PUT", `/api/admin/users/${someone.id}/organiser`, someone.cookie)).statusCode).toBe(
      403,
    );
  });

  it("an organiser posts, edits and cancels their college's events; another college's organiser is refused", async () => {
    const posted = await post(testApp, "/api/events", form(), { cookie: organiser.cookie });
    expect(posted.statusCode, posted.body).toBe(201);
    const event = posted.json().event;
    expect(event).toMatchObject({
      college: BOMBAY,
      city: "Mumbai",
      endDate: "2099-03-15",
      endTime: "22:00",
      registrationCloses: "2099-03-10T18:00",
      canManage: true,
      isCancelled: false,
    });

    // Another college's organiser, a plain student: refused, nothing changes.
    for (const actor of [otherOrganiser, student]) {
      const edit = await send(
        "PATCH",
        `/api/events/${event.id}`,
        actor.cookie,
        form({ title: "Taken over" }),
      );
      expect(edit.statusCode).toBe(403);
      expect(edit.json().error.message).toBe("Only an organiser of this event's college can do that.");
      const cancel = await post(
        testApp,
        `/api/events/${event.id}/cancel`,
        { reason: "No" },
        { cookie: actor.cookie },
      );
      expect(cancel.statusCode).toBe(403);
    }
    const forBombay = await post(testApp, "/api/events", form(), { cookie: otherOrganiser.cookie });
    expect(forBombay.statusCode).toBe(403);
    // Moving an own event to another college is refused too.
    const moved = await send(
      "PATCH",
      `/api/events/${event.id}`,
      organiser.cookie,
      form({ college: "Fergusson College" }),
    );
    expect(moved.statusCode).toBe(403);
    const read = await get(testApp, `/api/events?id=${event.id}`, { cookie: student.cookie });
    expect(read.json().events[0]).toMatchObject({
      title: "HackMumbai 2099",
      canManage: false,
      isCancelled: false,
    });

    // The administrator may for any college.
    const byAdmin = await send(
      "PATCH",
      `/api/events/${event.id}`,
      admin.cookie,
      form({ description: "Bigger." }),
    );
    expect(byAdmin.statusCode).toBe(200);
  });

  it("refuses an end before the start and a registration closing after the end, with a clear message", async () => {
    const early = await post(testApp, "/api/events", form({ endDate: "2099-03-14", endTime: "09:00" }), {
      cookie: organiser.cookie,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe("The end must be after the start.");
    const late = await post(testApp, "/api/events", form({ registrationCloses: "2099-03-16T10:00" }), {
      cookie: organiser.cookie,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe("Registration must close before the event ends.");
    const bad = await post(testApp, "/api/events", form({ registrationCloses: "tomorrow" }), {
      cookie: organiser.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a new time or place is told to everyone interested, once each, through the outbox", async () => {
    const event = (
      await post(testApp, "/api/events", form({ title: "Robo Wars" }), { cookie: organiser.cookie })
    ).json().event;
    await testApp.database.db
      .insert(eventInterests)
      .values(interested.map((actor) => ({ eventId: event.id, userId: actor.id })));
    // One of them has a push device: the notice's push is queued in the outbox with it.
    const [session] = await testApp.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, interested[0]?.id ?? ""));
    await testApp.database.db.insert(pushSubscriptions).values({
      userId: interested[0]?.id ?? "",
      sessionId: session?.id ?? "",
      endpoint: `https://push.example.in/${event.id}`,
      p256dh: "key",
      auth: "auth",
    });

    // A description only: nobody is told.
    await send(
      "PATCH",
      `/api/events/${event.id}`,
      organiser.cookie,
      form({ title: "Robo Wars", description: "New." }),
    );
    for (const actor of interested) expect(await noticesOf(actor.id)).toEqual([]);

    const edited = await send(
      "PATCH",
      `/api/events/${event.id}`,
      organiser.cookie,
      form({
        title: "Robo Wars",
        date: "2099-03-21",
        time: "16:30",
        endDate: "2099-03-21",
        endTime: "20:00",
        venue: "Sports Complex",
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    for (const actor of interested) {
      expect(await noticesOf(actor.id)).toEqual([
        "Robo Wars moved to Sat 21 Mar, 4:30 pm at Sports Complex.",
      ]);
    }
    expect(await noticesOf(student.id)).toEqual([]);
    const pushes = rowsOf<{ n: number }>(
      await testApp.database.db.execute(
        sql`select count(*)::int as n from ${outbox} where kind = 'push' and payload->>'userId' = ${interested[0]?.id ?? ""}`,
      ),
    );
    expect(pushes[0]?.n).toBe(1);
  });

  it("'Cancel Event' keeps the event as 'Cancelled', tells everyone once by notification, push and e-mail, and unlinks its teams", async () => {
    const event = (
      await post(testApp, "/api/events", form({ title: "Tech Fest" }), { cookie: organiser.cookie })
    ).json().event;
    await testApp.database.db
      .insert(eventInterests)
      .values(interested.map((actor) => ({ eventId: event.id, userId: actor.id })));
    const team = await insertRecruitmentPost(testApp, student.id, {});
    await testApp.database.db
      .update(recruitmentPosts)
      .set({ eventId: event.id })
      .where(eq(recruitmentPosts.id, team.id));

    const empty = await post(
      testApp,
      `/api/events/${event.id}/cancel`,
      { reason: "  " },
      { cookie: organiser.cookie },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Please give a reason.");

    const [cancelled, twice] = await Promise.all([
      post(
        testApp,
        `/api/events/${event.id}/cancel`,
        { reason: "The hall flooded." },
        { cookie: organiser.cookie },
      ),
      post(
        testApp,
        `/api/events/${event.id}/cancel`,
        { reason: "The hall flooded." },
        { cookie: organiser.cookie },
      ),
    ]);
    expect([cancelled.statusCode, twice.statusCode].sort()).toEqual([200, 409]);
    for (const actor of interested) {
      expect(await noticesOf(actor.id)).toContain("Tech Fest was cancelled: The hall flooded.");
      const mails = rowsOf<{ payload: Record<string, string> }>(
        await testApp.database.db.execute(
          sql`select payload from ${outbox} where kind = 'mail' and payload->>'to' = ${actor.email}`,
        ),
      );
      const cancelMails = mails.filter((row) =>
        row.payload.text?.includes("Tech Fest was cancelled: The hall flooded."),
      );
      expect(cancelMails).toHaveLength(1);
      expect(cancelMails[0]?.payload.subject).toBe("An event you were interested in was cancelled");
      expect(cancelMails[0]?.payload.calendarMethod).toBe("CANCEL");
      expect(cancelMails[0]?.payload.text).toContain(`/events/${event.id}\n`);
      const mailed = parse(cancelMails[0]?.payload.calendar ?? "");
      expect(mailed.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(mailed.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    }

    const read = await get(testApp, `/api/events?id=${event.id}`, { cookie: student.cookie });
    expect(read.json().events[0]).toMatchObject({ isCancelled: true, cancelReason: "The hall flooded." });
    const [linked] = await testApp.database.db
      .select({ eventId: recruitmentPosts.eventId, eventCancelled: recruitmentPosts.eventCancelled })
      .from(recruitmentPosts)
      .where(eq(recruitmentPosts.id, team.id));
    expect(linked).toEqual({ eventId: null, eventCancelled: true });
    // A cancelled event is not edited.
    const edit = await send(
      "PATCH",
      `/api/events/${event.id}`,
      organiser.cookie,
      form({ title: "Tech Fest" }),
    );
    expect(edit.statusCode).toBe(409);
  });
});

describe("the calendar file", () => {
  it("carries India times with TZID and its VTIMEZONE, the real end, an alarm, the URL, and a SEQUENCE that grows", async () => {
    const event = (
      await post(testApp, "/api/events", form({ title: "Hack: 36 Hours!" }), { cookie: organiser.cookie })
    ).json().event;
    const download = async () => {
      const response = await get(testApp, `/api/events/${event.id}/calendar.ics`, { cookie: student.cookie });
      expect(response.headers["content-disposition"]).toBe('attachment; filename="hack-36-hours.ics"');
      return parse(response.body);
    };
    const first = await download();
    expect(first.calendar.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(
      "Asia/Kolkata",
    );
    const start = first.vevent.getFirstProperty("dtstart");
    const end = first.vevent.getFirstProperty("dtend");
    expect(start?.getParameter("tzid")).toBe("Asia/Kolkata");
    expect(end?.getParameter("tzid")).toBe("Asia/Kolkata");
    expect(String(start?.getFirstValue())).toBe("2099-03-14T10:00:00");
    expect(String(end?.getFirstValue())).toBe("2099-03-15T22:00:00");
    const alarm = first.vevent.getFirstSubcomponent("valarm");
    expect(String(alarm?.getFirstPropertyValue("trigger"))).toBe("-PT1H");
    expect(first.vevent.getFirstPropertyValue("url")).toMatch(new RegExp(`/events/${event.id}$`));
    expect(first.vevent.getFirstPropertyValue("sequence")).toBe(0);
    expect(first.vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");

    await send(
      "PATCH",
      `/api/events/${event.id}`,
      organiser.cookie,
      form({ title: "Hack: 36 Hours!", venue: "Hall 2" }),
    );
    expect((await download()).vevent.getFirstPropertyValue("sequence")).toBe(1);
    await post(
      testApp,
      `/api/events/${event.id}/cancel`,
      { reason: "Exams moved." },
      { cookie: organiser.cookie },
    );
    const cancelled = await download();
    expect(cancelled.vevent.getFirstPropertyValue("sequence")).toBe(2);
    expect(cancelled.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });
});

describe("a college's calendar feed", () => {
  it("answers signed out, cacheable, with the college's events and nobody's personal data", async () => {
    const college = uniqueCollege("Feed College");
    const [row] = await testApp.database.db
      .insert(colleges)
      .values({ city: "Pune", name: college })
      .returning();
    const ours = await insertEvent(testApp, {
      college,
      title: "Feed Fest",
      date: "2099-08-01",
      time: "18:00",
    });
    await insertEvent(testApp, { college: uniqueCollege(), title: "Elsewhere" });
    await testApp.database.db.insert(eventInterests).values({ eventId: ours.id, userId: student.id });

    const response = await get(testApp, `/api/colleges/${row?.id}/events.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(response.headers["cache-control"]).toBe("public, max-age=900");
    expect(response.headers["set-cookie"]).toBeUndefined();
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const titles = calendar
      .getAllSubcomponents("vevent")
      .map((vevent) => vevent.getFirstPropertyValue("summary"));
    expect(titles).toEqual(["Feed Fest"]);
    expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT6H");
    // Nobody's name, e-mail or id: not the interested student's, not the poster's.
    const studentRow = (await testApp.database.db.select().from(users).where(eq(users.id, student.id)))[0];
    for (const secret of [
      student.email,
      student.id,
      studentRow?.name ?? "",
      studentRow?.mobile ?? "",
      "@example.in",
    ]) {
      expect(response.body).not.toContain(secret);
    }
    // Signed in it is the same answer.
    const signedIn = await get(testApp, `/api/colleges/${row?.id}/events.ics`, { cookie: student.cookie });
    expect(signedIn.body).toBe(response.body);
    expect(
      (await get(testApp, "/api/colleges/00000000-0000-4000-8000-000000000000/events.ics")).statusCode,
    ).toBe(404);
    expect((await get(testApp, "/api/colleges/nope/events.ics")).statusCode).toBe(400);
  });
});
