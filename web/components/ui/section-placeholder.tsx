import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import { BackButton } from "./back-button";
import { primaryButton } from "./button-styles";

/** Stands in for a section of the app that a later piece of work builds. */
export function SectionPlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackButton />
      <section className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">This section is on its way.</p>
        <Link to="/dashboard" className={`${primaryButton} mt-6`}>
          Back to Dashboard
        </Link>
      </section>
    </div>
  );
}
