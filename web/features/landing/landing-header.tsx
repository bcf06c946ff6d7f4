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
    <header data-session-part="header" className="sticky top-0 z-10 border-b border-slate-200 bg-white">
      {/* On a phone the welcome line drops to a second row so the brand and the button keep their room. */}
      <div className={`${container} flex min-h-16 flex-wrap items-center gap-x-3 gap-y-1 py-2`}>
        <LandingLink
          to="/"
          className="order-1 flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
        >
          <span className="grid size-9 place-items-center rounded-lg bg-indigo-700 text-white">
            <ShoppingBag className="size-5" />
          </span>
          Campus Bazaar
        </LandingLink>

        {signedIn ? (
          <p className="order-3 min-w-0 basis-full truncate text-sm text-slate-700 sm:order-2 sm:ml-auto sm:basis-auto">
            Welcome, <span className="font-semibold text-slate-900">{userName}</span>
          </p>
        ) : null}

        <nav
          aria-label="Account"
          className={`order-2 flex items-center gap-1 sm:order-3 sm:gap-2 ${signedIn ? "ml-auto sm:ml-0" : "ml-auto"}`}
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
