import { variantUrl } from "@shared/images";
import ChevronLeftIcon from "lucide-react/icons/chevron-left";
import ChevronRightIcon from "lucide-react/icons/chevron-right";
import XIcon from "lucide-react/icons/x";
import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from "react";
import { openView } from "../../../lib/history-views";

interface GalleryFullscreenProps {
  images: string[];
  name: string;
  startAt: number;
  /** Closes the view; the gallery then shows the photo last seen here. */
  onClose: (shown: number) => void;
}

const roundButton =
  "inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 disabled:opacity-30";

/**
 * A photo over the whole screen (native modal <dialog>): swipe or the arrows (buttons and keys)
 * for the others, Escape, 'Close' or Back (Android's or the browser's, the item page stays) to
 * leave; focus returns to the photo that opened it.
 */
export function GalleryFullscreen({ images, name, startAt, onClose }: GalleryFullscreenProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(startAt);
  const touchStart = useRef<number | null>(null);
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const count = images.length;
  const url = images[index] ?? images[0] ?? "";
  const closeRef = useRef(() => onClose(index));
  closeRef.current = () => onClose(index);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    // Back closes it and the item page stays (web/lib/back-to-close.ts); this view loads on demand
    // already, so it brings the history part with it rather than fetching it on opening.
    const closeView = openView(() => closeRef.current());
    return () => {
      closeView();
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, [opener]);

  const go = (next: number) => setIndex(Math.max(0, Math.min(count - 1, next)));

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") go(index + 1);
    else if (event.key === "ArrowLeft") go(index - 1);
    else return;
    event.preventDefault();
  }

  function handleTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? index + 1 : index - 1);
  }

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-label={`${name}, photo ${index + 1} of ${count}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(index);
      }}
      onKeyDown={handleKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      <div
        className="relative flex size-full items-center justify-center"
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={handleTouchEnd}
      >
        <img
          src={variantUrl(url, "detail")}
          alt={`${name}, ${index + 1} of ${count}`}
          className="max-h-full max-w-full object-contain"
        />
        <button
          type="button"
          data-autofocus
          onClick={() => onClose(index)}
          aria-label="Close full screen"
          className={`${roundButton} absolute top-3 right-3`}
        >
          <XIcon className="size-6" />
        </button>
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label="Previous photo"
              className={`${roundButton} absolute top-1/2 left-3 -translate-y-1/2`}
            >
              <ChevronLeftIcon className="size-7" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
              aria-label="Next photo"
              className={`${roundButton} absolute top-1/2 right-3 -translate-y-1/2`}
            >
              <ChevronRightIcon className="size-7" />
            </button>
            <p
              aria-live="polite"
              className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/15 px-3 py-1 text-sm"
            >
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
    </dialog>
  );
}
