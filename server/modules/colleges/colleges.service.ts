import { ADMIN_MESSAGES } from "@shared/api/admin";
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
