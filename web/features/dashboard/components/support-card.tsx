import { useState } from "react";
import { secondaryButton, textLink } from "../../../components/ui/button-styles";
import { LifebuoyIcon } from "../../../components/ui/icons";
import { SupportTicketDialog } from "../../tickets/components/support-ticket-dialog";
import { TicketHistoryDialog } from "../../tickets/components/ticket-history-dialog";

type OpenDialog = "raise" | "history" | null;

/** Help & Support: raise a ticket, see the ones raised before, or write to the help desk. */
export function SupportCard({ supportEmail }: { supportEmail: string | undefined }) {
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const close = () => setOpenDialog(null);

  return (
    <section
      aria-labelledby="support-heading"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <span className="grid size-11 place-items-center rounded-lg bg-rose-100 text-rose-700">
        <LifebuoyIcon className="size-6" />
      </span>
      <h3 id="support-heading" className="mt-3 text-lg font-semibold text-slate-900">
        Help & Support
      </h3>
      <p className="mt-1 text-sm text-slate-600">Questions or a problem? We are here to help.</p>
      <div className="mt-4 flex flex-wrap gap-2">
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
      </div>
      {supportEmail ? (
        <p className="mt-3 text-sm text-slate-700">
          Help desk:{" "}
          <a href={`mailto:${supportEmail}`} className={`${textLink} break-all`}>
            {supportEmail}
          </a>
        </p>
      ) : null}
      {openDialog === "raise" ? <SupportTicketDialog onClose={close} /> : null}
      {openDialog === "history" ? <TicketHistoryDialog onClose={close} /> : null}
    </section>
  );
}
