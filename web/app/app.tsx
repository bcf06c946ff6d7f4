import { AppProviders } from "./providers";
import { AppRouter } from "./router";

export { firstPageReady } from "./router";

/** The whole app: data layer and router. main.tsx loads it for every page but a first visit to /. */
export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
