import { type ReactNode, useEffect, useRef } from "react";
import { Alert } from "./alert";
import { primaryButton, secondaryButton } from "./button-styles";

/**
 * A dialog form's last row: Cancel, which closes it, and the submit button, kept from a second
 * press while the form is on its way. Stacked with the submit on top on a phone, in a row beside.
 */
export function DialogActions({
  onCancel,
  submitLabel,
  isSubmitting,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  isSubmitting: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <button type="button" onClick={onCancel} className={secondaryButton}>
        Cancel
      </button>
      <button type="submit" disabled={isSubmitting} className={primaryButton}>
        {submitLabel}
      </button>
    </div>
  );
}

/** What a dialog shows once its form went through: the message, and Close, which takes the focus. */
export function DialogDone({ message, onClose }: { message: ReactNode; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="mt-3 space-y-4">
      <Alert tone="success">{message}</Alert>
      <div className="flex justify-end">
        <button ref={closeRef} type="button" onClick={onClose} className={primaryButton}>
          Close
        </button>
      </div>
    </div>
  );
}
