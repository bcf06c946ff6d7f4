import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

interface DialogProps {
  title: string;
  /** A sentence under the title that screen readers read with it when the dialog opens. */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** 'sheet': on phones it rises from the bottom edge, full width (a filter's small sheet). */
  placement?: "center" | "sheet";
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A modal built on the native <dialog>: showModal() makes the page behind inert and gives the
 * backdrop. On top: Tab wraps inside, Escape and a backdrop click close through onClose (so the
 * parent's state stays the truth), and focus returns to what opened it. Back (Android's, the
 * browser's) closes it through onClose too, and the page stays. Mount it to open it.
 */
export function Dialog({ title, description, onClose, children, placement = "center" }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Read while rendering, before any autoFocus inside the dialog moves focus away from it.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // As browsers do on showModal: focus starts on the first control unless something inside has it.
    if (dialog && !dialog.contains(document.activeElement))
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Back closes it as Escape does (the cancel event calls onClose), and the page stays: as
    // backToClose (web/lib/back-to-close.ts) does, written out so that no page carries a chunk
    // of its own for it.
    let closeView: (() => void) | null | undefined;
    import("../../lib/history-views").then(
      (views) => {
        if (closeView === undefined)
          closeView = views.openView(() => dialog?.dispatchEvent(new Event("cancel")));
      },
      () => {},
    );
    return () => {
      closeView?.();
      closeView = null;
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, [opener]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let React state close it, so it cannot be open in the DOM but closed in state.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
      onKeyDown={handleKeyDown}
      className={`${placement === "sheet" ? "max-sm:mb-0 max-sm:w-full max-sm:max-w-none max-sm:rounded-b-none" : ""} m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-slate-700">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
