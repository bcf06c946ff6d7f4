import type { ReactNode } from "react";
import { MAIN_CONTENT_ID, mainContentClasses, SkipLink } from "../../components/ui/skip-link";
import { AdminNav } from "./admin-nav";
import { OUTLET_ROUTE_IDS, PageOutlet } from "./page-outlet";

/** The administrator's pages; `children` stands in for the routed page (the 'Page not found'). */
export function AdminLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AdminNav />
      <main id={MAIN_CONTENT_ID} className={`flex-1 ${mainContentClasses}`}>
        {children ?? <PageOutlet routeId={OUTLET_ROUTE_IDS.adminLayout} />}
      </main>
    </div>
  );
}
