/**
 * The raw unread count, no cap (spec); nothing is drawn at zero, the link's name still says it.
 * The number is drawn by CSS, not as text, so a link's visible text stays its label alone, which
 * its accessible name ('Messages, 3 unread') contains (WCAG 2.5.3, label in name).
 */
export function CountBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-count={count}
      className={`min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white before:content-[attr(data-count)] ${className}`}
    />
  );
}

export function unreadLabel(name: string, count: number): string {
  return `${name}, ${count} unread`;
}
