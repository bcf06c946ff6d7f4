import { LEGAL_LAST_UPDATED } from "@shared/constants";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";

interface LegalLayoutProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** Shared frame of the static legal pages: back link, one h1, the last-updated date and readable prose. */
export function LegalLayout({ title, intro, children }: LegalLayoutProps) {
  useEffect(() => {
    document.title = `${title} – Campus Bazaar`;
  }, [title]);

  return (
    <div className="min-h-dvh bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <nav aria-label="Back" className="mx-auto w-full max-w-3xl px-4 py-3 sm:px-6">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-indigo-800 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
          >
            <svg
              xmlns="http://www.w3.org/2000/svg"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              className="size-5"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M19 12H5M12 19l-7-7 7-7" />
            </svg>
            Back to Home
          </Link>
        </nav>
      </header>

      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-3xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 focus:outline-none`}
      >
        <article>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated {LEGAL_LAST_UPDATED}</p>
          <div className="mt-6 text-lg text-slate-700">{intro}</div>
          <div className="mt-4 text-base leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-indigo-800 [&_a]:underline [&_li]:mt-1.5 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
            {children}
          </div>
        </article>
      </main>
    </div>
  );
}

interface LegalSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="scroll-mt-4 text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
