/** Where a signed-in person belongs: the administrator reaches /admin only (spec section 6). */
export function homePathFor(isAdmin: boolean): string {
  return isAdmin ? "/admin" : "/dashboard";
}

/**
 * What the sign-in page is told about the page that sent a signed-out person there (the route
 * guards put it in the router's location state): where to go back to once they are in.
 */
export interface SignInReturn {
  from: { pathname: string; search?: string; hash?: string };
}

/** The location state a protected page hands to /login, so the person comes back to it. */
export function signInReturnState(location: {
  pathname: string;
  search: string;
  hash: string;
}): SignInReturn {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** A path inside this site only: '/item/42?x=1', never '//evil.example', '/\evil' or 'https:...'. */
function isSameSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  // No control characters or spaces, which browsers strip before reading the address.
  if ([...path].some((character) => character <= " " || character === "\u007f")) return false;
  const base = "https://campus-bazaar.invalid";
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Where to go after signing in: back to the protected page that sent the person to sign in (a
 * shared item link, a filtered /buy with its query string) when it is a path of this site the
 * person may open; otherwise their home, as the spec says.
 */
export function afterSignInPath(state: unknown, isAdmin: boolean): string {
  const from = (state as Partial<SignInReturn> | null | undefined)?.from;
  if (!from || typeof from.pathname !== "string") return homePathFor(isAdmin);
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  const path = `${from.pathname}${search}${hash}`;
  if (!isSameSitePath(path)) return homePathFor(isAdmin);
  // The administrator's pages are under /admin, a student's everywhere else.
  const isAdminPath = from.pathname === "/admin" || from.pathname.startsWith("/admin/");
  if (isAdminPath !== isAdmin) return homePathFor(isAdmin);
  // Signing in again is no place to come back to.
  if (/^\/(login|signup)\/?$/i.test(from.pathname)) return homePathFor(isAdmin);
  return path;
}
