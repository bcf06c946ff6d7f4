import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

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

/**
 * useBackToClose for a menu whose entries include links. Closing the menu takes its history entry
 * away with a step back, and a link's own step forward would race it: the router could land on
 * the page it just left. So a link chosen from the menu only hides it (`leaveByLink`); the menu
 * closes once the address has changed, and its entry stays under the new page, where Back steps
 * over it. Returns whether the menu shows, and what a link's click calls.
 *
 *   const { isShown, leaveByLink } = useMenuBackToClose(isOpen, close);
 *   <Link to="/profile" onClick={leaveByLink}>Profile</Link>
 */
export function useMenuBackToClose(
  isOpen: boolean,
  onClose: () => void,
): { isShown: boolean; leaveByLink: () => void } {
  const [isLeaving, setIsLeaving] = useState(false);
  const { key } = useLocation();
  const shownAt = useRef(key);
  const latest = useRef(onClose);
  latest.current = onClose;
  useBackToClose(isOpen, onClose);
  useEffect(() => {
    if (shownAt.current === key) return;
    shownAt.current = key;
    setIsLeaving(false);
    latest.current();
  }, [key]);
  return { isShown: isOpen && !isLeaving, leaveByLink: () => setIsLeaving(true) };
}
