/** A calendar date as the API takes it: YYYY-MM-DD, a day that exists (no 31 February, no month 13). */
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_SHAPE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // PostgreSQL has no year 0; a four-digit year keeps every date a PostgreSQL date.
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (isLeap ? 29 : 28) : daysInMonth);
}
