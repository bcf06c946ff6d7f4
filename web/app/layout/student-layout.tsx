import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";
import { useSession } from "../../lib/session";
import { LiveProvider } from "../live/live-provider";
import { StudentNav } from "./student-nav";

/**
 * Signed-in student pages: the bar stays put while a lazily loaded page arrives. The live socket
 * lives here, so it runs only while a student is signed in and closes when they sign out.
 */
export function StudentLayout() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <LiveProvider userId={user.id}>
      <div className="flex min-h-dvh flex-col">
        <StudentNav user={user} />
        <main id="main" className="flex-1">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </LiveProvider>
  );
}
