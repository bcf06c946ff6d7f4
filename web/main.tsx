import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { preloadRouteChunks } from "./route-preload";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

/*
 * This file and React are all every address shares. Most visitors arrive at the landing page, so
 * it is drawn on its own, without the router and the data layer; every other address loads the
 * app, whose pages load on demand in turn (app/router.tsx), their code fetched from here beside
 * the app's. What each address downloads is checked by the build against its budget
 * (scripts/route-bundles.ts).
 */
preloadRouteChunks(window.location.pathname);
const view =
  window.location.pathname === "/"
    ? import("./features/landing/landing-page").then(({ StandaloneLandingPage }) => <StandaloneLandingPage />)
    : import("./app/app").then(({ App }) => <App />);

view.then(
  (element) => root.render(<StrictMode>{element}</StrictMode>),
  () => {
    container.textContent =
      "Campus Bazaar could not be loaded. Please check your connection and reload the page.";
  },
);
