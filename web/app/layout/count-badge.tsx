/** The raw unread count, no cap (spec); nothing is drawn at zero, the link's name still says it. */
export function CountBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white ${className}`}
    >
      {count}
    </span>
  );
}

export function unreadLabel(name: string, count: number): string {
  return `${name}, ${count} unread`;
}
