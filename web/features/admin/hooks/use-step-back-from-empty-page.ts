import { type Dispatch, type SetStateAction, useEffect } from "react";

/**
 * Deleting the last row of the last page leaves it empty: step back to the one before.
 * `isEmpty` is the page's own answer (not a placeholder) holding no rows.
 */
export function useStepBackFromEmptyPage(
  isEmpty: boolean,
  page: number,
  setPage: Dispatch<SetStateAction<number>>,
) {
  useEffect(() => {
    if (isEmpty && page > 1) setPage((current) => Math.max(1, current - 1));
  }, [isEmpty, page, setPage]);
}
