import type { MouseEvent } from "react";

/** The id of the element holding a page's own content: every layout gives it to its <main>. */
export const MAIN_CONTENT_ID = "main";

/** Classes for that <main>: it takes the focus from the skip link without drawing a ring round the page. */
export const mainContentClasses = "focus:outline-none";

function handleClick(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focus moves into the content (a plain #main jump would leave it on the link in some browsers),
  // and the address keeps no #main for the router to read.
  event.preventDefault();
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
  main.scrollIntoView?.({ block: "start" });
}

/**
 * The first stop of the keyboard on every page: hidden until focused, it jumps past the bars to
 * the page's own content. Without script (the landing page as the build writes it) it is a plain
 * link to #main.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={handleClick}
      className="sr-only rounded-lg bg-white px-4 text-sm font-semibold text-indigo-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:inline-flex focus:min-h-11 focus:items-center"
    >
      Skip to main content
    </a>
  );
}
