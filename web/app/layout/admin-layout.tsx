import type { ReactNode } from "react";
import { AdminNav } from "./admin-nav";
import { OUTLET_ROUTE_IDS, PageOutlet } from "./page-outlet";

/** The administrator's pages; `children` stands in for the routed page (the 'Page not found'). */
export function AdminLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminNav />
      <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none`}>
        {children ?? <PageOutlet routeId={OUTLET_ROUTE_IDS.adminLayout} />}
      </main>
    </div>
  );
}
