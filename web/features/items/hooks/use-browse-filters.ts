import { withParams } from "@shared/search-params";
import { startTransition, useCallback, useEffect, useMemo } from "react";
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
  const hasCollegeParam = params.has("college");
  const filters: BrowseFilters = useMemo(() => parseBrowseFilters(params, ownCollege), [params, ownCollege]);

  // Spec section 4: the college filter starts as the student's own college, once. Writing it
  // into the address (replacing the entry) is what makes it "once": from then on the address
  // holds the choice, and `college=` records that the student cleared it. The filters the page shows
  // do not change, so the app's new render for the new address runs as a transition: in slices,
  // not as one long task that would hold up a tap on a slow phone just as the page appears.
  useEffect(() => {
    if (hasCollegeParam || !ownCollege) return;
    startTransition(() => {
      setParams((current) => withParams(current, { college: ownCollege }), { replace: true });
    });
  }, [hasCollegeParam, ownCollege, setParams]);

  const changeFilters = useCallback(
    (change: FilterChange, options: { replace?: boolean } = {}) => {
      setParams((current) => applyFilterChange(current, change), { replace: options.replace ?? false });
    },
    [setParams],
  );

  const changePage = useCallback(
    (page: number, options: { replace?: boolean } = {}) => {
      setParams((current) => applyPageChange(current, page), { replace: options.replace ?? false });
    },
    [setParams],
  );

  return { filters, changeFilters, changePage };
}
