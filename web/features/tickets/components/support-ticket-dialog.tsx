import { collegeLabel } from "@shared/college-requests";
import { TICKET_DESCRIPTION_MAX_LENGTH, TICKET_MESSAGES, TICKET_PURPOSES } from "@shared/tickets-constants";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { Field, inputClasses, TextField } from "../../../components/ui/field";
import { isConnectionFailure, OFFLINE_REFUSAL } from "../../../components/ui/offline-refusal";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { useSession } from "../../../lib/session";
import { useCreateTicket } from "../api/create-ticket";
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

const loadTicketFormSchema = () => import("../form-schemas").then((schemas) => schemas.TicketFormSchema);

/**
 * Server refusals whose message tells the user something the general failure text does not, and
 * the offline refusal.
 */
function detailOf(error: unknown): string | null {
  if (isConnectionFailure(error)) return OFFLINE_REFUSAL;
  return error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.message : null;
}

/**
 * The Support Ticket dialog: the form, then 'Ticket Submitted!' with the ID or 'Submission Failed'.
 * It is mounted to open it, so closing (Cancel, Close, Escape, the backdrop) forgets form and state.
 */
export function SupportTicketDialog({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  const createTicket = useCreateTicket();
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadTicketFormSchema, {
    defaultValues: { purpose: "", description: "" },
  });
  const [purpose, description] = form.watch(["purpose", "description"]);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const resultActionRef = useRef<HTMLButtonElement>(null);
  const isFirstPhase = useRef(true);

  // The button that was pressed disappears with each change of phase: move focus along with it.
  useEffect(() => {
    if (isFirstPhase.current) {
      isFirstPhase.current = false;
      return;
    }
    if (phase.kind === "form") form.setFocus("purpose");
    else resultActionRef.current?.focus();
  }, [phase.kind, form]);

  const isBusy = createTicket.isPending;
  const canSubmit = isTicketFormComplete({ purpose, description }) && !isBusy;

  const submit = handleSubmit((body) => {
    if (isBusy) return;
    createTicket.mutate(body, {
      onSuccess: (ticket) => {
        form.reset();
        setPhase({ kind: "submitted", ticketId: ticket.ticketId });
      },
      onError: (error) => setPhase({ kind: "failed", detail: detailOf(error) }),
    });
  });

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
          <Alert tone="error">
            <p>{TICKET_MESSAGES.failed}</p>
            {phase.detail ? <p className="mt-2">{phase.detail}</p> : null}
          </Alert>
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
        <form onFocus={prepare} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <Field label="Purpose" error={fieldError("purpose")}>
            {(control) => (
              <select {...control} required className={inputClasses} {...form.register("purpose")}>
                <option value="">Select a purpose</option>
                {TICKET_PURPOSES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Description"
            hint={`${description.length}/${TICKET_DESCRIPTION_MAX_LENGTH} characters`}
            error={fieldError("description")}
          >
            {(control) => (
              <textarea
                {...control}
                required
                rows={4}
                maxLength={TICKET_DESCRIPTION_MAX_LENGTH}
                placeholder="Describe your issue in detail"
                className={`${inputClasses} resize-y`}
                {...form.register("description")}
              />
            )}
          </Field>
          <TextField label="Name" value={user?.name ?? ""} readOnly />
          <TextField label="Email" type="email" value={user?.email ?? ""} readOnly />
          <TextField label="College" value={user ? collegeLabel(user) : ""} readOnly />
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
