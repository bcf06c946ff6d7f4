import X from "lucide-react/icons/x";
import { useCallback, useEffect, useState } from "react";

export type NoticeTone = "success" | "error";

export interface NoticeMessage {
  tone: NoticeTone;
  text: string;
  /** Changes with every message, so the same text shown twice restarts the timer. */
  id: number;
}

export type ShowNotice = (tone: NoticeTone, text: string) => void;

/** The latest result to show: `show` replaces it, `dismiss` clears it. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const show: ShowNotice = useCallback((tone, text) => {
    setNotice((previous) => ({ tone, text, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, show, dismiss };
}

/** How long each tone stays up in milliseconds; null: until dismissed or replaced. */
export type HideAfter = number | null | Partial<Record<NoticeTone, number | null>>;

interface NoticeProps {
  notice: NoticeMessage | null;
  onDismiss: () => void;
  hideAfterMs: HideAfter;
  /** 'banner': sticky under the navigation bar, in the page. 'toast': fixed at the foot of the screen. */
  variant?: "banner" | "toast";
}

const toneClasses: Record<NoticeTone, string> = {
  success: "border-green-200 bg-green-50 text-green-900",
  error: "border-red-200 bg-red-50 text-red-900",
};

const variantClasses = {
  banner: {
    region: "sticky top-20 z-10",
    box: "mt-4 flex items-start gap-3 rounded-lg border py-2 pr-2 pl-4 text-sm shadow-sm",
  },
  toast: {
    region:
      "pointer-events-none fixed inset-x-3 bottom-[calc(var(--tab-bar-space)+0.75rem)] z-30 sm:inset-x-auto sm:right-6 sm:bottom-[calc(var(--tab-bar-space)+1.5rem)] sm:w-full sm:max-w-md",
    box: "pointer-events-auto flex items-start gap-3 rounded-lg border py-2 pr-2 pl-4 text-sm font-medium shadow-lg",
  },
};

function hideAfterFor(hideAfterMs: HideAfter, tone: NoticeTone): number | null {
  if (hideAfterMs === null || typeof hideAfterMs === "number") return hideAfterMs;
  return hideAfterMs[tone] ?? null;
}

/**
 * A result message that hides itself after a while and can be dismissed. Successes are read
 * politely (role status), errors at once (role alert). Both live regions stay in the page, empty
 * when idle, because screen readers announce changes to a region they already know more reliably
 * than a region that appears with its text.
 */
export function Notice({ notice, onDismiss, hideAfterMs, variant = "banner" }: NoticeProps) {
  const hideAfter = notice ? hideAfterFor(hideAfterMs, notice.tone) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the id restarts the timer for a repeated text.
  useEffect(() => {
    if (hideAfter === null) return;
    const timer = window.setTimeout(onDismiss, hideAfter);
    return () => window.clearTimeout(timer);
  }, [notice?.id, hideAfter, onDismiss]);

  const classes = variantClasses[variant];
  const box = (tone: NoticeTone) =>
    notice?.tone === tone ? (
      <div key={notice.id} className={`${classes.box} ${toneClasses[tone]}`}>
        <p className="min-w-0 flex-1 break-words py-1.5">{notice.text}</p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="grid size-11 shrink-0 place-items-center rounded-md hover:bg-black/5"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    ) : null;

  return (
    <div className={classes.region}>
      <div role="status">{box("success")}</div>
      <div role="alert">{box("error")}</div>
    </div>
  );
}
