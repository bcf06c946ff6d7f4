import type { ProfileAbilities } from "@shared/api/profiles";
import type { UserRow } from "../../db/schema";
import { canBlockUser } from "../trust/blocks.policy";

type Viewer = Pick<UserRow, "id">;

/** One edits only one's own profile (the "me" routes never take another id). */
export function canEditProfile(viewer: Viewer, person: { id: string }): boolean {
  return viewer.id === person.id;
}

/** Nobody follows themselves. */
export function canFollowUser(viewer: Viewer, person: { id: string }): boolean {
  return viewer.id !== person.id;
}

/** Nobody reports themselves (the reports service refuses it too). */
export function canReportUser(viewer: Viewer, person: { id: string }): boolean {
  return viewer.id !== person.id;
}

/** The viewer's abilities sent with every profile; a block either way ends following. */
export function profileAbilities(
  viewer: Viewer,
  person: { id: string },
  isBlockedEither = false,
): ProfileAbilities {
  return {
    canEdit: canEditProfile(viewer, person),
    canFollow: canFollowUser(viewer, person) && !isBlockedEither,
    canReport: canReportUser(viewer, person),
    canBlock: canBlockUser(viewer, person),
  };
}
