import { useEffect } from "react";
import type { Session } from "../../lib/session";
import { ClosingCtaSection } from "./closing-cta-section";
import { FeaturesSection } from "./features-section";
import { FreshOnCampusSection, LiveFreshOnCampus } from "./fresh-on-campus-section";
import { HeroSection } from "./hero-section";
import { LandingFooter } from "./landing-footer";
import { LandingHeader } from "./landing-header";
import { WhyChooseSection } from "./why-choose-section";

/** The page's title, also written into the HTML the build makes of it (static-landing.tsx). */
export const PAGE_TITLE = "Campus Bazaar – Your Campus Marketplace";

/**
 * Public landing page (/): visitors are invited to sign up, signed-in students are sent on to their
 * dashboard. `isLive` inside the app, where 'Fresh on campus' asks for its listings itself.
 */
export function LandingPage({ session, isLive = false }: { session: Session; isLive?: boolean }) {
  const { user, isAdmin, isLoading } = session;
  const userName = user?.name ?? null;
  const signedIn = !isLoading && userName !== null;

  useEffect(() => {
    document.title = PAGE_TITLE;
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <LandingHeader userName={userName} isAdmin={isAdmin} isLoading={isLoading} />
      <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none`}>
        <HeroSection userName={signedIn ? userName : null} isAdmin={isAdmin} isLoading={isLoading} />
        {/* Inside the app it fills itself; the build's HTML is filled by the page's script. */}
        {isLive ? <LiveFreshOnCampus /> : <FreshOnCampusSection />}
        <FeaturesSection />
        <WhyChooseSection />
        <ClosingCtaSection signedIn={signedIn} isAdmin={isAdmin} isLoading={isLoading} />
      </main>
      <LandingFooter />
    </div>
  );
}
