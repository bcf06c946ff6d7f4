import { useSession } from "../../lib/session";
import { LiveProvider } from "../live/live-provider";
import { OUTLET_ROUTE_IDS, PageOutlet } from "./page-outlet";
import { StudentNav } from "./student-nav";

/**
 * Signed-in student pages: the bar stays put while the next page's code arrives. The live socket
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
          <PageOutlet routeId={OUTLET_ROUTE_IDS.studentLayout} />
        </main>
      </div>
    </LiveProvider>
  );
}
