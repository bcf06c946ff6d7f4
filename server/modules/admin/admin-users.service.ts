import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminUser } from "@shared/api/admin";
import { EVENT_MESSAGES } from "@shared/events-constants";
import { mobileDigits, normaliseEmail } from "@shared/validation/signup";
import type { AppContext } from "../../context";
import { isSuspended, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import {
  closeRequestByEdit,
  countColleges,
  findCollegeInCity,
  foldForSearch,
  pendingRequestsByStudent,
} from "../colleges/colleges.service";
import { countActiveItems } from "../items/items.service";
import { findActiveUser } from "../profiles/users.service";
import { removeUploadsOf } from "../uploads/uploads.service";
import * as repo from "./admin-users.repository";
import { listingIdOf, personIdOf, reportIdsOf, toAuditEntry } from "./audit.mapper";
import {
  findAuditListings,
  findAuditPage,
  findAuditPeople,
  findAuditReports,
  recordAudit,
} from "./audit.repository";

/** Only the administrator manages accounts (the routes say so too; the service checks on its own). */
function assertAdmin(viewer: UserRow): void {
  if (viewer.role !== "admin") throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

function toAdminUser(user: UserRow, requested?: { name: string; city: string }): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    city: user.city,
    college: user.college,
    collegePending: user.collegePending,
    collegeRequested: user.collegePending ? (requested ?? null) : null,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    isSuspended: isSuspended(user),
    suspendedUntil: isSuspended(user) ? (user.suspendedUntil?.toISOString() ?? null) : null,
    // An organiser of a college the student has since left organises nothing.
    organiserOf:
      user.organiserCollege && user.organiserCollege === user.college ? user.organiserCollege : null,
  };
}

/** Students as the Users tab shows them, a pending student's request named ('College pending'). */
async function toAdminUsers(ctx: AppContext, rows: UserRow[]): Promise<AdminUser[]> {
  const pending = rows.filter((row) => row.collegePending).map((row) => row.id);
  const requested = await pendingRequestsByStudent(ctx, pending);
  return rows.map((row) => toAdminUser(row, requested.get(row.id)));
}

/** One student as the Users tab shows them. */
async function toAdminUserOf(ctx: AppContext, row: UserRow): Promise<AdminUser> {
  const requested = row.collegePending ? await pendingRequestsByStudent(ctx, [row.id]) : undefined;
  return toAdminUser(row, requested?.get(row.id));
}

/**
 * Students, newest first: text matches a lower-case substring of name, e-mail or mobile; the date
 * range is inclusive in India's calendar, the end date running to 23:59:59.
 */
