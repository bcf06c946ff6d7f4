import { ADMIN_MESSAGES } from "@shared/api/admin";
import {
  COLLEGE_MESSAGES,
  type CollegeRequest,
  type CollegeRequestDecision,
  type CollegeRequestFields,
  type CollegeSearchResponse,
  type MyCollegeRequest,
} from "@shared/api/colleges";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { VERIFICATION_MESSAGES } from "@shared/verification-constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { countAttempt } from "../../plugins/rate-limit-rules";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { addNotification } from "../notifications/notifications.service";
import * as repo from "./colleges.repository";

/** The directory grouped by city, for everyone, signed in or not. */
export function listColleges(ctx: AppContext) {
  return repo.listCollegesByCity(ctx.db);
}

/** How many cities and colleges the directory holds (the admin panel's counts). */
export function countColleges(ctx: AppContext) {
  return repo.countColleges(ctx.db);
}

/** Only the administrator edits the directory; everyone reads it. */
export function canManageColleges(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

export async function addCollege(ctx: AppContext, admin: UserRow, rawCity: string, rawCollege: string) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const city = rawCity.trim();
  const name = rawCollege.trim();
  if (!city || !name) throw new AppError("invalid_input", ADMIN_MESSAGES.collegeRequired);
  const row = await repo.insertCollege(ctx.db, { city, name });
  if (!row) throw new AppError("conflict", ADMIN_MESSAGES.collegeExists);
  await recordAudit(ctx.db, admin, "college.add", { type: "college", id: row.id }, { city, name });
  return row;
}

export async function deleteCollege(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const row = await repo.deleteCollege(ctx.db, id);
  if (!row) throw new AppError("not_found", "College not found.");
  await recordAudit(
    ctx.db,
    admin,
    "college.delete",
    { type: "college", id },
    { city: row.city, name: row.name },
  );
}

/** The directory's entry for the college a student's profile names, with its e-mail domains. */
export async function collegeOfStudent(ctx: Pick<AppContext, "db">, user: Pick<UserRow, "city" | "college">) {
  if (!user.college) return undefined;
  const college = await repo.findCollegeNamed(ctx.db, user.city, user.college);
  if (!college) return undefined;
  return { ...college, domains: await repo.domainsOfCollege(ctx.db, college.id) };
}

/** One college of the directory by id, or undefined. */
export function collegeById(ctx: Pick<AppContext, "db">, id: string) {
  return repo.findCollege(ctx.db, id);
}

/** The college an e-mail domain belongs to, when one does (an exact match: a subdomain is its own entry). */
export function collegeOfDomain(ctx: Pick<AppContext, "db">, domain: string) {
  return repo.findDomain(ctx.db, domain);
}

export async function listDomains(ctx: AppContext, admin: UserRow) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  return repo.listDomains(ctx.db);
}

/** Gives a college an e-mail domain; a domain belongs to at most one college. */
export async function addDomain(ctx: AppContext, admin: UserRow, collegeId: string, domain: string) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const college = await repo.findCollege(ctx.db, collegeId);
  if (!college) throw new AppError("not_found", VERIFICATION_MESSAGES.collegeNotFound);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.insertDomain(tx, collegeId, domain))) {
      const owner = await repo.findDomain(tx, domain);
      throw new AppError(
        "conflict",
        VERIFICATION_MESSAGES.domainTaken(domain, owner?.collegeName ?? "another college"),
      );
    }
    await recordAudit(
      tx,
      admin,
      "college.domain.add",
      { type: "college", id: collegeId },
      { domain, name: college.name },
    );
  });
  return { domain, collegeId };
}

export async function removeDomain(ctx: AppContext, admin: UserRow, collegeId: string, domain: string) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteDomain(tx, collegeId, domain)))
      throw new AppError("not_found", VERIFICATION_MESSAGES.domainNotFound);
    await recordAudit(tx, admin, "college.domain.remove", { type: "college", id: collegeId }, { domain });
  });
}

