import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "role" | "college" | "organiserCollege">;

/** Only the administrator uses the admin panel's Events tab. */
export function canManageEvents(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

/**
 * The college whose events the viewer organises: the one an administrator named, while it is
 * still the student's own college (a student who moves college stops organising the old one).
 */
export function organisedCollege(viewer: Viewer): string | null {
  if (viewer.role !== "student" || !viewer.organiserCollege) return null;
  return viewer.organiserCollege === viewer.college ? viewer.organiserCollege : null;
}

/** Posts, edits and cancels a college's events: the administrator for any, an organiser for theirs. */
export function canManageEventOf(viewer: Viewer, college: string): boolean {
  if (viewer.role === "admin") return true;
  return organisedCollege(viewer) === college;
}