export async function listUsers(ctx: AppContext, admin: UserRow, query: repo.StudentQuery) {
  assertAdmin(admin);
  const { rows, total } = await repo.findStudentsPage(ctx.db, query);
  return {
    users: await toAdminUsers(ctx, rows),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

/** The admin panel's counts: students, cities and colleges of the directory, active items. */
export async function getOverview(ctx: AppContext, admin: UserRow) {
  assertAdmin(admin);
  const [students, activeItems, directory] = await Promise.all([
    repo.countStudents(ctx.db),
    countActiveItems(ctx),
    countColleges(ctx),
  ]);
  return { students, activeItems, cities: directory.cities, colleges: directory.colleges };
}

async function findStudent(ctx: AppContext, id: string): Promise<UserRow> {
  const user = await findActiveUser(ctx.db, id);
  if (!user) throw new AppError("not_found", "User not found");
  return user;
}

/**
 * The directory's college Edit User gives a 'College pending' student, when it is one and differs
 * from the college they kept while waiting: it ends their pending state and decides their request
 * (decision 061). Saving a pending student's other details, or a college the directory lacks,
 * leaves the request waiting.
 */
async function directoryCollegeEndingPending(
  ctx: AppContext,
  user: UserRow,
  values: { city: string; college: string },
) {
  if (!user.collegePending) return undefined;
  const college = await findCollegeInCity(ctx, values.city, values.college);
  if (!college) return undefined;
  const same = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);
  const isKept = same(college.name, user.college) && same(college.city, user.city);
  return isKept ? undefined : college;
}

export async function editUser(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  body: { name: string; email: string; mobile: string; city: string; college: string },
): Promise<AdminUser> {
  assertAdmin(admin);
  const user = await findStudent(ctx, id);
  // The administrator's own account is kept as ADMIN_EMAIL configures it.
  if (user.role === "admin")
    throw new AppError("invalid_input", "The administrator account cannot be edited here.");
  const email = normaliseEmail(body.email);
  if (await repo.isEmailTakenByAnother(ctx.db, email, id))
    throw new AppError("conflict", ADMIN_MESSAGES.emailTaken);
  const values = {
    name: body.name.trim(),
    email,
    mobile: mobileDigits(body.mobile),
    city: body.city.trim(),
    college: body.college.trim(),
  };
  const decided = await directoryCollegeEndingPending(ctx, user, values);
  // The directory's spelling, so Browse's filters and the listings match it exactly.
  if (decided) Object.assign(values, { city: decided.city, college: decided.name });
  const updated = await transactionWithEvents(ctx, async (tx, emit) => {
    const row = await repo.updateStudent(tx, id, decided ? { ...values, collegePending: false } : values);
    await recordAudit(
      tx,
      admin,
      "user.edit",
      { type: "user", id },
      {
        before: {
          name: user.name,
          email: user.email,
          mobile: user.mobile,
          city: user.city,
          college: user.college,
        },
        after: values,
      },
    );
    if (row && decided) await closeRequestByEdit(tx, emit, admin, id, decided);
    return row;
  });
  if (!updated) throw new AppError("not_found", "User not found");
  return toAdminUserOf(ctx, updated);
}

/**
 * Deletes an account: it can no longer sign in, its sessions end and its sockets close at once,
 * and its items leave the marketplace. The row stays (marked deleted) so chats and tickets keep
 * their history; the administrator's own account cannot be deleted.
 */
export async function deleteUser(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  assertAdmin(admin);
  if (id === admin.id) throw new AppError("invalid_input", ADMIN_MESSAGES.cannotDeleteSelf);
  const user = await findStudent(ctx, id);
  if (user.role === "admin") throw new AppError("invalid_input", ADMIN_MESSAGES.cannotDeleteSelf);
  await ctx.db.transaction(async (tx) => {
    await repo.markAccountDeleted(tx, id);
    await recordAudit(tx, admin, "user.delete", { type: "user", id }, { name: user.name, email: user.email });
  });
  await ctx.bus.publish({ kind: "users-ended", users: [id] });
  // Their photos and item pictures are no longer public.
  await removeUploadsOf(ctx, id);
}

/**
 * Makes a student an 'Organiser' of their college (they post, edit and cancel its events), or
 * revokes it; audit logged either way.
 */
export async function setOrganiser(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  isOrganiser: boolean,
): Promise<AdminUser> {
  assertAdmin(admin);
  const user = await findStudent(ctx, id);
  if (user.role !== "student" || (isOrganiser && !user.college.trim()))
    throw new AppError("invalid_input", EVENT_MESSAGES.notOrganiserStudent);
  const college = isOrganiser ? user.college : null;
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await repo.setOrganiserCollege(tx, id, college);
    await recordAudit(
      tx,
      admin,
      isOrganiser ? "user.organiser" : "user.organiser_revoke",
      { type: "user", id },
      { college: isOrganiser ? college : user.organiserCollege },
    );
    return row;
  });
  if (!updated) throw new AppError("not_found", "User not found");
  return toAdminUserOf(ctx, updated);
}

/** What the administrator did, newest first, a page at a time. */
export async function listAuditLog(ctx: AppContext, admin: UserRow, page: number) {
  assertAdmin(admin);
  const found = await findAuditPage(ctx.db, page);
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const [people, listings, reportLines] = await Promise.all([
    findAuditPeople(ctx.db, unique(found.entries.map(personIdOf))),
    findAuditListings(ctx.db, unique(found.entries.map(listingIdOf))),
    findAuditReports(ctx.db, unique(found.entries.flatMap(reportIdsOf))),
  ]);
  const peopleById = new Map(people.map((person) => [person.id, person]));
  const listingNames = new Map(listings.map((listing) => [listing.id, listing.productName]));
  const reportsById = new Map(reportLines.map((line) => [line.id, line]));
  return {
    ...found,
    entries: found.entries.map((entry) => toAuditEntry(entry, peopleById, listingNames, reportsById)),
  };
}
