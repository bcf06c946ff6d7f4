import type { UserRow } from "../../db/schema";

/** Only the administrator posts and deletes events; every signed-in user reads them. */
export function canManageEvents(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}
