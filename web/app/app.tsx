import { config as configureZod } from "zod/v4/core";
import { preloadPageAt } from "./lazy-pages";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

// The Content-Security-Policy forbids eval, so zod's compiled parsers never run here. Saying so up
// front spares its eval probe, which the browser reports as a CSP violation.
configureZod({ jitless: true });

preloadPageAt(window.location.pathname);

/** The whole app: data layer and router. main.tsx loads it for every page but a first visit to /. */
export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
