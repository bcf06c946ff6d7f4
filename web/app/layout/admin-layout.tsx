import { AdminNav } from "./admin-nav";
import { OUTLET_ROUTE_IDS, PageOutlet } from "./page-outlet";

export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminNav />
      <main id="main" className="flex-1">
        <PageOutlet routeId={OUTLET_ROUTE_IDS.adminLayout} />
      </main>
    </div>
  );
}
