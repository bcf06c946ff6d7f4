import { type ComponentType, type ReactElement, use } from "react";
import { importWhenOnline } from "../lib/import-when-online";

/** What router.tsx keeps on a route whose code is fetched on demand. */
export interface OnDemandHandle {
  /** Starts the download of the route's code (once; later calls return the same promise). */
  preload: () => Promise<ComponentType>;
}

/**
 * A promise marked as settled the way React's `use` reads it: a page whose code is in is drawn at
 * once rather than suspending for a tick.
 */
type SettledPromise<T> = Promise<T> & { status?: "fulfilled"; value?: T };

export function isOnDemandHandle(handle: unknown): handle is OnDemandHandle {
  return typeof (handle as Partial<OnDemandHandle> | undefined)?.preload === "function";
}

/** Draws the route's component, suspending (to the nearest PageOutlet) until its code is in. */
function OnDemandRoute({ code }: { code: OnDemandHandle }) {
  const Component = use(code.preload());
  return <Component />;
}

/**
 * A route whose component is fetched on demand: `element` draws it, suspending (to the nearest
 * PageOutlet's loading notice) until its code has arrived; `handle.preload` starts the download
 * without drawing anything. Once the code is in, the component is drawn at once, without suspending,
 * so a page whose code was preloaded while the session was asked for shows no loading notice.
 * A download that fails offline waits for the connection (the outlet says the page loads when it is
 * back); one that fails online throws to the app's error boundary (route-error-page.tsx).
 */
export function onDemand<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): { element: ReactElement; handle: OnDemandHandle } {
  let loading: SettledPromise<ComponentType> | undefined;
  const code: OnDemandHandle = {
    preload: () => {
      if (loading) return loading;
      const settled: SettledPromise<ComponentType> = importWhenOnline(load).then((module) => {
        const component = pick(module);
        Object.assign(settled, { status: "fulfilled", value: component });
        return component;
      });
      loading = settled;
      return settled;
    },
  };
  return { element: <OnDemandRoute code={code} />, handle: code };
}
