import { Suspense } from "react";
import { Link } from "react-router";
import { primaryButton } from "../components/ui/button-styles";
import { PageLoading } from "../components/ui/page-loading";
import { homePathFor } from "../lib/home-path";
import { lazyWhenOnline } from "../lib/import-when-online";
import { useSession } from "../lib/session";
import { useDocumentTitle } from "../lib/use-document-title";

// The layouts come with the first page that needs them; a visitor's 'Page not found' needs neither.
const StudentLayout = lazyWhenOnline(() =>
  import("./layout/student-layout").then((module) => ({ default: module.StudentLayout })),
);
const AdminLayout = lazyWhenOnline(() =>
  import("./layout/admin-layout").then((module) => ({ default: module.AdminLayout })),
);

function NotFoundContent({ homePath, className = "" }: { homePath: string; className?: string }) {
  useDocumentTitle("Page not found");
  return (
    <div className={`flex flex-col items-center justify-center px-4 py-16 text-center ${className}`}>
      <p className="text-sm font-semibold tracking-wide text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to={homePath} className={`${primaryButton} mt-6`}>
        Go to home page
      </Link>
    </div>
  );
}

/** 'Page not found' on its own: for a visitor, and for a page that failed with a 404. */
export function NotFoundPage() {
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <NotFoundContent homePath="/" className="min-h-dvh" />
    </main>
  );
}

/**
 * Any address the app has no page for (the server answers it with 404 too). A signed-in person
 * keeps their navigation around it, so one mistyped link does not strand them.
 */
export function NotFoundRoute() {
  const { user, isAdmin, isLoading } = useSession();
  if (isLoading) return <PageLoading label="Loading your session..." />;
  if (!user) return <NotFoundPage />;
  const Layout = isAdmin ? AdminLayout : StudentLayout;
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout>
        <NotFoundContent homePath={homePathFor(isAdmin)} />
      </Layout>
    </Suspense>
  );
}
