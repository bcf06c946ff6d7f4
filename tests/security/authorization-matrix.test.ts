import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { VALID_BODIES, validBody } from "./bodies";
import { fetchDocument, type Operation, operationsOf, type Role, roleOf, urlOf } from "./operations";
import { type Actor, createWorld, isIntact, snapshot, type World } from "./world";

/**
 * The authorization matrix of issue 9: every operation in /api/openapi.json, called by a signed-out
 * visitor, the student who owns the records, another student and the administrator. The document
 * gives each operation its role; ownership is declared below, per operation with a record in its
 * path or body. A refused call must change nothing in the database.
 *
 * Reports and moderation (the operations tagged "reports") are called by two more people: the
 * reporter (the partner, who reported the owner's listing) and the reported user (the owner).
 */

type Caller = "signedOut" | "student" | "other" | "admin" | "reporter" | "reportedUser";
const CALLERS: Caller[] = ["signedOut", "student", "other", "admin"];
const REPORT_CALLERS: Caller[] = ["signedOut", "reporter", "reportedUser", "other", "admin"];

function callersOf(operation: Operation): Caller[] {
  return operation.tags.includes("reports") ? REPORT_CALLERS : CALLERS;
}

/** What the document's role means for each caller; "ok" is the operation's documented success. */
const BY_ROLE: Record<Role, Record<Caller, number | "ok">> = {
  public: { signedOut: "ok", student: "ok", other: "ok", admin: "ok", reporter: "ok", reportedUser: "ok" },
  user: { signedOut: 401, student: "ok", other: "ok", admin: "ok", reporter: "ok", reportedUser: "ok" },
  admin: { signedOut: 401, student: 403, other: 403, admin: "ok", reporter: 403, reportedUser: 403 },
};

/**
 * Ownership and the other exceptions to BY_ROLE. "student" is the owner of every record in the
 * world; "other" and "admin" act on that student's records through the student API, where the
 * administrator has no more rights than any other student (the admin API is where it moderates).
 */
