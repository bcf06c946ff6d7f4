import { MAX_ITEM_PHOTOS } from "@shared/validation/sell";
import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import GripIcon from "lucide-react/icons/grip";
import ImageIcon from "lucide-react/icons/image";
import XIcon from "lucide-react/icons/x";
import { type ChangeEvent, type DragEvent, type PointerEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { labelClasses } from "../../../components/ui/field";
import type { PhotoSlot } from "../hooks/use-photo-uploads";

interface PhotosFieldProps {
  photos: PhotoSlot[];
  notice: string | null;
  onChoose: (files: File[]) => void;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
}

const tileButton =
  "inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-white disabled:opacity-40";

/**
 * The item's photos, up to 8 (the texts are shared/photo-texts.ts's, written out here so that the
 * page does not load that module): a picker that takes several at once, and a tile per photo with its
 * own progress, 'Remove', 'Move left' / 'Move right', and drag. The first is the cover. Each move
 * is announced to screen readers.
 *
 * A mouse drags a tile with the browser's own drag and drop. A finger or a pen drags the tile's grip
 * with pointer events (phones' browsers do not drag with touch): only the grip takes the touch
 * (touch-action: none), so the page still scrolls over the rest of the tile. The buttons stay for
 * keyboard and screen-reader users; the grip is hidden from them.
 */
export function PhotosField({ photos, notice, onChoose, onRemove, onMove }: PhotosFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const isFull = photos.length >= MAX_ITEM_PHOTOS;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after Remove, or a failed upload) still fires.
    event.target.value = "";
    if (files.length > 0) onChoose(files);
  }

  function move(from: number, to: number) {
    onMove(from, to);
    setAnnouncement(
      `Photo moved to position ${to + 1} of ${photos.length}.${to === 0 ? " It is the cover." : ""}`,
    );
  }

  function endDrag(to: number | null) {
    if (dragged !== null && to !== null && dragged !== to) move(dragged, to);
    setDragged(null);
    setDropTarget(null);
  }

  function handleDragStart(event: DragEvent, index: number) {
    // Firefox starts a drag only when it carries data.
    event.dataTransfer?.setData("text/plain", String(index));
    if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    setDragged(index);
  }

  function handleDragOver(event: DragEvent, index: number) {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    if (dropTarget !== index) setDropTarget(index);
  }

  function handleDrop(event: DragEvent, to: number) {
    event.preventDefault();
    endDrag(to);
  }

  /** The index of the tile under a point of the screen, or null. */
  function tileAt(x: number, y: number): number | null {
    const tile = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-photo-index]");
    return tile ? Number(tile.dataset.photoIndex) : null;
  }

  function handleGripDown(event: PointerEvent<HTMLElement>, index: number) {
    if (event.pointerType === "mouse") return; // the tile's own drag and drop serves a mouse
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragged(index);
    setDropTarget(index);
  }

  function handleGripMove(event: PointerEvent<HTMLElement>) {
    if (dragged === null || event.pointerType === "mouse") return;
    const to = tileAt(event.clientX, event.clientY);
    if (to !== null && to !== dropTarget) setDropTarget(to);
  }

  function handleGripUp(event: PointerEvent<HTMLElement>) {
    if (dragged === null || event.pointerType === "mouse") return;
    endDrag(tileAt(event.clientX, event.clientY));
  }

  return (
    <div>
      <span id={labelId} className={labelClasses}>
        Photos
      </span>
      <p id={hintId} className="text-xs text-slate-600">
        Up to {MAX_ITEM_PHOTOS} clear photos (the back, any defects, the charger): JPEG, PNG, WebP, AVIF or
        GIF, up to 10 MB each. The first is the cover.
      </p>
      <ul aria-labelledby={labelId} className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            draggable
            onDragStart={(event) => handleDragStart(event, index)}
            onDragOver={(event) => handleDragOver(event, index)}
            onDrop={(event) => handleDrop(event, index)}
            onDragEnd={() => endDrag(null)}
            data-photo-index={index}
            data-testid="photo-tile"
            className={`relative aspect-square overflow-hidden rounded-xl border bg-slate-50 ${
              dragged === index
                ? "border-indigo-500 opacity-60"
                : dragged !== null && dropTarget === index
                  ? "border-indigo-500 ring-2 ring-indigo-500"
                  : "border-slate-200"
            }`}
          >
            <img
              src={photo.previewUrl}
              alt={`${index + 1} of ${photos.length}${index === 0 ? ", the cover" : ""}`}
              className="size-full object-cover"
              draggable={false}
            />
            {index === 0 ? (
              <span className="absolute top-2 left-2 rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
                Cover
              </span>
            ) : null}
            <button
              type="button"
              onClick={() => onRemove(photo.id)}
              aria-label={`Remove photo ${index + 1}`}
              className={`${tileButton} absolute top-1 right-1`}
            >
              <XIcon className="size-5" />
            </button>
            <div className="absolute inset-x-1 bottom-1 flex justify-between">
              <button
                type="button"
                onClick={() => move(index, index - 1)}
                disabled={index === 0}
                aria-label={`Move left: photo ${index + 1}`}
                className={tileButton}
              >
                <ArrowLeftIcon className="size-5" />
              </button>
              {photos.length > 1 ? (
                // 40 px, so the three fit a tile of the narrowest phone; the buttons beside it are
                // the way that must be easy to hit.
                <span
                  aria-hidden="true"
                  data-testid="photo-grip"
                  onPointerDown={(event) => handleGripDown(event, index)}
                  onPointerMove={handleGripMove}
                  onPointerUp={handleGripUp}
                  onPointerCancel={() => endDrag(null)}
                  className="inline-flex size-10 cursor-grab touch-none items-center justify-center self-center rounded-full bg-white/95 text-slate-800 shadow active:cursor-grabbing"
                >
                  <GripIcon className="size-5" />
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => move(index, index + 1)}
                disabled={index === photos.length - 1}
                aria-label={`Move right: photo ${index + 1}`}
                className={tileButton}
              >
                <ArrowLeftIcon className="size-5 rotate-180" />
              </button>
            </div>
            {photo.progress !== null ? (
              <div className="absolute inset-x-2 top-12">
                <div
                  role="progressbar"
                  aria-label={`Upload progress of photo ${index + 1}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={photo.progress}
                  className="h-2 overflow-hidden rounded-full bg-white/80"
                >
                  <div
                    className="h-full rounded-full bg-indigo-600"
                    style={{ width: `${photo.progress}%` }}
                  />
                </div>
                <p className="mt-1 rounded bg-white/90 px-1 text-xs text-slate-700">
                  {photo.progress >= 100 ? "Processing..." : `Uploading... ${photo.progress}%`}
                </p>
              </div>
            ) : null}
            {photo.error ? (
              <Alert
                tone="error"
                variant="inline"
                className="absolute inset-x-1 top-12 rounded bg-white/95 p-1 text-xs"
              >
                {photo.error}
              </Alert>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <input
          id={id}
          type="file"
          name="images"
          accept="image/*"
          multiple
          disabled={isFull}
          onChange={handleChange}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          className="peer sr-only"
        />
        {/* The visible button: a label, so a tap opens the picker; the input itself has the focus. */}
        <label
          htmlFor={id}
          aria-hidden="true"
          className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50`}
        >
          <ImageIcon className="size-4" />
          Add photos ({photos.length}/{MAX_ITEM_PHOTOS})
        </label>
      </div>
      {notice ? (
        <Alert tone="error" variant="inline" className="mt-2 text-sm">
          {notice}
        </Alert>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
