import { LandingLink } from "./landing-link";
import { container, dashboardPathFor, invertedButton, invertedOutlineButton } from "./styles";

interface ClosingCtaSectionProps {
  signedIn: boolean;
  isAdmin: boolean;
  isLoading: boolean;
}

export function ClosingCtaSection({ signedIn, isAdmin, isLoading }: ClosingCtaSectionProps) {
  return (
    <section
      data-session-part="closing-cta"
      aria-labelledby="cta-heading"
      className="bg-indigo-800 py-14 text-white sm:py-16"
    >
      <div className={`${container} text-center`}>
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance">
          {signedIn ? "Ready for your next deal?" : "Ready to join your campus community?"}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-indigo-50">
          {signedIn
            ? "See what students near you are selling, or list something you no longer need."
            : "Sign up free with your college and start buying, selling and teaming up today."}
        </p>

        <div className="mt-8 flex min-h-28 flex-col items-stretch justify-center gap-3 sm:min-h-12 sm:flex-row sm:items-center">
          {isLoading ? (
            <span
              aria-hidden="true"
              className="mx-auto block h-11 w-56 rounded-lg bg-white/20 motion-safe:animate-pulse"
            />
          ) : signedIn ? (
            <>
              <LandingLink to={dashboardPathFor(isAdmin)} className={invertedButton}>
                Go to Dashboard
              </LandingLink>
              <LandingLink to="/buy" className={invertedOutlineButton}>
                Browse Items
              </LandingLink>
            </>
          ) : (
            <>
              <LandingLink to="/signup" className={invertedButton}>
                Create Free Account
              </LandingLink>
              <LandingLink to="/login" className={invertedOutlineButton}>
                Sign In
              </LandingLink>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
