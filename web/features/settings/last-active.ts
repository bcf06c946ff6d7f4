import { formatTimeAgo } from "../../lib/format";

/** Last use is recorded every few minutes, so anything more recent reads as now. */
const RECENT_MS = 5 * 60 * 1000;

/** "Active now", "Last active 3 hours ago", "Last active yesterday". */
export function formatLastActive(lastUsedAt: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(lastUsedAt);
  if (!(elapsed >= RECENT_MS)) return "Active now";
  return `Last active ${formatTimeAgo(lastUsedAt, now)}`;
}
