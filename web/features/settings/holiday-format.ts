import { formatCalendarDate } from "../../lib/format";

/** "5 Jan 2026 to 12 Jan 2026"; both ends are included. */
export function formatHolidayRange(fromDate: string | null, toDate: string | null): string {
  if (!fromDate || !toDate) return "";
  return `${formatCalendarDate(fromDate)} to ${formatCalendarDate(toDate)}`;
}
