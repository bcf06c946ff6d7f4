import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StandaloneLandingPage } from "./features/landing/landing-page";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

/*
 * Most visitors arrive at the landing page, so it is drawn on its own, without the router and the
 * data layer: its download stays under the budget checked by the build (vite.config.ts). Every
 * other address loads the app, whose pages load on demand in turn.
 */
if (window.location.pathname === "/") {
  root.render(
    <StrictMode>
      <StandaloneLandingPage />
    </StrictMode>,
  );
} else {
  import("./app/app").then(
    ({ App }) =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    () => {
      container.textContent =
        "Campus Bazaar could not be loaded. Please check your connection and reload the page.";
    },
  );
}