const DECLARED: Record<string, Partial<Record<Caller, number>>> = {
  // Shared: any signed-in user may look, and keep a favourite (of another's item: canFavourite).
  "GET /api/files/{bucket}/{key}": {},
  "GET /api/items/{id}": {},
  "GET /api/users/{id}": {},
  "GET /api/users/{id}/followers": {},
  "GET /api/users/{id}/reputation": {},
  "PUT /api/items/{id}/favourite": { student: 403 },
  "DELETE /api/items/{id}/favourite": {},
  // One's own saved items: every signed-in caller reads theirs, never another's (API tests).
  "GET /api/me/favourites": {},
  // The owner's records.
  "PATCH /api/items/{id}": { other: 403, admin: 403 },
  "DELETE /api/items/{id}": { other: 403, admin: 403 },
  "POST /api/items/{id}/sold": { other: 403, admin: 403 },
  // Deals. The owner's item is not reserved (nothing to release) and not sold (nothing to rate).
  "POST /api/items/{id}/release": { student: 409, other: 403, admin: 403 },
  "GET /api/items/{id}/buyers": { other: 403, admin: 403 },
  // The pickup code is only the reserved buyer's: never the seller's (the owner), nor anyone's
  // while the item is not reserved. Only the seller confirms a handover; the owner's item is not
  // reserved, so there is no code to confirm.
  "GET /api/items/{id}/pickup-code": { student: 403, other: 403, admin: 403 },
  "POST /api/items/{id}/handover": { student: 409, other: 403, admin: 403 },
  "POST /api/items/{id}/ratings": { student: 403, other: 403, admin: 403 },
  "GET /api/items/{id}/ratings": { student: 403, other: 403, admin: 403 },
  // The owner is the chat's buyer: only the seller counters; the owner withdraws their own offer.
  "POST /api/chats/{chatId}/offers/{offerId}/counter": { student: 403, other: 403, admin: 403 },
  "POST /api/chats/{chatId}/offers/{offerId}/{action}": { other: 403, admin: 403 },
  // The owner's listing is fresh: its owner is let through to 'still fresh' (renewal not due yet).
  "POST /api/items/{id}/renew": { student: 409, other: 403, admin: 403 },
  // One's own saved searches: another's answers as not found, and stays.
  "POST /api/me/saved-searches/{id}/seen": { other: 404, admin: 404 },
  "DELETE /api/me/saved-searches/{id}": { other: 404, admin: 404 },
  "GET /api/chats/{chatId}": { other: 403, admin: 403 },
  // Meetups are the chat's two members': the owner accepts the partner's suggestion.
  "GET /api/chats/{chatId}/meetups": { other: 403, admin: 403 },
  "POST /api/chats/{chatId}/meetups": { student: 201, other: 403, admin: 403 },
  "POST /api/chats/{chatId}/meetups/{meetupId}/accept": { other: 403, admin: 403 },
  "GET /api/chats/{chatId}/meetups/{meetupId}/calendar.ics": { other: 403, admin: 403 },
  // Any signed-in student may suggest a spot for a college; it waits for the administrator.
  "POST /api/colleges/{id}/meetup-spots": {},
  "POST /api/chats/{chatId}/messages": { student: 201, other: 403, admin: 403 },
  "POST /api/chats/{chatId}/read": { other: 403, admin: 403 },
  "POST /api/chats/{chatId}/delivered": { other: 403, admin: 403 },
  // The card offering pushes: each caller's own answers, on any device.
  "GET /api/me/push-prompt": {},
  "POST /api/me/push-prompt": {},
  // A chat's photos are its members' only.
  "GET /api/chats/{chatId}/photos/{photoId}": { other: 403, admin: 403 },
  // Marking someone else's notification read answers like a stale id would, and changes nothing.
  "POST /api/notifications/{id}/read": {},
  "GET /api/tickets/{ticketId}": { other: 404, admin: 404 },
  "PATCH /api/recruitment-posts/{id}": { other: 403, admin: 403 },
  "DELETE /api/recruitment-posts/{id}": { other: 403, admin: 403 },
  // Another user's session is not found: its id tells nothing, and it stays signed in.
  "DELETE /api/me/sessions/{id}": { other: 404, admin: 404 },
  // Things about someone else: nobody does them to themselves.
  "POST /api/chats": { student: 400 },
  "PUT /api/users/{id}/follow": { student: 400 },
  "DELETE /api/users/{id}/follow": { student: 400 },
  "POST /api/recruitment-posts/{id}/message": { student: 400 },
  // Reports: the reported user cannot report their own listing; the reporter has reported it
  // already (one open report each); the others may, once each.
  "POST /api/reports": { reportedUser: 400, reporter: 409 },
  // Nobody in the world is suspended: lifting finds no suspension. The queue, its actions and
  // lifting are the administrator's alone: the reporter and the reported user get 403 by role.
  "DELETE /api/admin/users/{id}/suspension": { admin: 409 },
  // Blocking: another student (the administrator is one here) blocks or unblocks the owner;
  // nobody blocks themselves. The owner's own list and privacy settings are "me" routes.
  "PUT /api/users/{id}/block": { student: 400 },
  "DELETE /api/users/{id}/block": { student: 400 },
  // The unread-messages e-mail's one-click unsubscribe needs the link's user and token, which the
  // matrix has not got: everyone gets the 404 page alike (server/modules/push/push.test.ts follows a real link).
  "GET /api/email/unsubscribe": { signedOut: 404, student: 404, other: 404, admin: 404 },
  "POST /api/email/unsubscribe": { signedOut: 404, student: 404, other: 404, admin: 404 },
  // Events: any signed-in user marks interest (twice is once) and downloads the calendar file.
  "PUT /api/events/{id}/interest": {},
  "DELETE /api/events/{id}/interest": {},
  "GET /api/events/{id}/calendar.ics": {},
  // An event's public page and its calendar file: anyone reads them, signed out too (BY_ROLE public).
  "GET /api/public/events/{id}": {},
  "GET /api/public/events/{id}/calendar.ics": {},
  // Posting, editing and cancelling events: an organiser of the event's college (none of the callers
  // is one; server/modules/events/event-organisers.test.ts holds the organisers' cells) or the administrator.
  "POST /api/events": { student: 403, other: 403 },
  "PATCH /api/events/{id}": { student: 403, other: 403 },
  "POST /api/events/{id}/cancel": { student: 403, other: 403 },
  // Team requests: others ask to join, never the recruiter; only the recruiter sees and answers
  // them; only the requester (the partner, none of the callers) cancels. Removing a pending
  // request's student finds no member.
  "POST /api/recruitment-posts/{id}/requests": { student: 400 },
  "GET /api/recruitment-posts/{id}/requests": { other: 403, admin: 403 },
  "POST /api/team-requests/{requestId}/accept": { other: 403, admin: 403 },
  "POST /api/team-requests/{requestId}/decline": { other: 403, admin: 403 },
  "POST /api/team-requests/{requestId}/remove": { student: 409, other: 403, admin: 403 },
  // The request is the partner's (pending): only its requester leaves, and only once accepted.
  "POST /api/team-requests/{requestId}/leave": { student: 403, other: 403, admin: 403 },
  "DELETE /api/team-requests/{requestId}": { student: 403, other: 403, admin: 403 },
  // Every account in the world is verified already.
  "POST /api/auth/resend-verification": { student: 409, other: 409, admin: 409 },
  // College verification is a student's: the administrator has no college to prove.
  "POST /api/me/college-verification/code": { admin: 400 },
  "POST /api/me/college-verification/confirm": { admin: 400 },
  "POST /api/me/college-verification/id-card": { admin: 400 },
  // "My college isn't listed" after sign-up: each student asks for their own (one waiting each);
  // the administrator has no college to ask for. Reading one's own request is BY_ROLE.
  "POST /api/me/college-request": { admin: 400 },
};

