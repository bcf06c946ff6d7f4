import { campusDay, formatDate, formatDayMonth } from "../../lib/format";
import type { ThreadEntry } from "./thread-messages";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day separator's words: 'Today', 'Yesterday', '12 Nov', or '12 Nov 2025' in another year. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const day = campusDay(date);
  if (day === campusDay(now)) return "Today";
  if (day === campusDay(new Date(now.getTime() - DAY_MS))) return "Yesterday";
  return day.slice(0, 4) === campusDay(now).slice(0, 4) ? formatDayMonth(iso) : formatDate(iso);
}

export type ThreadRow =
  | { kind: "day"; key: string; label: string; day: string }
  | {
      kind: "message";
      key: string;
      entry: ThreadEntry;
      /** First of a run of consecutive messages from one person on one day. */
      isGroupStart: boolean;
      /** Last of that run: it carries the bubble's tail. */
      isGroupEnd: boolean;
    };

/**
 * Plain messages (words and photos) group into runs; an offer card, a deal line and a shared-number
 * card always stand alone, and break a run around them.
 */
function isPlain(entry: ThreadEntry | undefined): boolean {
  const type = entry?.message.type;
  return type === "text" || type === "photo" || type === "recruitment_inquiry";
}

/** The two entries are consecutive plain messages from one person on one day. */
function isSameRun(a: ThreadEntry | undefined, b: ThreadEntry | undefined, sameDay: boolean): boolean {
  return sameDay && isPlain(a) && isPlain(b) && a?.message.senderId === b?.message.senderId;
}

/**
 * What the thread shows, in order: a separator before each day's first message, and each message
 * marked as the start or end of a run from one person, so a run is drawn as one group.
 */
export function buildThreadRows(entries: readonly ThreadEntry[], now: Date = new Date()): ThreadRow[] {
  const rows: ThreadRow[] = [];
  const days = entries.map((entry) => campusDay(new Date(entry.message.createdAt)));
  entries.forEach((entry, index) => {
    const day = days[index] ?? "";
    const previous = entries[index - 1];
    const next = entries[index + 1];
    const isNewDay = index === 0 || days[index - 1] !== day;
    if (isNewDay)
      rows.push({ kind: "day", key: `day-${day}`, label: dayLabel(entry.message.createdAt, now), day });
    const sender = entry.message.senderId;
    rows.push({
      kind: "message",
      // Sender and clientId stay the same from pending to stored: the bubble is not remounted.
      key: `${sender}:${entry.message.clientId}`,
      entry,
      isGroupStart: !isSameRun(previous, entry, !isNewDay),
      isGroupEnd: !isSameRun(entry, next, days[index + 1] === day),
    });
  });
  return rows;
}
