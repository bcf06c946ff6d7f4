import { randomBytes } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../server/db/rows";
import {
  collegeAliases,
  collegeCodes,
  collegeDomains,
  collegeRequests,
  colleges,
  emailTokens,
  idVerifications,
  meetupSpots,
  savedSearches,
  sessions,
  users,
} from "../../server/db/schema";
import { hashPassword } from "../../server/lib/passwords";
import { hashToken, newToken } from "../../server/lib/tokens";
import { collegeAddressHash, collegeCodeHash } from "../../server/modules/verification/verification.service";
import { sessionCookieName } from "../../server/plugins/auth";
import { insertEvent } from "../factories/events";
import { makeImage } from "../factories/images";
import { insertItem } from "../factories/items";
import { insertRecruitmentPost } from "../factories/recruitment";
import { STRONG_PASSWORD } from "../factories/users";
import { post } from "../helpers/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "../helpers/test-app";
import { multipartBody, uploadedImageUrl } from "../helpers/uploads";

/** A signed-in account: its id, address, password and a cookie of its own session. */
export interface Actor {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/**
 * Records owned by `owner`, the first student; `other` is another student with nothing of theirs
 * in it; `partner` is the student the owner chats with. Every path parameter names one of these.
 */
export interface World {
  owner: Actor;
  other: Actor;
  partner: Actor;
  admin: Actor;
  itemId: string;
  postId: string;
  ticketId: string;
  chatId: string;
  notificationId: string;
  eventId: string;
  collegeId: string;
  /** The public id of another session of the owner's (a second device), as Settings lists it. */
  sessionId: string;
  /** The owner's uploaded image, e.g. /api/files/images/<key>. */
  fileUrl: string;
  /** A photo the partner sent in the chat (its key in the private chats bucket). */
  chatPhotoId: string;
  /** The partner's open report of the owner's item. */
  reportId: string;
  /** The partner's open report of a photo the owner sent in the chat: it keeps the photo. */
  photoReportId: string;
  /** The owner's pending offer in the chat (the owner is its buyer, the partner its seller). */
  offerId: string;
  /** The partner's rating of the owner, from an earlier deal. */
  ratingId: string;
  /** The owner's saved search on /buy. */
  savedSearchId: string;
  /** The partner's pending request to join the owner's recruitment post. */
  requestId: string;
  /** The partner's student ID waiting for review. */
  verificationId: string;
  /** An e-mail domain of the world's college. */
  collegeDomain: string;
  /** A short name of the world's college (the Colleges tab). */
  collegeAlias: string;
  /** A student's suggested meetup spot for the world's college, waiting for the administrator. */
  meetupSpotId: string;
  /** An approved meetup spot of the chat's college (IIT Bombay), to suggest a meetup at. */
  chatSpotId: string;
  /** The partner's open meetup suggestion in the chat: the owner may accept it. */
  meetupId: string;
  /** A pending student's request for a college the directory lacks (the Colleges tab decides it). */
  collegeRequestId: string;
}

let passwordHash: Promise<string> | undefined;

/** The rows of a raw query (PGlite and node-postgres both answer with `rows`). */
export async function queryRows<Row>(testApp: TestApp, query: SQL): Promise<Row[]> {
  const result = await testApp.database.db.execute(query);
  return rowsOf<Row>(result);
}

/** A session row and its cookie, as a sign-in would make one (without paying for argon2 each time). */
export async function startSessionFor(testApp: TestApp, userId: string): Promise<string> {
  const token = newToken();
  await testApp.database.db
    .insert(sessions)
    .values({ id: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `${sessionCookieName(testApp.config.isSecureCookie)}=${token}`;
}

/** Another session of a user's, as a second device's sign-in would make one; returns its public id. */
export async function startOtherSession(testApp: TestApp, userId: string): Promise<string> {
  const [row] = await testApp.database.db
    .insert(sessions)
    .values({
      id: hashToken(newToken()),
      userId,
      userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      address: "203.0.113.x",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ publicId: sessions.publicId });
  if (!row) throw new Error("session was not inserted");
  return row.publicId;
}

/** A verified student written straight to the database, with a session of their own. */
export async function insertStudent(testApp: TestApp, name: string): Promise<Actor> {
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  const email = `${name.split(" ")[0]?.toLowerCase()}-${randomBytes(5).toString("hex")}@example.in`;
  const [row] = await testApp.database.db
    .insert(users)
    .values({
      name,
      email,
      city: "Mumbai",
      college: "IIT Bombay",
      mobile: "9876543210",
      passwordHash: await passwordHash,
      emailVerified: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("student was not inserted");
  return { id: row.id, email, password: STRONG_PASSWORD, cookie: await startSessionFor(testApp, row.id) };
}

/** A new session of the administrator account createTestApp made. */
export async function adminActor(testApp: TestApp): Promise<Actor> {
  const [row] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!row) throw new Error("no admin account");
  return {
    id: row.id,
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    cookie: await startSessionFor(testApp, row.id),
  };
}

/** A one-time e-mail token (verification or reset) for a user, as the mailed link carries it. */
export async function insertEmailToken(
  testApp: TestApp,
  userId: string,
  purpose: "verify" | "reset",
): Promise<string> {
  const token = newToken();
  await testApp.database.db
    .insert(emailTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** A college code waiting for a user (IIT Bombay, valid 15 minutes), as the mail would carry it. */
export async function insertCollegeCode(testApp: TestApp, userId: string): Promise<string> {
  const code = String(100_000 + (randomBytes(4).readUInt32BE(0) % 900_000));
  const db = testApp.database.db;
  await db
    .insert(collegeCodes)
    .values({
      userId,
      emailHash: await collegeAddressHash(db, `code-${userId}@iitb.ac.in`),
      codeHash: await collegeCodeHash(db, userId, code),
      collegeName: "IIT Bombay",
      expiresAt: new Date(Date.now() + 15 * 60_000),
    })
    .onConflictDoUpdate({
      target: collegeCodes.userId,
      set: { codeHash: await collegeCodeHash(db, userId, code), tries: 0, collegeName: "IIT Bombay" },
    });
  return code;
}

function expectCreated(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body);
}

/** A fresh set of owned records, so each operation's cells start from the same state. */
export async function createWorld(testApp: TestApp): Promise<World> {
  const [owner, other, partner, admin] = await Promise.all([
    insertStudent(testApp, "Ananya Rao"),
    insertStudent(testApp, "Vikram Singh"),
    insertStudent(testApp, "Kavya Nair"),
    adminActor(testApp),
  ]);
  const db = testApp.database.db;
  const item = await insertItem(testApp, owner.id, { productName: "Drafting table" });
  const partnerItem = await insertItem(testApp, partner.id, { productName: "Lab coat" });
  const chat = expectCreated(
    await post(
      testApp,
      "/api/chats",
      { userId: partner.id, itemId: partnerItem.id },
      { cookie: owner.cookie },
    ),
    "open chat",
  ).chat;
  // The partner's reply makes a notification for the owner.
  expectCreated(
    await post(
      testApp,
      `/api/chats/${chat.id}/messages`,
      { type: "text", clientId: `c-${randomBytes(8).toString("hex")}`, text: "Still available?" },
      { cookie: partner.cookie },
    ),
    "send message",
  );
  // The partner sends a photo too: only the chat's members may see it.
  const chatPhotoId = await sendChatPhoto(testApp, partner, chat.id);
  // The owner sends one too, which the partner reports.
  await sendChatPhoto(testApp, owner, chat.id);
  const [ownerPhoto] = await queryRows<{ id: string }>(
    testApp,
    sql`select id from messages where chat_id = ${chat.id} and sender_id = ${owner.id} and type = 'photo'`,
  );
  const [notification] = await queryRows<{ id: string }>(
    testApp,
    sql`select id from notifications where user_id = ${owner.id} limit 1`,
  );
  const ticket = expectCreated(
    await post(
      testApp,
      "/api/tickets",
      { purpose: "Technical Bug", description: "The page does not load." },
      { cookie: owner.cookie },
    ),
    "open ticket",
  ).ticket;
  const recruitment = await insertRecruitmentPost(testApp, owner.id, {});
  const event = await insertEvent(testApp);
  const [college] = await db
    .insert(colleges)
    .values({ city: "Nagpur", name: `Matrix College ${randomBytes(4).toString("hex")}` })
    .returning();
  const report = expectCreated(
    await post(
      testApp,
      "/api/reports",
      { targetType: "listing", targetId: item.id, reason: "Scam or fraud" },
      { cookie: partner.cookie },
    ),
    "report listing",
  ).report;
  const photoReport = expectCreated(
    await post(
      testApp,
      "/api/reports",
      { targetType: "message", targetId: ownerPhoto?.id, reason: "Harassment or hate" },
      { cookie: partner.cookie },
    ),
    "report photo message",
  ).report;
  const offer = expectCreated(
    await post(
      testApp,
      `/api/chats/${chat.id}/messages`,
      { type: "offer", clientId: `c-${randomBytes(8).toString("hex")}`, offerPrice: 300 },
      { cookie: owner.cookie },
    ),
    "send offer",
  ).message;
  const [rating] = await queryRows<{ id: string }>(
    testApp,
    sql`insert into ratings (item_name, rater_id, ratee_id, stars, comment, deal_at)
        values ('Old cycle', ${partner.id}, ${owner.id}, 5, 'Smooth deal', now() - interval '20 days') returning id`,
  );
  const [savedSearch] = await testApp.database.db
    .insert(savedSearches)
    .values({ userId: owner.id, name: "lamp", search: "lamp" })
    .returning({ id: savedSearches.id });
  const request = expectCreated(
    await post(
      testApp,
      `/api/recruitment-posts/${recruitment.id}/requests`,
      { note: "Count me in." },
      {
        cookie: partner.cookie,
      },
    ),
    "request to join",
  ).request;
  // The students' college (IIT Bombay) takes codes at iitb.ac.in; the world's college has a domain of its own.
  const [bombay] = await db
    .select({ id: colleges.id })
    .from(colleges)
    .where(sql`${colleges.name} = 'IIT Bombay' and ${colleges.city} = 'Mumbai'`);
  if (bombay)
    await db
      .insert(collegeDomains)
      .values({ collegeId: bombay.id, domain: "iitb.ac.in" })
      .onConflictDoNothing();
  const collegeDomain = `matrix-${randomBytes(4).toString("hex")}.ac.in`;
  if (college) await db.insert(collegeDomains).values({ collegeId: college.id, domain: collegeDomain });
  const collegeAlias = `Matrix ${randomBytes(4).toString("hex")}`;
  if (college) await db.insert(collegeAliases).values({ collegeId: college.id, alias: collegeAlias });
  // The partner sends a student ID for review: only the administrator sees and decides it.
  const idCard = await multipartBody([
    { data: await makeImage("jpeg"), filename: "id.jpg", type: "image/jpeg" },
  ]);
  expectCreated(
    await testApp.app.inject({
      method: "POST",
      url: "/api/me/college-verification/id-card",
      payload: idCard.payload,
      headers: { ...idCard.headers, cookie: partner.cookie },
    }),
    "send student ID",
  );
  const [verification] = await db
    .select({ id: idVerifications.id })
    .from(idVerifications)
    .where(eq(idVerifications.userId, partner.id));
  // Meetups: a suggested spot waiting on the world's college; an approved spot of the students'
  // college, and the partner's suggestion to meet there, which the owner may accept.
  const [suggestedSpot] = college
    ? await db
        .insert(meetupSpots)
        .values({
          collegeId: college.id,
          name: `Matrix spot ${randomBytes(4).toString("hex")}`,
          directions: "By the gate.",
          status: "pending",
          suggestedBy: partner.id,
        })
        .returning({ id: meetupSpots.id })
    : [];
  const [chatSpot] = bombay
    ? await db
        .insert(meetupSpots)
        .values({
          collegeId: bombay.id,
          name: `Matrix canteen ${randomBytes(4).toString("hex")}`,
          directions: "Next to the billing counter.",
          status: "approved",
        })
        .returning({ id: meetupSpots.id })
    : [];
  const meetup = expectCreated(
    await post(
      testApp,
      `/api/chats/${chat.id}/meetups`,
      {
        clientId: `c-${randomBytes(8).toString("hex")}`,
        spotId: chatSpot?.id,
        startsAt: new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString(),
      },
      { cookie: partner.cookie },
    ),
    "suggest a meetup",
  ).meetup;
  // A student who signed up with 'My college isn't listed': college pending, one request waiting.
  passwordHash ??= hashPassword(STRONG_PASSWORD);
  const [pendingStudent] = await db
    .insert(users)
    .values({
      name: "Pending Student",
      email: `pending-${randomBytes(5).toString("hex")}@example.in`,
      city: "Nagpur",
      college: "",
      collegePending: true,
      passwordHash: await passwordHash,
    })
    .returning({ id: users.id });
  const [collegeRequest] = pendingStudent
    ? await db
        .insert(collegeRequests)
        .values({
          userId: pendingStudent.id,
          name: `Matrix Request ${randomBytes(4).toString("hex")}`,
          city: "Nagpur",
        })
        .returning({ id: collegeRequests.id })
    : [];
  if (
    !notification ||
    !college ||
    !rating ||
    !savedSearch ||
    !verification ||
    !suggestedSpot ||
    !chatSpot ||
    !collegeRequest
  )
    throw new Error("world records missing");
  return {
    owner,
    other,
    partner,
    admin,
    itemId: item.id,
    postId: recruitment.id,
    ticketId: ticket.ticketId,
    chatId: chat.id,
    notificationId: notification.id,
    eventId: event.id,
    collegeId: college.id,
    sessionId: await startOtherSession(testApp, owner.id),
    fileUrl: await uploadedImageUrl(testApp, owner.cookie),
    chatPhotoId,
    reportId: report.id,
    photoReportId: photoReport.id,
    offerId: offer.id,
    ratingId: rating.id,
    savedSearchId: savedSearch.id,
    requestId: request.id,
    verificationId: verification.id,
    collegeDomain,
    collegeAlias,
    meetupSpotId: suggestedSpot.id,
    chatSpotId: chatSpot.id,
    meetupId: meetup.id,
    collegeRequestId: collegeRequest.id,
  };
}

/** Uploads a photo for a chat and sends it there; returns its key. */
async function sendChatPhoto(testApp: TestApp, sender: Actor, chatId: string): Promise<string> {
  const { payload, headers } = await multipartBody([
    { data: await makeImage("jpeg"), filename: "photo.jpg", type: "image/jpeg" },
  ]);
  const upload = expectCreated(
    await testApp.app.inject({
      method: "POST",
      url: "/api/uploads/chat-photo",
      payload,
      headers: { ...headers, cookie: sender.cookie },
    }),
    "upload chat photo",
  );
  const photoId = String(upload.url).split("/").at(-1) ?? "";
  expectCreated(
    await post(
      testApp,
      `/api/chats/${chatId}/messages`,
      { type: "photo", clientId: `c-${randomBytes(8).toString("hex")}`, photoId },
      { cookie: sender.cookie },
    ),
    "send photo",
  );
  return photoId;
}

/** Every table's row count, and the owned records row by row: equal before and after means untouched. */
export async function snapshot(testApp: TestApp, world: World): Promise<string> {
  tableNames ??= queryRows<{ name: string }>(
    testApp,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  ).then((rows) => rows.map((row) => row.name));
  // Rate-limit counters count attempts, refused ones too: spending one's own budget is no change.
  const counts = (await tableNames)
    .filter((name) => name !== "rate_limits")
    .map((name) => sql`select ${name} as part, count(*)::text as state from ${sql.identifier(name)}`);
  const rows = (table: string, column: string, values: string[]) =>
    sql`select ${table} as part, coalesce(json_agg(t order by t::text), '[]')::text as state
        from ${sql.identifier(table)} t where ${sql.identifier(column)}::text in ${values}`;
  const people = [world.owner.id, world.other.id, world.partner.id, world.admin.id];
  // A session's recorded last use moves with use, like a rate-limit counter: no change either.
  const sessionRows = sql`select 'sessions' as part, coalesce(json_agg(t order by t::text), '[]')::text as state
      from (select id, public_id, user_id, user_agent, address, created_at, expires_at from sessions
            where user_id::text in ${people}) t`;
  const parts = [
    ...counts,
    rows("users", "id", people),
    sessionRows,
    rows("follows", "follower_id", people),
    rows("favourites", "user_id", people),
    rows("items", "id", [world.itemId]),
    rows("recruitment_posts", "id", [world.postId]),
    rows("support_tickets", "ticket_id", [world.ticketId]),
    rows("chats", "id", [world.chatId]),
    rows("chat_members", "chat_id", [world.chatId]),
    rows("messages", "chat_id", [world.chatId]),
    rows("notifications", "user_id", people),
    rows("push_subscriptions", "user_id", people),
    rows("notification_settings", "user_id", people),
    rows("events", "id", [world.eventId]),
    rows("colleges", "id", [world.collegeId]),
    rows("college_requests", "id", [world.collegeRequestId]),
    rows("reports", "id", [world.reportId, world.photoReportId]),
    rows("offers", "chat_id", [world.chatId]),
    rows("ratings", "ratee_id", people),
    rows("saved_searches", "user_id", people),
    rows("team_requests", "post_id", [world.postId]),
    rows("event_interests", "event_id", [world.eventId]),
    rows("id_verifications", "user_id", people),
    rows("college_codes", "user_id", people),
    rows("college_domains", "college_id", [world.collegeId]),
    rows("meetup_spots", "id", [world.meetupSpotId, world.chatSpotId]),
    rows("meetups", "chat_id", [world.chatId]),
  ];
  return JSON.stringify(await queryRows(testApp, sql.join(parts, sql` union all `)));
}

let tableNames: Promise<string[]> | undefined;

/**
 * True while the world is as createWorld made it, as far as any operation's outcome depends on it:
 * every actor signed in, the owner's second session too, the students' passwords unchanged, every
 * record there (the item unsold), no student's college pending, and nobody blocked.
 */
export async function isIntact(testApp: TestApp, world: World): Promise<boolean> {
  const people = [world.owner.id, world.other.id, world.partner.id, world.admin.id];
  const students = [world.owner.id, world.other.id, world.partner.id];
  const [row] = await queryRows<{ n: number }>(
    testApp,
    sql`select (select count(distinct s.user_id) from sessions s join users u on u.id = s.user_id
                 where u.deleted_at is null and s.user_id in ${people})
             + (select count(*) from users where id in ${students} and password_hash = ${await passwordHash})
             + (select count(*) from items where id = ${world.itemId} and is_active)
             + (select count(*) from recruitment_posts where id = ${world.postId})
             + (select count(*) from support_tickets where ticket_id = ${world.ticketId})
             + (select count(*) from chats where id = ${world.chatId})
             + (select count(*) from notifications where id = ${world.notificationId})
             + (select count(*) from events where id = ${world.eventId})
             + (select count(*) from colleges where id = ${world.collegeId})
             + (select count(*) from sessions where public_id = ${world.sessionId})
             + (select count(*) from reports where id in (${world.reportId}, ${world.photoReportId}) and status = 'open')
             + (select count(*) from offers where id = ${world.offerId} and status = 'pending')
             + (select count(*) from ratings where id = ${world.ratingId})
             + (select count(*) from saved_searches where id = ${world.savedSearchId})
             + (select count(*) from team_requests where id = ${world.requestId} and status = 'pending')
             + (select count(*) from id_verifications where id = ${world.verificationId} and status = 'pending')
             + (select count(*) from college_domains where domain = ${world.collegeDomain})
             + (select count(*) from college_aliases where alias = ${world.collegeAlias})
             + (select count(*) from college_requests where id = ${world.collegeRequestId} and status = 'pending')
             + (select count(*) from users where id in ${students} and college_verified_at is null)
             + (select count(*) from users where id in ${students} and not college_pending)
             + (select count(*) from meetup_spots where id = ${world.meetupSpotId} and status = 'pending')
             + (select count(*) from meetup_spots where id = ${world.chatSpotId})
             + (select count(*) from meetups where id = ${world.meetupId} and status = 'proposed')
             - (select count(*) from user_blocks where blocker_id in ${people} or blocked_id in ${people}) as n`,
  );
  return Number(row?.n) === 34;
}
