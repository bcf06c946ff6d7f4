import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";
import { AdminNav } from "./admin-nav";

export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <AdminNav />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
