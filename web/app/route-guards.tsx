import { useDeferredValue } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading, PageOffline } from "../components/ui/page-loading";
import { afterSignInPath, signInReturnState } from "../lib/home-path";
import { useSession } from "../lib/session";

const sessionLoading = <PageLoading label="Loading your session..." />;
// A page opened offline (the service worker's shell) cannot learn who is signed in until it is back.
const sessionOffline = <PageOffline />;

/**
 * The session as the guards act on it: once the server answers who is signed in, the page behind
 * the guard is drawn in a transition, which React splits into short tasks, rather than in one long
 * task that keeps a slow phone from answering a tap (Lighthouse's total blocking time).
 */
function useGuardSession() {
  const session = useSession();
  const user = useDeferredValue(session.user);
  const isLoading = useDeferredValue(session.isLoading);
  const isWaitingForNetwork = Boolean(session.isWaitingForNetwork);
  return { user, isAdmin: user?.role === "admin", isLoading, isWaitingForNetwork };
}

/**
 * /login and /signup: a signed-in person is sent on, to the page that asked them to sign in
 * (see signInReturnState) or else to their home, the same place sign-in itself goes.
 */
export function PublicOnlyRoute() {
  const { user, isAdmin, isLoading, isWaitingForNetwork } = useGuardSession();
  const location = useLocation();
  if (isLoading) return isWaitingForNetwork ? sessionOffline : sessionLoading;
  if (user) return <Navigate to={afterSignInPath(location.state, isAdmin)} replace />;
  return <Outlet />;
}

/**
 * Student pages: signed out goes to /login, which comes back here after signing in. The spec has
 * the administrator reach /admin only, so an admin is sent there.
 */
export function StudentRoute() {
  const { user, isAdmin, isLoading, isWaitingForNetwork } = useGuardSession();
  const location = useLocation();
  if (isLoading) return isWaitingForNetwork ? sessionOffline : sessionLoading;
  if (!user) return <Navigate to="/login" replace state={signInReturnState(location)} />;
  if (isAdmin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** /admin: anyone but a signed-in administrator goes to /login, as the spec says. */
export function AdminRoute() {
  const { isAdmin, isLoading, isWaitingForNetwork } = useGuardSession();
  const location = useLocation();
  if (isLoading) return isWaitingForNetwork ? sessionOffline : sessionLoading;
  if (!isAdmin) return <Navigate to="/login" replace state={signInReturnState(location)} />;
  return <Outlet />;
}
