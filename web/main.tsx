import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { preloadRouteChunks } from "./route-preload";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

/*
 * This file and React are all every address of the app shares; the app's pages load on demand
 * (app/router.tsx), their code fetched from here beside the app's. The landing page is not among
 * them on a first visit: the build writes it as plain HTML with one small script
 * (scripts/landing-page-html.ts), which the server sends for /; the app draws it only when someone
 * moves to / from another page, or where that file is missing. What each address downloads is
 * checked by the build against its budget (scripts/route-bundles.ts).
 */
preloadRouteChunks(window.location.pathname);
/*
 * The first render as a transition: React then yields to the browser every few milliseconds instead
 * of drawing the whole app in one long task, which on a slow phone blocked input for half a second
 * (Lighthouse's total blocking time on /login and /buy). On a page whose first screen the server drew
 * into #root (app/first-screen.tsx), that screen stays until the app can draw the same page, rather
 * than giving way to a loading notice while the page's code arrives.
 */
import("./app/app").then(
  async ({ App, firstPageReady }) => {
    if (container.hasChildNodes()) await firstPageReady();
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  },
  () => {
    container.textContent =
      "Campus Bazaar could not be loaded. Please check your connection and reload the page.";
  },
);
