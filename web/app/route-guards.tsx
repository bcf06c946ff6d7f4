import { Navigate, Outlet } from "react-router";
import { PageLoading } from "../components/ui/page-loading";
import { homePathFor } from "../lib/home-path";
import { useSession } from "../lib/session";

const sessionLoading = <PageLoading label="Loading your session..." />;

/** /login and /signup: a signed-in person is sent to their home instead. */
export function PublicOnlyRoute() {
  const { user, isAdmin, isLoading } = useSession();
  if (isLoading) return sessionLoading;
  if (user) return <Navigate to={homePathFor(isAdmin)} replace />;
  return <Outlet />;
}

/**
 * Student pages: signed out goes to /login. The spec has the administrator reach /admin only,
 * so an admin is sent there.
 */
export function StudentRoute() {
  const { user, isAdmin, isLoading } = useSession();
  if (isLoading) return sessionLoading;
  if (!user) return <Navigate to="/login" replace />;
  if (isAdmin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** /admin: anyone but a signed-in administrator goes to /login, as the spec says. */
export function AdminRoute() {
  const { isAdmin, isLoading } = useSession();
  if (isLoading) return sessionLoading;
  if (!isAdmin) return <Navigate to="/login" replace />;
  return <Outlet />;
}
