/**
 * The numbered page buttons: at most `maxButtons`, a window centred on the current page and
 * shifted inwards at either end, so there are always as many buttons as the pages allow.
 */
export function pageWindow(current: number, totalPages: number, maxButtons: number): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(maxButtons, totalPages);
  const page = Math.min(Math.max(current, 1), totalPages);
  const start = Math.min(Math.max(page - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
