import { PICKUP_TEXTS } from "@shared/pickup-constants";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../lib/api";
import { Alert } from "../ui/alert";
import { Dialog } from "../ui/dialog";
import { DialogActions } from "../ui/dialog-actions";
import { Field, inputClasses } from "../ui/field";
import { useConfirmHandover } from "./api/confirm-handover";

/**
 * 'Confirm handover': the seller types the 4-digit code the buyer shows. The right one sells the
 * item to that buyer in one step (both are then asked to rate each other); the server counts wrong
 * ones and says when a locked handover opens again.
 */
export function ConfirmHandoverDialog({
  itemId,
  buyerName,
  onConfirmed,
  onClose,
}: {
  itemId: string;
  buyerName: string;
  onConfirmed?: () => unknown;
  onClose: () => void;
}) {
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const confirm = useConfirmHandover(itemId, { onConfirmed });
  const refusal = confirm.error
    ? confirm.error instanceof ApiError
      ? confirm.error.message
      : "Could not confirm the handover. Please try again."
    : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's rule (HandoverBodySchema): four digits, spaces ignored.
    const digits = code.replace(/\s+/g, "");
    if (!/^[0-9]{4}$/.test(digits)) {
      setFieldError(PICKUP_TEXTS.codeFormat);
      return;
    }
    setFieldError(null);
    try {
      await confirm.mutateAsync({ code: digits });
      onClose();
    } catch {
      // The refusal shows below, in the server's words.
    }
  }

  return (
    <Dialog title={PICKUP_TEXTS.confirmHandover} description={PICKUP_TEXTS.dialogHelp} onClose={onClose}>
      <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
        <Field label={`${PICKUP_TEXTS.codeLabel} from ${buyerName}`} error={fieldError}>
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              className={`${inputClasses} font-mono text-xl tracking-[0.3em]`}
            />
          )}
        </Field>
        {refusal ? (
          <Alert tone="error" variant="inline" className="text-sm">
            {refusal}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submitLabel={PICKUP_TEXTS.confirmHandover}
          isSubmitting={confirm.isPending}
        />
      </form>
    </Dialog>
  );
}
