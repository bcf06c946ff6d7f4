import ShoppingBag from "lucide-react/icons/shopping-bag";
import { LandingLink } from "./landing-link";
import { container, dashboardPathFor } from "./styles";

interface LandingHeaderProps {
  userName: string | null;
  isAdmin: boolean;
  isLoading: boolean;
}

const navLink =
  "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700";
const solidNavLink = `${navLink} bg-indigo-700 text-white hover:bg-indigo-800`;

export function LandingHeader({ userName, isAdmin, isLoading }: LandingHeaderProps) {
  const signedIn = !isLoading && userName !== null;
  return (
    <header
      data-session-part="header"
      className="sticky top-0 z-10 border-b border-slate-200 bg-white pt-[env(safe-area-inset-top)]"
    >
      {/* One row at any width: on a phone a signed-in visitor's welcome takes the brand name's place. */}
      <div className={`${container} flex min-h-16 flex-nowrap items-center gap-x-2 py-2 sm:gap-x-3`}>
        <LandingLink
          to="/"
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-indigo-700 text-white">
            <ShoppingBag className="size-5" />
          </span>
          <span className={signedIn ? "sr-only sm:not-sr-only" : undefined}>Campus Bazaar</span>
        </LandingLink>

        {signedIn ? (
          <p className="ml-1 min-w-0 flex-1 truncate text-sm text-slate-700 sm:ml-auto sm:flex-none">
            Welcome, <span className="font-semibold text-slate-900">{userName}</span>
          </p>
        ) : null}

        <nav
          aria-label="Account"
          className={`flex shrink-0 items-center gap-1 sm:gap-2 ${signedIn ? "" : "ml-auto"}`}
        >
          {isLoading ? (
            <span
              aria-hidden="true"
              className="h-11 w-32 rounded-lg bg-slate-100 motion-safe:animate-pulse"
            />
          ) : signedIn ? (
            <LandingLink to={dashboardPathFor(isAdmin)} className={solidNavLink}>
              Dashboard
            </LandingLink>
          ) : (
            <>
              <LandingLink to="/login" className={`${navLink} text-slate-800 hover:bg-slate-100`}>
                Login
              </LandingLink>
              <LandingLink to="/signup" className={solidNavLink}>
                Sign Up
              </LandingLink>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
