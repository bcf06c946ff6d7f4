import { useEffect } from "react";
import { isUserNotFound } from "../api/get-profile";

/**
 * The spec only logs a failed profile load. A warning rather than an error: the page shows its
 * own state, and an unknown person is an ordinary answer, not a fault, so it is not logged.
 */
export function useWarnOnLoadError(error: unknown): void {
  useEffect(() => {
    if (error && !isUserNotFound(error)) console.warn("Profile load failed", error);
  }, [error]);
}
