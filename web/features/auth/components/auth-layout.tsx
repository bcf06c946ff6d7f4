import ShoppingBag from "lucide-react/icons/shopping-bag";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Shown beside the card on large screens only. */
  aside?: ReactNode;
}

/** The frame of the sign-in, sign-up and account-link pages: brand on top, one card. */
export function AuthLayout({ title, subtitle, children, aside }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 pt-[max(1rem,env(safe-area-inset-top))] pb-4 sm:px-6">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold text-slate-900"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-indigo-700 text-white">
            <ShoppingBag className="size-5" />
          </span>
          Campus Bazaar
        </Link>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto flex w-full flex-1 items-start gap-10 px-4 pb-10 sm:px-6 lg:items-center ${aside ? "max-w-6xl" : "max-w-md"} focus:outline-none`}
      >
        <div className={`w-full ${aside ? "max-w-md lg:max-w-lg" : ""} mx-auto`}>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
        {aside}
      </main>
    </div>
  );
}
