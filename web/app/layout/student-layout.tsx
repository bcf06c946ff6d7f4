import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../../components/ui/page-loading";
import { useSession } from "../session";
import { StudentNav } from "./student-nav";

/** Signed-in student pages: the bar stays put while a lazily loaded page arrives. */
export function StudentLayout() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <StudentNav user={user} />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
