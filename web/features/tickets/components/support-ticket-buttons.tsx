import { useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { SupportTicketDialog } from "./support-ticket-dialog";
import { TicketHistoryDialog } from "./ticket-history-dialog";

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
      {openDialog === "raise" ? <SupportTicketDialog onClose={close} /> : null}
      {openDialog === "history" ? <TicketHistoryDialog onClose={close} /> : null}
    </>
  );
}
