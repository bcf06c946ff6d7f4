import { withParams } from "@shared/search-params";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../../../lib/session";
import type { BrowseFilters } from "../api/get-items";
import { applyFilterChange, applyPageChange, type FilterChange, parseBrowseFilters } from "../browse-params";

/**
 * Browse filters live in the query string (shareable links, Back and refresh keep them).
 * Typing replaces the current history entry; picking a filter or a page adds one.
 */
export function useBrowseFilters() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const ownCollege = user?.college ?? "";
  // 'College pending': no college yet, so Browse starts on the student's city.
  const ownCity = user?.collegePending ? user.city : "";
  const filters: BrowseFilters = useMemo(
    () => parseBrowseFilters(params, ownCollege, ownCity),
    [params, ownCollege, ownCity],
  );

  // Spec section 4: the college filter is pre-set once to the student's own college. Without a
  // college in the address it applies (parseBrowseFilters); the first change the student makes
  // writes it in, so from then on the address holds the choice, and `college=` records that they
  // cleared it. Not written as the page opens: a new address re-draws the whole app, on a slow
  // phone a long task just as the page appears.
  const withCollege = useCallback(
    (current: URLSearchParams) => {
      if (current.has("college")) return current;
      if (ownCollege) return withParams(current, { college: ownCollege });
      return ownCity && !current.has("city") ? withParams(current, { city: ownCity }) : current;
    },
    [ownCollege, ownCity],
  );

  const changeFilters = useCallback(
    (change: FilterChange, options: { replace?: boolean } = {}) => {
      setParams((current) => applyFilterChange(withCollege(current), change), {
        replace: options.replace ?? false,
      });
    },
    [setParams, withCollege],
  );

  const changePage = useCallback(
    (page: number, options: { replace?: boolean } = {}) => {
      setParams((current) => applyPageChange(withCollege(current), page), {
        replace: options.replace ?? false,
      });
    },
    [setParams, withCollege],
  );

  return { filters, changeFilters, changePage };
}
