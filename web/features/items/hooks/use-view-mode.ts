import { useCallback, useState } from "react";
import type { ViewMode } from "../components/item-card";

const STORAGE_KEY = "campus-bazaar:browse-view";

function readStoredView(): ViewMode {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "list" ? "list" : "grid";
  } catch {
    // Storage can be blocked (private mode, strict settings); the grid is a fine default.
    return "grid";
  }
}

/** Grid or list is a taste, not a filter: it is remembered on this device, not put in the address. */
export function useViewMode(): [ViewMode, (view: ViewMode) => void] {
  const [view, setView] = useState<ViewMode>(readStoredView);
  const changeView = useCallback((next: ViewMode) => {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered; the choice still holds for this visit.
    }
  }, []);
  return [view, changeView];
}
