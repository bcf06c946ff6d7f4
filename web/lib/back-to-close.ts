import { useEffect, useRef } from "react";

/**
 * Back closes what is open before it leaves the page: a photo viewer, a dialog, a menu, a sheet,
 * on Android's Back and the browser's alike, and the page and its address stay.
 *
 *   const [isOpen, setIsOpen] = useState(false);
 *   useBackToClose(isOpen, () => setIsOpen(false));
 *
 * A component that is open while mounted passes true. How it works, and what a view that changes
 * the address while open should do: ./history-views.ts, which loads with the first view opened
 * (so no page carries it before then).
 */
export function useBackToClose(isOpen: boolean, onClose: () => void): void {
  const latest = useRef(onClose);
  latest.current = onClose;
  useEffect(() => (isOpen ? backToClose(() => latest.current()) : undefined), [isOpen]);
}

/**
 * The same outside React's hooks: opens a view that Back closes through `close`; returns what to
 * call when the view closes another way or goes away. The kit's Dialog uses it from its effect.
 */
export function backToClose(close: () => void): () => void {
  // undefined until the history part is there; null once closed before it came.
  let closeView: (() => void) | null | undefined;
  import("./history-views").then(
    (views) => {
      if (closeView === undefined) closeView = views.openView(close);
    },
    // Offline before it ever loaded: Back leaves the page, as it did.
    () => {},
  );
  return () => {
    closeView?.();
    closeView = null;
  };
}
