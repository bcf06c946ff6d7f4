import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useUnreadCounts } from "../../features/notifications/hooks";
import { useIsFullScreenView } from "../../lib/full-screen-view";
import { useSession } from "../../lib/session";
import { LiveProvider } from "../live/live-provider";
import { OUTLET_ROUTE_IDS, PageOutlet } from "./page-outlet";
import { StudentNav } from "./student-nav";
import { TabBar } from "./tab-bar";

/**
 * Keeps what the student sees for reading offline on this device (lib/offline-cache/), while they
 * are signed in; the persister loads on its own, after the page, and never on public pages.
 */
function useOfflineCache(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let isLeft = false;
    void import("../../lib/offline-cache/persister")
      .then((persister) => {
        if (!isLeft) stop = persister.keepOfflineCache(queryClient, userId);
      })
      .catch(() => {});
    return () => {
      isLeft = true;
      stop?.();
    };
  }, [queryClient, userId]);
}

/**
 * Signed-in student pages: the bar stays put while the next page's code arrives. The live socket
 * lives here, so it runs only while a student is signed in and closes when they sign out.
 * Phones get the bottom tab bar too; a page that takes the whole phone screen (useFullScreenView)
 * hides both bars there. `children` stands in for the routed page (the signed-in 'Page not found').
 */
export function StudentLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  useOfflineCache(user?.id);
  const counts = useUnreadCounts();
  const isFullScreen = useIsFullScreenView();
  if (!user) return null;
  return (
    <LiveProvider userId={user.id}>
      <div className="flex min-h-dvh flex-col">
        <StudentNav user={user} counts={counts} className={isFullScreen ? "max-md:hidden" : ""} />
        {/* Room below the page for the tab bar on phones (styles.css sets --tab-bar-space). */}
        <main id="main" tabIndex={-1} className={`flex-1 pb-(--tab-bar-space) focus:outline-none`}>
          {children ?? <PageOutlet routeId={OUTLET_ROUTE_IDS.studentLayout} />}
        </main>
        {isFullScreen ? null : <TabBar unreadMessages={counts.messages} />}
      </div>
    </LiveProvider>
  );
}
