import ArrowRight from "lucide-react/icons/arrow-right";
import { LandingLink } from "./landing-link";
import { container, dashboardPathFor, primaryButton, secondaryButton } from "./styles";

interface HeroSectionProps {
  userName: string | null;
  isAdmin: boolean;
  isLoading: boolean;
}

export function HeroSection({ userName, isAdmin, isLoading }: HeroSectionProps) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-linear-to-b from-indigo-50 to-white pt-12 pb-14 sm:pt-20 sm:pb-20"
    >
      <div className={`${container} text-center`}>
        <p className="mx-auto inline-flex items-center rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-900">
          For college students across India
        </p>
        <h1
          id="hero-heading"
          className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          Your Campus Marketplace
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-700">
          Buy and sell second-hand books, gadgets and stationery, discover campus events and hackathons, and
          find teammates, all with fellow students.
        </p>

        <HeroActions userName={userName} isAdmin={isAdmin} isLoading={isLoading} />
      </div>
    </section>
  );
}

/** The hero's calls to action: they depend on who is signed in (see session-parts.ts). */
export function HeroActions({ userName, isAdmin, isLoading }: HeroSectionProps) {
  return (
    <div data-session-part="hero-actions" className="mt-8 min-h-28 sm:min-h-12">
      {isLoading ? (
        <span
          aria-hidden="true"
          className="mx-auto block h-11 w-56 rounded-lg bg-slate-100 motion-safe:animate-pulse"
        />
      ) : userName !== null ? (
        <div className="flex flex-col items-center gap-4">
          <p className="text-base text-slate-700">
            Welcome back, <span className="font-semibold text-slate-900">{userName}</span>! Pick up where you
            left off.
          </p>
          <LandingLink to={dashboardPathFor(isAdmin)} className={`${primaryButton} w-full sm:w-auto`}>
            Go to Dashboard
            <ArrowRight className="size-5" />
          </LandingLink>
        </div>
      ) : (
        <div className="flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <LandingLink to="/signup" className={primaryButton}>
            Get Started Free
            <ArrowRight className="size-5" />
          </LandingLink>
          <LandingLink to="/login" className={secondaryButton}>
            Already have an account?
          </LandingLink>
        </div>
      )}
    </div>
  );
}
