import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { dangerButton, primaryButton, secondaryButton } from "./button-styles";
import { Dialog } from "./dialog";

export interface ConfirmOptions {
  /** The question exactly as the spec words it, e.g. 'Mark this item as sold? This will hide it from marketplace.' */
  message: string;
  /** The button that agrees, e.g. 'Mark as Sold'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone (deleting). */
  destructive?: boolean;
  /** The dialog's heading; the message is read with it. Defaults to 'Please confirm'. */
  title?: string;
}

interface Pending extends ConfirmOptions {
  resolve: (isConfirmed: boolean) => void;
}

/**
 * The page's own confirmation box in place of window.confirm: `await confirm({...})` is true
 * when the person agreed, false on Cancel or Escape. Render `confirmDialog` somewhere in the
 * caller's tree; it is empty while nothing is asked.
 */
export function useConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  confirmDialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  // A question still open when the caller goes away is answered no, so no await hangs.
  useEffect(() => () => pendingRef.current?.resolve(false), []);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.resolve(false);
        setPending({ ...options, resolve });
      }),
    [],
  );

  function answer(isConfirmed: boolean) {
    pending?.resolve(isConfirmed);
    setPending(null);
  }

  const confirmDialog = pending ? <ConfirmDialog options={pending} onAnswer={answer} /> : null;
  return { confirm, confirmDialog };
}

function ConfirmDialog({
  options,
  onAnswer,
}: {
  options: ConfirmOptions;
  onAnswer: (isConfirmed: boolean) => void;
}) {
  const {
    message,
    confirmLabel,
    cancelLabel = "Cancel",
    destructive = false,
    title = "Please confirm",
  } = options;
  return (
    <Dialog title={title} description={message} onClose={() => onAnswer(false)}>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {/* Cancel first and focused first: Enter on a stray key press must not delete anything. */}
        <button type="button" onClick={() => onAnswer(false)} className={secondaryButton}>
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className={destructive ? dangerButton : primaryButton}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
