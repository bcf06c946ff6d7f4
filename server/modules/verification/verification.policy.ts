import type { UserRow } from "../../db/schema";

/**
 * True while the user is a verified student of the college their profile names: the 'Verified
 * Student' label (issue 36). A student whose profile now names another college is no longer verified.
 */
export function isCollegeVerified(
  user: Pick<UserRow, "collegeVerifiedAt" | "collegeVerifiedName" | "college">,
): boolean {
  return user.collegeVerifiedAt !== null && user.collegeVerifiedName === user.college;
}