/** Lower case without accents or repeated spaces: 'Ahmedābād ' reads as 'ahmedabad'. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The words of a text, folded: 'B.M.S. College' is b, m, s, college. */
function wordsOf(text: string): string[] {
  return foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every query word starts some word of the text ('Inst Manag' finds 'Indian Institute of Management'). */
function wordsMatch(queryWords: string[], text: string): boolean {
  const words = wordsOf(text);
  return queryWords.every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}

/** Letters and digits only: the short name 'IIT-B' is found by 'iitb'. */
const compact = (text: string) => foldForSearch(text).replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The picker's suggestions: first colleges whose name, city or 'name, city' starts with the query
 * (the spec's starts-with), then those with a word starting with each word of the query, then those
 * with a short name that does ('IITB', 'NIT Trichy'); case and accents never matter. Alphabetical
 * by city and name within each rank. A query with no letter or digit finds nothing.
 */
export async function searchColleges(
  ctx: Pick<AppContext, "db">,
  rawQuery: string,
): Promise<CollegeSearchResponse["colleges"]> {
  const query = foldForSearch(rawQuery);
  const queryWords = wordsOf(rawQuery);
  if (queryWords.length === 0) return [];
  const compactQuery = compact(rawQuery);
  const ranks: CollegeSearchResponse["colleges"][] = [[], [], []];
  for (const entry of await repo.listSearchEntries(ctx.db)) {
    const college = { id: entry.id, city: entry.city, name: entry.name };
    const name = foldForSearch(entry.name);
    if (
      name.startsWith(query) ||
      foldForSearch(entry.city).startsWith(query) ||
      `${name}, ${foldForSearch(entry.city)}`.startsWith(query)
    ) {
      ranks[0]?.push(college);
    } else if (wordsMatch(queryWords, `${entry.name} ${entry.city}`)) {
      ranks[1]?.push(college);
    } else {
      const alias = entry.aliases.find(
        (candidate) =>
          foldForSearch(candidate).startsWith(query) ||
          compact(candidate) === compactQuery ||
          wordsMatch(queryWords, candidate),
      );
      if (alias) ranks[2]?.push({ ...college, alias });
    }
  }
  return ranks.flat();
}

/** Every short name with its college (the admin's Colleges tab). */
export async function listAliases(ctx: AppContext, admin: UserRow) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  return repo.listAliases(ctx.db);
}

/** Gives a college a short name the picker finds it by ('IITB'); one spelling per college, any case. */
export async function addAlias(ctx: AppContext, admin: UserRow, collegeId: string, alias: string) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const college = await repo.findCollege(ctx.db, collegeId);
  if (!college) throw new AppError("not_found", VERIFICATION_MESSAGES.collegeNotFound);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.insertAlias(tx, collegeId, alias)))
      throw new AppError("conflict", COLLEGE_MESSAGES.aliasTaken(alias));
    await recordAudit(
      tx,
      admin,
      "college.alias.add",
      { type: "college", id: collegeId },
      { alias, name: college.name },
    );
  });
  return { alias, collegeId };
}

export async function removeAlias(ctx: AppContext, admin: UserRow, collegeId: string, alias: string) {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  await ctx.db.transaction(async (tx) => {
    const removed = await repo.deleteAlias(tx, collegeId, alias);
    if (!removed) throw new AppError("not_found", COLLEGE_MESSAGES.aliasNotFound);
    await recordAudit(
      tx,
      admin,
      "college.alias.remove",
      { type: "college", id: collegeId },
      { alias: removed },
    );
  });
}

/**
 * The directory's college of this city with this name, whatever its case: sign-up's 'My college
 * isn't listed' assigns it at once instead of asking the administrator for it.
 */
export function findCollegeInCity(ctx: Pick<AppContext, "db">, city: string, name: string) {
  return repo.findCollegeInCity(ctx.db, city, name);
}

