import { type ComponentType, createContext, type ReactNode, useContext } from "react";

export interface LandingLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

/** A plain link: a full page load, which brings in the rest of the app. */
function PlainLink({ to, className, children }: LandingLinkProps) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/**
 * The landing page is drawn two ways: as HTML written by the build for a first visit (without
 * React, see static-landing.tsx), and as a route inside the app. Inside the app the router's Link
 * is given here, so moving on from the landing page needs no reload.
 */
export const LandingLinkContext = createContext<ComponentType<LandingLinkProps>>(PlainLink);

export function LandingLink(props: LandingLinkProps) {
  const Link = useContext(LandingLinkContext);
  return <Link {...props} />;
}