const ERROR_CODES: Record<number, string> = {
  400: "invalid_input",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
};

const ADMIN_ONLY = "Only the administrator can do that.";

/** The error a refused cell should carry: the code for its status; the admin API's own words. */
function expectedError(operation: Operation, status: number) {
  if (status < 400) return undefined;
  return {
    code: ERROR_CODES[status],
    message: operation.role === "admin" && status === 403 ? ADMIN_ONLY : "",
  };
}

/** One cell as text, e.g. "DELETE /api/items/{id} as other -> 403 forbidden". */
function cellText(
  label: string,
  operation: Operation,
  status: number,
  error?: { code?: string; message?: string },
) {
  const adminWords = operation.role === "admin" && status === 403 ? `: ${error?.message}` : "";
  return `${label} -> ${status}${error ? ` ${error.code}${adminWords}` : ""}`;
}

/** Cells answered with a success that must still change nothing. */
const WITHOUT_EFFECT = new Set([
  "POST /api/notifications/{id}/read as other",
  "POST /api/notifications/{id}/read as admin",
]);

function expectedStatus(operation: Operation, caller: Caller): number {
  const declared = DECLARED[operation.key]?.[caller];
  if (declared !== undefined) return declared;
  const byRole = BY_ROLE[operation.role ?? "admin"][caller];
  if (byRole !== "ok") return byRole;
  const success = operation.statuses.filter((status) => status >= 200 && status < 300).sort()[0];
  if (success === undefined) throw new Error(`${operation.key} documents no success status`);
  return success;
}

let testApp: TestApp;
let operations: Operation[];
beforeAll(async () => {
  testApp = await createTestApp();
  operations = operationsOf(await fetchDocument(testApp));
});
afterAll(() => testApp?.close());

function callerActor(world: World, caller: Caller): Actor | null {
  if (caller === "signedOut") return null;
  if (caller === "student" || caller === "reportedUser") return world.owner;
  if (caller === "reporter") return world.partner;
  return world[caller];
}

