import { TICKET_DESCRIPTION_MAX_LENGTH, TICKET_MESSAGES, TICKET_PURPOSES } from "@shared/tickets-constants";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { inputClasses, labelClasses, TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { useCreateTicket } from "../api/tickets-api";
import { isTicketFormComplete } from "../ticket-format";

type Phase =
  | { kind: "form" }
  | { kind: "submitted"; ticketId: string }
  /** detail: the server's own words when they help more than the general message (a rate limit). */
  | { kind: "failed"; detail: string | null };

const TITLES: Record<Phase["kind"], string> = {
  form: "Raise a Support Ticket",
  submitted: TICKET_MESSAGES.submitted,
  failed: TICKET_MESSAGES.failedTitle,
};

/** Server refusals whose message tells the user something the general failure text does not. */
function detailOf(error: unknown): string | null {
  return error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.message : null;
}

/**
 * The Support Ticket dialog: the form, then 'Ticket Submitted!' with the ID or 'Submission Failed'.
 * It is mounted to open it, so closing (Cancel, Close, Escape, the backdrop) forgets form and state.
 */
export function SupportTicketDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const createTicket = useCreateTicket();
  const [purpose, setPurpose] = useState("");
  const [description, setDescription] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const purposeId = useId();
  const descriptionId = useId();
  const descriptionHintId = useId();
  const purposeRef = useRef<HTMLSelectElement>(null);
  const resultActionRef = useRef<HTMLButtonElement>(null);
  const isFirstPhase = useRef(true);

  // The button that was pressed disappears with each change of phase: move focus along with it.
  useEffect(() => {
    if (isFirstPhase.current) {
      isFirstPhase.current = false;
      return;
    }
    (phase.kind === "form" ? purposeRef.current : resultActionRef.current)?.focus();
  }, [phase.kind]);

  const isBusy = createTicket.isPending;
  const canSubmit = isTicketFormComplete({ purpose, description }) && !isBusy;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    createTicket.mutate(
      { purpose: purpose as (typeof TICKET_PURPOSES)[number], description },
      {
        onSuccess: (ticket) => {
          setPurpose("");
          setDescription("");
          setPhase({ kind: "submitted", ticketId: ticket.ticketId });
        },
        onError: (error) => setPhase({ kind: "failed", detail: detailOf(error) }),
      },
    );
  }

  return (
    <Dialog title={TITLES[phase.kind]} onClose={onClose}>
      {phase.kind === "submitted" ? (
        <div className="mt-3">
          <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-4 text-center">
            <p className="text-sm font-medium text-green-900">
              Ticket ID:{" "}
              <span className="block font-mono text-3xl font-bold tracking-widest">{phase.ticketId}</span>
            </p>
            <p className="mt-2 text-sm text-green-900">{TICKET_MESSAGES.saveId}</p>
          </div>
          <div className="mt-5 flex justify-end">
            <button ref={resultActionRef} type="button" onClick={onClose} className={primaryButton}>
              Close
            </button>
          </div>
        </div>
      ) : phase.kind === "failed" ? (
        <div className="mt-3">
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            <p>{TICKET_MESSAGES.failed}</p>
            {phase.detail ? <p className="mt-2">{phase.detail}</p> : null}
          </div>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={secondaryButton}>
              Close
            </button>
            <button
              ref={resultActionRef}
              type="button"
              onClick={() => setPhase({ kind: "form" })}
              className={primaryButton}
            >
              Try Again
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="mt-4 space-y-4">
          <div>
            <label htmlFor={purposeId} className={labelClasses}>
              Purpose
            </label>
            <select
              ref={purposeRef}
              id={purposeId}
              value={purpose}
              onChange={(event) => setPurpose(event.target.value)}
              required
              className={inputClasses}
            >
              <option value="">Select a purpose</option>
              {TICKET_PURPOSES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={descriptionId} className={labelClasses}>
              Description
            </label>
            <textarea
              id={descriptionId}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              required
              rows={4}
              maxLength={TICKET_DESCRIPTION_MAX_LENGTH}
              placeholder="Describe your issue in detail"
              aria-describedby={descriptionHintId}
              className={`${inputClasses} resize-y`}
            />
            <p id={descriptionHintId} className="mt-1 text-xs text-slate-600">
              {description.length}/{TICKET_DESCRIPTION_MAX_LENGTH} characters
            </p>
          </div>
          <TextField label="Name" value={user?.name ?? ""} readOnly />
          <TextField label="Email" type="email" value={user?.email ?? ""} readOnly />
          <TextField label="College" value={user?.college ?? ""} readOnly />
          <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={secondaryButton}>
              Cancel
            </button>
            <button type="submit" disabled={!canSubmit} className={primaryButton}>
              {isBusy ? "Submitting..." : "Submit Ticket"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
