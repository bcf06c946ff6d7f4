import { Link } from "react-router";
import { LandingLinkContext } from "../features/landing/landing-link";
import { LandingPage } from "../features/landing/landing-page";
import { useSession } from "../lib/session";

/** Inside the app the landing page shares the session cache and moves on without a reload. */
export function RoutedLandingPage() {
  return (
    <LandingLinkContext value={Link}>
      <LandingPage session={useSession()} isLive />
    </LandingLinkContext>
  );
}
