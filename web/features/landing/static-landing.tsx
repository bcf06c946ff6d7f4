import { renderToStaticMarkup } from "react-dom/server";
import { ClosingCtaSection } from "./closing-cta-section";
import { HeroActions } from "./hero-section";
import { LandingHeader } from "./landing-header";
import { LandingPage, PAGE_TITLE } from "./landing-page";
import { NAME_SLOT, SESSION_VARIANTS, type SessionVariant, templateIdOf } from "./session-parts";

/** The parts of the page that depend on who is signed in, as one kind of visitor sees them. */
function SessionParts({ variant }: { variant: SessionVariant }) {
  const userName = variant === "signed-out" ? null : NAME_SLOT;
  const isAdmin = variant === "admin";
  return (
    <>
      <LandingHeader userName={userName} isAdmin={isAdmin} isLoading={false} />
      <HeroActions userName={userName} isAdmin={isAdmin} isLoading={false} />
      <ClosingCtaSection signedIn={userName !== null} isAdmin={isAdmin} isLoading={false} />
    </>
  );
}

/**
 * The landing page as HTML, drawn at build time from the same components the app draws it with
 * (scripts/landing-page-html.ts writes it into dist/web/landing.html): the page as it looks while
 * the session is asked for, and a <template> per kind of visitor for landing-session.ts to swap in;
 * and the page as a visitor sees it, sent to whoever brings no session cookie.
 */
export function renderStaticLanding(): {
  title: string;
  page: string;
  templates: string;
  signedOutPage: string;
} {
  const page = renderToStaticMarkup(
    <LandingPage session={{ user: null, isAdmin: false, isLoading: true }} />,
  );
  const templates = SESSION_VARIANTS.map(
    (variant) =>
      `<template id="${templateIdOf(variant)}">${renderToStaticMarkup(<SessionParts variant={variant} />)}</template>`,
  ).join("\n");
  // For a visitor who brings no session cookie: nobody can be signed in, so nothing is asked.
  const signedOutPage = renderToStaticMarkup(
    <LandingPage session={{ user: null, isAdmin: false, isLoading: false }} />,
  );
  return { title: PAGE_TITLE, page, templates, signedOutPage };
}
