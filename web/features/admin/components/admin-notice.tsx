import { XIcon } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";

type NoticeTone = "success" | "error";
interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
}
type Notify = (tone: NoticeTone, text: string) => void;

const NoticeContext = createContext<Notify | null>(null);

/** How long a success stays up; errors stay until dismissed or replaced. */
const SUCCESS_MS = 8000;

/** Shows an admin action's result; the panel's stand-in for the spec's alert() boxes. */
export function useAdminNotice(): Notify {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error("useAdminNotice needs an AdminNoticeProvider");
  return notify;
}

/**
 * The result of the last admin action as a banner at the foot of the screen. Both live regions
 * stay in the page so screen readers announce what is written into them: successes politely,
 * errors at once.
 */
export function AdminNoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((tone, text) => {
    setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, tone, text }));
  }, []);

  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = window.setTimeout(() => setNotice(null), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const banner = (tone: NoticeTone) =>
    notice?.tone === tone ? (
      <div
        key={notice.id}
        className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
          tone === "success"
            ? "border-green-200 bg-green-50 text-green-900"
            : "border-red-200 bg-red-50 text-red-900"
        }`}
      >
        <p className="min-w-0 flex-1 break-words">{notice.text}</p>
        <button
          type="button"
          onClick={() => setNotice(null)}
          aria-label="Dismiss message"
          className="-m-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
        >
          <XIcon className="size-4" />
        </button>
      </div>
    ) : null;

  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div className="pointer-events-none fixed inset-x-3 bottom-3 z-30 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-full sm:max-w-md">
        <div role="status">{banner("success")}</div>
        <div role="alert">{banner("error")}</div>
      </div>
    </NoticeContext.Provider>
  );
}