/** Files a new student's request for a missing college, inside the sign-up's transaction. */
export async function fileCollegeRequest(
  tx: Db,
  userId: string,
  fields: CollegeRequestFields,
): Promise<void> {
  await repo.insertCollegeRequest(tx, { userId, name: fields.name, city: fields.city });
}

const toMyRequest = (row: { id: string; name: string; city: string; createdAt: Date }): MyCollegeRequest => ({
  id: row.id,
  name: row.name,
  city: row.city,
  createdAt: row.createdAt.toISOString(),
});

/** The signed-in student's request still waiting for the administrator, or null (Settings). */
export async function myCollegeRequest(ctx: Pick<AppContext, "db">, user: UserRow) {
  const row = await repo.findPendingRequestOf(ctx.db, user.id);
  return row ? toMyRequest(row) : null;
}

/**
 * "My college isn't listed" after sign-up (Settings): sign-up's rules and its per-address limit,
 * then one waiting request per student; a second while one waits is refused with 409 naming it
 * (decision 056). The student is 'College pending' until the administrator decides, keeping their
 * college meanwhile; the decision is the Colleges tab's 'Add' or 'Merge', as for sign-up's requests.
 * A name the directory already lists in that city is filed too: only the administrator moves a
 * student to another college.
 */
export async function fileMyCollegeRequest(
  ctx: AppContext,
  user: UserRow,
  fields: CollegeRequestFields,
  ip: string,
): Promise<{ request: MyCollegeRequest; user: UserRow }> {
  if (user.role === "admin")
    throw new AppError("invalid_input", LATER_COLLEGE_REQUEST_TEXTS.adminHasNoCollege);
  const isSame = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);
  if (!user.collegePending && isSame(user.college, fields.name) && isSame(user.city, fields.city))
    throw new AppError("invalid_input", LATER_COLLEGE_REQUEST_TEXTS.sameCollege);
  const waiting = await repo.findPendingRequestOf(ctx.db, user.id);
  if (waiting)
    throw new AppError("conflict", LATER_COLLEGE_REQUEST_TEXTS.alreadyWaiting(waiting.name, waiting.city));
  await countAttempt(ctx, "collegeRequestPerAddress", ip);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertCollegeRequest(tx, {
      userId: user.id,
      name: fields.name,
      city: fields.city,
    });
    if (!row) {
      // Another tab's request got in first (the index allows one waiting per student).
      const other = await repo.findPendingRequestOf(tx, user.id);
      throw new AppError(
        "conflict",
        LATER_COLLEGE_REQUEST_TEXTS.alreadyWaiting(other?.name ?? fields.name, other?.city ?? fields.city),
      );
    }
    const updated = await repo.markCollegePending(tx, user.id);
    if (!updated) throw new AppError("not_found", COLLEGE_REQUEST_TEXTS.notFound);
    await recordAudit(
      tx,
      user,
      "college.request.file",
      { type: "user", id: user.id },
      {
        requestId: row.id,
        requested: `${row.name}, ${row.city}`,
        ...(user.college ? { college: user.college, city: user.city } : {}),
      },
    );
    return { request: toMyRequest(row), user: updated };
  });
}

/** The waiting requests of these students, by student (the Users tab's 'College pending'). */
export async function pendingRequestsByStudent(ctx: Pick<AppContext, "db">, userIds: string[]) {
  const rows = await repo.findPendingRequestsOf(ctx.db, userIds);
  return new Map(rows.map((row) => [row.userId, { name: row.name, city: row.city }]));
}

/** The Colleges tab's waiting requests, oldest first. */
export async function listCollegeRequests(ctx: AppContext, admin: UserRow): Promise<CollegeRequest[]> {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  return (await repo.listPendingRequests(ctx.db)).map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    student: { id: row.studentId, name: row.studentName, email: row.studentEmail },
  }));
}

type Decision = "added" | "merged";

type Emit = (event: PendingEvent) => void;

