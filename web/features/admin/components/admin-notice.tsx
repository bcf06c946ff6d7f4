import { createContext, type ReactNode, useContext } from "react";
import { Notice, type ShowNotice, useNotice } from "../../../components/ui/notice";

const NoticeContext = createContext<ShowNotice | null>(null);

/** A success stays up for eight seconds; an error until dismissed or replaced. */
const HIDE_AFTER_MS = { success: 8000, error: null };

/** Shows an admin action's result; the panel's stand-in for the spec's alert() boxes. */
export function useAdminNotice(): ShowNotice {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error("useAdminNotice needs an AdminNoticeProvider");
  return notify;
}

/** The result of the last admin action, as a toast at the foot of the screen. */
export function AdminNoticeProvider({ children }: { children: ReactNode }) {
  const { notice, show, dismiss } = useNotice();
  return (
    <NoticeContext.Provider value={show}>
      {children}
      <Notice notice={notice} onDismiss={dismiss} hideAfterMs={HIDE_AFTER_MS} variant="toast" />
    </NoticeContext.Provider>
  );
}
