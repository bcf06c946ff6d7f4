import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useSession } from "../../../lib/session";
import {
  applyRecruitmentFilterChange,
  applyRecruitmentPageChange,
  parseRecruitmentFilters,
  type RecruitmentFilterChange,
} from "../teammates-params";

/**
 * The Teammate Finder's filters live in the query string, like Browse's: typing replaces the
 * history entry, choosing a filter adds one. The college starts as the student's own.
 */
export function useTeammateFilters() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const ownCollege = user?.college ?? "";
  const filters = useMemo(() => parseRecruitmentFilters(params, ownCollege), [params, ownCollege]);

  const changeFilters = useCallback(
    (change: RecruitmentFilterChange, options: { replace?: boolean } = {}) => {
      setParams((current) => applyRecruitmentFilterChange(current, change), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );

  const changePage = useCallback(
    (page: number, options: { replace?: boolean } = {}) => {
      setParams((current) => applyRecruitmentPageChange(current, page), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );

  return { filters, changeFilters, changePage };
}
