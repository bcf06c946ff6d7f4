import { Link } from "react-router";
import { primaryButton } from "../components/ui/button-styles";
import { useDocumentTitle } from "../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 max-w-sm text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={`${primaryButton} mt-6`}>
        Go to home page
      </Link>
    </main>
  );
}
