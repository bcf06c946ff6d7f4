import type { ReactNode } from "react";

/** The colours of a status pill; tones come from shared/ (e.g. TICKET_STATUS_TONES). */
export const STATUS_TONE_CLASSES = {
  blue: "bg-blue-100 text-blue-800 ring-blue-200",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  green: "bg-green-100 text-green-800 ring-green-200",
  grey: "bg-slate-100 text-slate-700 ring-slate-200",
  red: "bg-red-100 text-red-800 ring-red-200",
} as const;

export type StatusTone = keyof typeof STATUS_TONE_CLASSES;

/** A status as a coloured pill; screen readers hear 'Status:' before it, as colour alone says nothing. */
export function StatusBadge({
  tone,
  children,
  className = "",
}: {
  tone: StatusTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONE_CLASSES[tone]} ${className}`}
    >
      <span className="sr-only">Status: </span>
      <span>{children}</span>
    </span>
  );
}