/** Makes the request (an item form uploads its image first), then sends it when asked. */
async function prepare(operation: Operation, world: World, caller: Caller) {
  const actor = callerActor(world, caller);
  const body = await validBody(testApp, operation, world, actor);
  return () =>
    testApp.app.inject({
      method: operation.method,
      url: urlOf(operation, world),
      headers: { ...body?.headers, ...(actor ? { cookie: actor.cookie } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
}

/** The parts of two snapshots that differ, named. */
function differences(before: string, after: string): string {
  const parts = (text: string) =>
    new Map(JSON.parse(text).map((row: { part: string; state: string }) => [row.part, row.state]));
  const [was, now] = [parts(before), parts(after)];
  return [...now.keys()].filter((part) => was.get(part) !== now.get(part)).join(", ");
}

describe("the OpenAPI document", () => {
  it("reads roles only from security: [] or sessionCookie scopes naming known roles", () => {
    expect(roleOf([])).toBe("public");
    expect(roleOf([{ sessionCookie: ["admin"] }])).toBe("admin");
    expect(roleOf([{ sessionCookie: ["student", "admin"] }])).toBe("user");
    const undeclaredRoles: (OpenAPIV3.SecurityRequirementObject[] | undefined)[] = [
      undefined,
      [{}],
      [{ sessionCookie: [] }],
      [{ sessionCookie: ["student"] }],
      [{ sessionCookie: ["moderator"] }],
      [{ apiKey: ["admin"] }],
      [{ sessionCookie: ["admin"] }, {}],
    ];
    for (const undeclared of undeclaredRoles) {
      expect(roleOf(undeclared), JSON.stringify(undeclared)).toBeNull();
    }
  });

  it("declares a role for every operation", () => {
    expect(operations.length).toBeGreaterThan(60);
    const undeclared = operations.filter((operation) => operation.role === null).map((o) => o.key);
    expect(undeclared).toEqual([]);
  });

  it("has an ownership decision for every operation naming a record, and a valid body for every body", () => {
    const withRecord = operations.filter((o) => o.pathParams.length > 0 && o.role === "user");
    const undecided = withRecord.filter((o) => !(o.key in DECLARED)).map((o) => o.key);
    expect(undecided).toEqual([]);
    const withBody = operations.filter((o) => o.bodyType).map((o) => o.key);
    expect(withBody.filter((key) => !(key in VALID_BODIES))).toEqual([]);
    // A declaration for an operation the document no longer lists is stale.
    const listed = new Set(operations.map((o) => o.key));
    expect(Object.keys(DECLARED).filter((key) => !listed.has(key))).toEqual([]);
  });

  it("tags every report and moderation operation 'reports', so the reporter and the reported user call it", () => {
    const reportPaths = operations.filter(
      (o) => /^\/api\/(admin\/)?reports(\/|$)/.test(o.path) || o.path.endsWith("/suspension"),
    );
    expect(reportPaths.length).toBeGreaterThanOrEqual(4);
    expect(reportPaths.filter((o) => !o.tags.includes("reports")).map((o) => o.key)).toEqual([]);
  });
});

describe("every operation against every caller", () => {
  it("answers each cell's expected status, and a refused call changes nothing", async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    const unchanged: string[] = [];
    const changed: string[] = [];
    let world = await createWorld(testApp);
    for (const operation of operations) {
      // Refusals first, on the untouched world; then the calls that succeed, which may change it.
      const cells = callersOf(operation)
        .map((caller) => {
          const status = expectedStatus(operation, caller);
          const isRefused = status >= 400 || WITHOUT_EFFECT.has(`${operation.key} as ${caller}`);
          return { caller, status, isRefused };
        })
        .sort((a, b) => Number(b.isRefused) - Number(a.isRefused));
      // Every request is made first (an item form uploads its image), so that between one
      // snapshot and the next only the call itself runs: each refusal's "after" is the next "before".
      const sends = await Promise.all(cells.map((cell) => prepare(operation, world, cell.caller)));
      let before = await snapshot(testApp, world);
      for (const [index, cell] of cells.entries()) {
        const response = await sends[index]?.();
        if (!response) throw new Error("no request prepared");
        const label = `${operation.key} as ${cell.caller}`;
        // A page meant for people (the unsubscribe link's) answers HTML: its status is the answer.
        const isPage = String(response.headers["content-type"] ?? "").startsWith("text/html");
        const error =
          response.statusCode < 400
            ? undefined
            : isPage
              ? expectedError(operation, response.statusCode)
              : response.json().error;
        answers.push(cellText(label, operation, response.statusCode, error));
        expected.push(cellText(label, operation, cell.status, expectedError(operation, cell.status)));
        if (!cell.isRefused) continue;
        const after = await snapshot(testApp, world);
        if (after === before) unchanged.push(label);
        else changed.push(`${label}: ${differences(before, after)}`);
        before = after;
      }
      // A successful write may have used up a record, a session or a password: then new ones.
      if (!(await isIntact(testApp, world))) world = await createWorld(testApp);
    }
    expect(answers).toEqual(expected);
    expect(changed).toEqual([]);
    expect(unchanged.length).toBeGreaterThan(100);
    // Every operation by every caller, each refusal checked against the database: about half a
    // minute alone, more beside the rest of the suite on two cores.
  }, 180_000);
});
