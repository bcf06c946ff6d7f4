import type { ReactNode, Ref } from "react";

type Tone = "error" | "success" | "info" | "warning";

const toneClasses: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-indigo-200 bg-indigo-50 text-indigo-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
};

interface AlertProps {
  tone: Tone;
  children: ReactNode;
  className?: string;
  /** For a page that brings the message into view (e.g. a banner that appears after a submit). */
  ref?: Ref<HTMLDivElement>;
}

/** A message box: errors interrupt (role="alert"), everything else is announced politely. */
export function Alert({ tone, children, className = "", ref }: AlertProps) {
  return (
    <div
      ref={ref}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-4 py-3 text-sm ${toneClasses[tone]} ${className}`}
    >
      {children}
    </div>
  );
}
