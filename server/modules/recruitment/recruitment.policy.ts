import type { RecruitmentAbilities } from "@shared/api/recruitment";
import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;
type PostFacts = { recruiterId: string };

/**
 * Who may do what with a recruitment post through the student API. The administrator has no more
 * rights here than any other student; it removes posts through the admin API.
 */
export function isRecruiter(viewer: Viewer, post: PostFacts): boolean {
  return viewer.id === post.recruiterId;
}

/** Only the recruiter edits their post. */
export function canEditPost(viewer: Viewer, post: PostFacts): boolean {
  return isRecruiter(viewer, post);
}

/** Only the recruiter deletes their post. */
export function canDeletePost(viewer: Viewer, post: PostFacts): boolean {
  return isRecruiter(viewer, post);
}

/** Nobody messages their own post. */
export function canMessageRecruiter(viewer: Viewer, post: PostFacts): boolean {
  return !isRecruiter(viewer, post);
}

/** The administrator removes any post that breaks the rules (the admin API), and tells its author. */
export function canRemovePost(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

/** Only the recruiter sees the requests and answers them. */
export function canManageRequests(viewer: Viewer, post: PostFacts): boolean {
  return isRecruiter(viewer, post);
}

/** Anyone but the recruiter asks to join, while the team takes members and they hold no open request. */
export function canRequestToJoin(
  viewer: Viewer,
  post: PostFacts,
  team: { isFull: boolean; hasOpenRequest: boolean },
): boolean {
  return !isRecruiter(viewer, post) && !team.isFull && !team.hasOpenRequest;
}

/** The viewer's abilities sent with every recruitment post. */
export function recruitmentAbilities(
  viewer: Viewer,
  post: PostFacts,
  team: { isFull: boolean; hasOpenRequest: boolean } = { isFull: false, hasOpenRequest: false },
): RecruitmentAbilities {
  return {
    canEdit: canEditPost(viewer, post),
    canDelete: canDeletePost(viewer, post),
    canMessage: canMessageRecruiter(viewer, post),
    canRequest: canRequestToJoin(viewer, post, team),
    canManageRequests: canManageRequests(viewer, post),
  };
}
