import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { primaryButton, secondaryButton } from "../components/ui/button-styles";
import { useDocumentTitle } from "../lib/use-document-title";
import { NotFoundPage } from "./not-found-page";

/** Last line of defence for a page that failed to render or load (e.g. a chunk after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col items-center justify-center px-4 text-center focus:outline-none"
    >
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-slate-600">
        Please reload the page. If it keeps happening, try again later.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={primaryButton}>
          Reload page
        </button>
        <Link to="/" reloadDocument className={secondaryButton}>
          Go to home page
        </Link>
      </div>
    </main>
  );
}
