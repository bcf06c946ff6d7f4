import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../../../lib/session";
import {
  applyEventFilterChange,
  type EventFilterChange,
  type EventFilters,
  parseEventFilters,
} from "../events-params";

/**
 * The events filters live in the query string (shareable, kept by Back and reload). Typing
 * replaces the history entry; choosing a filter adds one. Reset empties the query string, which
 * means the defaults: the student's own college and city, upcoming only.
 */
export function useEventFilters() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const college = user?.college ?? "";
  const city = user?.city ?? "";
  const filters: EventFilters = useMemo(
    () => parseEventFilters(params, { college, city }),
    [params, college, city],
  );

  const changeFilters = useCallback(
    (change: EventFilterChange, options: { replace?: boolean } = {}) => {
      setParams((current) => applyEventFilterChange(current, change), { replace: options.replace ?? false });
    },
    [setParams],
  );

  const resetFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { filters, changeFilters, resetFilters };
}
