import { COPYRIGHT_YEAR } from "@shared/constants";
import { LandingLink } from "./landing-link";
import { container } from "./styles";

const footerLink =
  "rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function LandingFooter() {
  return (
    <footer className="bg-slate-900 py-10 text-slate-300">
      <div
        className={`${container} flex flex-col items-center gap-4 text-center text-sm sm:flex-row sm:justify-between sm:text-left`}
      >
        <div className="space-y-1">
          <p>Made for students across India</p>
          <p>
            © {COPYRIGHT_YEAR} {/* A 44 px tall box for a finger, the line's height kept. */}
            <LandingLink to="/" className={`${footerLink} -my-3.5 py-3.5 font-semibold text-white underline`}>
              Campus Bazaar
            </LandingLink>
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            <li>
              <LandingLink
                to="/privacy-policy"
                className={`${footerLink} inline-flex min-h-11 items-center text-white`}
              >
                Privacy Policy
              </LandingLink>
            </li>
            <li>
              <LandingLink
                to="/terms-of-use"
                className={`${footerLink} inline-flex min-h-11 items-center text-white`}
              >
                Terms of Use
              </LandingLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
