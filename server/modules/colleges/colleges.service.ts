import { ADMIN_MESSAGES } from "@shared/api/admin";
import { VERIFICATION_MESSAGES } from "@shared/verification-constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../admin/audit.service";
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
