/** Last use is recorded every few minutes, so anything more recent reads as now. */
const RECENT_MS = 5 * 60 * 1000;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

const relative = new Intl.RelativeTimeFormat("en-IN", { numeric: "auto" });

/** "Active now", "Last active 3 hours ago", "Last active yesterday". */
export function formatLastActive(lastUsedAt: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(lastUsedAt);
  if (!(elapsed >= RECENT_MS)) return "Active now";
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ["minute", 60 * 1000];
  return `Last active ${relative.format(-Math.floor(elapsed / size), unit)}`;
}
