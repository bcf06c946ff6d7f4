const indiaDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * A holiday date (YYYY-MM-DD, a calendar day in India) as "5 Jan 2026". Read as UTC midnight
 * and shown in UTC, so the day never shifts with the browser's time zone.
 */
export function formatHolidayDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : indiaDate.format(parsed);
}

/** "5 Jan 2026 to 12 Jan 2026"; both ends are included. */
export function formatHolidayRange(fromDate: string | null, toDate: string | null): string {
  if (!fromDate || !toDate) return "";
  return `${formatHolidayDate(fromDate)} to ${formatHolidayDate(toDate)}`;
}