/** The student is told of the decision once (a notification of type 'admin'), and the audit log keeps it. */
async function tellAndAudit(
  tx: Db,
  emit: Emit,
  admin: UserRow,
  request: { id: string; userId: string; name: string; city: string },
  status: Decision,
  college: { name: string; city: string },
  via?: "user.edit",
): Promise<void> {
  await addNotification(tx, emit, {
    userId: request.userId,
    type: "admin",
    text:
      status === "added"
        ? COLLEGE_REQUEST_TEXTS.added(college.name, college.city)
        : COLLEGE_REQUEST_TEXTS.merged(college.name, college.city),
  });
  await recordAudit(
    tx,
    admin,
    status === "added" ? "college.request.add" : "college.request.merge",
    { type: "user", id: request.userId },
    {
      requestId: request.id,
      requested: `${request.name}, ${request.city}`,
      college: college.name,
      city: college.city,
      ...(via ? { via } : {}),
    },
  );
}

/**
 * Edit User gave a pending student a college of the directory: their waiting request is closed as
 * merged into it, they are told once and the audit log says so, in the edit's transaction (decision
 * 061). The caller clears 'College pending'. Nothing is told when no request was waiting (another
 * administrator decided it meanwhile).
 */
export async function closeRequestByEdit(
  tx: Db,
  emit: Emit,
  admin: UserRow,
  userId: string,
  college: repo.CollegeRow,
): Promise<void> {
  const request = await repo.lockPendingRequestOf(tx, userId);
  if (!request) return;
  const decided = await repo.decideCollegeRequest(tx, request.id, {
    status: "merged",
    collegeId: college.id,
    decidedBy: admin.id,
  });
  if (decided) await tellAndAudit(tx, emit, admin, request, "merged", college, "user.edit");
}

/**
 * Decides a waiting request once: `choose` finds (or adds) the college, the student is given it
 * (their listings follow by trigger), told in one notification, and the audit log keeps it.
 */
async function decideRequest(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  status: Decision,
  choose: (tx: Db, request: { name: string; city: string }) => Promise<repo.CollegeRow>,
): Promise<CollegeRequestDecision> {
  if (!canManageColleges(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  return transactionWithEvents(ctx, async (tx, emit) => {
    const request = await repo.lockCollegeRequest(tx, id);
    if (!request) throw new AppError("not_found", COLLEGE_REQUEST_TEXTS.notFound);
    if (request.status !== "pending") throw new AppError("conflict", COLLEGE_REQUEST_TEXTS.alreadyDecided);
    const college = await choose(tx, request);
    await repo.decideCollegeRequest(tx, id, { status, collegeId: college.id, decidedBy: admin.id });
    await repo.assignPendingCollege(tx, request.userId, college);
    await tellAndAudit(tx, emit, admin, request, status, college);
    return {
      request: { id, status },
      college: { id: college.id, name: college.name, city: college.city },
    };
  });
}

/** 'Add': the requested college joins the directory and the student is given it. */
export function addRequestedCollege(ctx: AppContext, admin: UserRow, id: string) {
  return decideRequest(ctx, admin, id, "added", async (tx, request) => {
    const existing = await repo.findCollegeInCity(tx, request.city, request.name);
    if (existing)
      throw new AppError("conflict", COLLEGE_REQUEST_TEXTS.alreadyListed(existing.name, existing.city));
    const row = await repo.insertCollege(tx, { city: request.city, name: request.name });
    if (!row) throw new AppError("conflict", ADMIN_MESSAGES.collegeExists);
    await recordAudit(
      tx,
      admin,
      "college.add",
      { type: "college", id: row.id },
      { city: row.city, name: row.name },
    );
    return row;
  });
}

/** 'Merge into {existing}': the student is given a college the directory already lists. */
export function mergeCollegeRequest(ctx: AppContext, admin: UserRow, id: string, collegeId: string) {
  return decideRequest(ctx, admin, id, "merged", async (tx) => {
    const college = await repo.findCollege(tx, collegeId);
    if (!college) throw new AppError("not_found", COLLEGE_REQUEST_TEXTS.collegeNotFound);
    return college;
  });
}
