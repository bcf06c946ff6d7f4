import { useEffect } from "react";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

/** The whole app: data layer and router. main.tsx loads it for every page but a first visit to /. */
export function App() {
  useEffect(() => {
    // The service worker, install offer and update notice, in a chunk of their own, once the first
    // page has been drawn: nothing they fetch (the worker, the manifest, a health check) competes
    // with the page's own code and data.
    if (import.meta.env.PROD) void import("../pwa/register");
  }, []);
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
