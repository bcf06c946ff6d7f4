const timeFormat = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit" });
const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short" });

function isSameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** The chat list's time: the clock time today, the date before that. */
export function formatChatTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return isSameDay(date, now) ? timeFormat.format(date) : dayFormat.format(date);
}

/** Under a message: the clock time, with the date when it is not from today. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = timeFormat.format(date);
  return isSameDay(date, now) ? time : `${dayFormat.format(date)}, ${time}`;
}
