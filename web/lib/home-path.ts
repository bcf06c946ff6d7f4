/** Where a signed-in person belongs: the administrator reaches /admin only (spec section 6). */
export function homePathFor(isAdmin: boolean): string {
  return isAdmin ? "/admin" : "/dashboard";
}
