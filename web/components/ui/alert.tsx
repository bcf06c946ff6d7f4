import type { ReactNode, Ref } from "react";

type Tone = "error" | "success" | "info" | "warning";

const boxClasses: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-green-200 bg-green-50 text-green-800",
  info: "border-indigo-200 bg-indigo-50 text-indigo-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
};

const inlineClasses: Record<Tone, string> = {
  error: "text-red-700",
  success: "text-green-700",
  info: "text-indigo-800",
  warning: "text-amber-800",
};

/**
 * "box" (the default): a bordered panel, for a message about a whole form or section.
 * "inline": the words alone in the tone's colour, beside the control or list they are about (a
 * failed button's reason, a list that did not load); its size and spacing come from `className`.
 */
export type AlertVariant = "box" | "inline";

interface AlertProps {
  tone: Tone;
  children: ReactNode;
  className?: string;
  variant?: AlertVariant;
  /** The element drawn: a box is a div and an inline message a paragraph, unless said otherwise. */
  as?: "div" | "p" | "section";
  /** For a page that brings the message into view (e.g. a banner that appears after a submit). */
  ref?: Ref<HTMLElement>;
}

/** A message: errors interrupt (role="alert"), everything else is announced politely. */
export function Alert({ tone, children, className = "", variant = "box", as, ref }: AlertProps) {
  const Element = as ?? (variant === "inline" ? "p" : "div");
  const look =
    variant === "inline" ? inlineClasses[tone] : `rounded-lg border px-4 py-3 text-sm ${boxClasses[tone]}`;
  return (
    <Element
      ref={ref as Ref<HTMLDivElement & HTMLParagraphElement>}
      role={tone === "error" ? "alert" : "status"}
      className={`${look} ${className}`.trim()}
    >
      {children}
    </Element>
  );
}
