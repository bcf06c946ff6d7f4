import { AdminNav } from "./admin-nav";
import { PageOutlet } from "./page-outlet";

export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminNav />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
    </div>
  );
}
