import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoading } from "../components/ui/page-loading";
import { afterSignInPath, signInReturnState } from "../lib/home-path";
import { useSession } from "../lib/session";

const sessionLoading = <PageLoading label="Loading your session..." />;

/**
 * /login and /signup: a signed-in person is sent on, to the page that asked them to sign in
 * (see signInReturnState) or else to their home, the same place sign-in itself goes.
 */
export function PublicOnlyRoute() {
  const { user, isAdmin, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return sessionLoading;
  if (user) return <Navigate to={afterSignInPath(location.state, isAdmin)} replace />;
  return <Outlet />;
}

/**
 * Student pages: signed out goes to /login, which comes back here after signing in. The spec has
 * the administrator reach /admin only, so an admin is sent there.
 */
export function StudentRoute() {
  const { user, isAdmin, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return sessionLoading;
  if (!user) return <Navigate to="/login" replace state={signInReturnState(location)} />;
  if (isAdmin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** /admin: anyone but a signed-in administrator goes to /login, as the spec says. */
export function AdminRoute() {
  const { isAdmin, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return sessionLoading;
  if (!isAdmin) return <Navigate to="/login" replace state={signInReturnState(location)} />;
  return <Outlet />;
}
