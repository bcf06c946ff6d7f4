import { Suspense, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { InlineLoading } from "../../../components/ui/page-loading";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// The dialogs (and the ticket form's react-hook-form) load when a button is pressed, not with the
// dashboard: most visits open neither.
const SupportTicketDialog = lazyWhenOnline(() =>
  import("./support-ticket-dialog").then((module) => ({ default: module.SupportTicketDialog })),
);
const TicketHistoryDialog = lazyWhenOnline(() =>
  import("./ticket-history-dialog").then((module) => ({ default: module.TicketHistoryDialog })),
);

type OpenDialog = "raise" | "history" | null;

/** Raise Ticket and View History, each opening its dialog; the dashboard's support card shows them. */
export function SupportTicketButtons() {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const close = () => setOpenDialog(null);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpenDialog("raise")}
        className={secondaryButton}
      >
        Raise Ticket
      </button>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpenDialog("history")}
        className={secondaryButton}
      >
        View History
      </button>
      <Suspense fallback={<InlineLoading />}>
        {openDialog === "raise" ? <SupportTicketDialog onClose={close} /> : null}
        {openDialog === "history" ? <TicketHistoryDialog onClose={close} /> : null}
      </Suspense>
    </>
  );
}
