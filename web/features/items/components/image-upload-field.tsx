import { ImageIcon, UploadIcon, XIcon } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { labelClasses } from "../../../components/ui/field";
import type { ImageUploadState } from "../hooks/use-image-upload";

interface ImageUploadFieldProps {
  image: ImageUploadState & { isUploading: boolean };
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/**
 * The product photo: a picker button (the browser's own file input, visually hidden, so its 'No
 * file chosen' never shows) with the chosen file's name, a preview with Remove, and progress.
 */
export function ImageUploadField({ image, onChoose, onRemove }: ImageUploadFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const fileNameId = `${id}-file`;
  const [fileName, setFileName] = useState<string | null>(null);
  // The name belongs to the picture on show: gone with Remove, or when a refused file left none.
  const shownFileName = image.previewUrl ? fileName : null;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after Remove, or a failed upload) still fires.
    event.target.value = "";
    if (!file) return;
    setFileName(file.name);
    onChoose(file);
  }

  return (
    <div>
      <span id={labelId} className={labelClasses}>
        Product Image
      </span>
      <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="relative aspect-square w-full max-w-56 shrink-0 overflow-hidden rounded-xl border-2 border-dashed border-slate-300 bg-slate-50">
          {image.previewUrl ? (
            <>
              <img src={image.previewUrl} alt="Preview of your item" className="size-full object-cover" />
              <button
                type="button"
                onClick={onRemove}
                aria-label="Remove image"
                className="absolute top-2 right-2 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white"
              >
                <XIcon className="size-5" />
              </button>
            </>
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-slate-500">
              <ImageIcon className="size-10" />
              <span className="text-sm">No image chosen</span>
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <input
              id={id}
              type="file"
              name="image"
              accept="image/*"
              onChange={handleChange}
              aria-labelledby={labelId}
              aria-invalid={image.error ? true : undefined}
              aria-describedby={[image.error ? errorId : null, shownFileName ? fileNameId : null, hintId]
                .filter(Boolean)
                .join(" ")}
              className="peer sr-only"
            />
            {/* The visible button: a label, so a tap opens the picker; the input itself has the focus. */}
            <label
              htmlFor={id}
              aria-hidden="true"
              className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600`}
            >
              <UploadIcon className="size-4" />
              {image.previewUrl ? "Change image" : "Choose image"}
            </label>
            {shownFileName ? (
              <span id={fileNameId} className="min-w-0 truncate text-sm text-slate-700">
                <span className="sr-only">Chosen file: </span>
                {shownFileName}
              </span>
            ) : null}
          </div>
          <p id={hintId} className="text-xs text-slate-600">
            A clear photo of the item: JPEG, PNG, WebP, AVIF or GIF, up to 10 MB.
          </p>
          {image.progress !== null ? <UploadProgress percent={image.progress} /> : null}
          {image.error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {image.error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function UploadProgress({ percent }: { percent: number }) {
  // At 100% the bytes are sent but the server still checks and re-encodes the image.
  const caption = percent >= 100 ? "Processing image..." : `Uploading... ${percent}%`;
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={caption}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600">{caption}</p>
    </div>
  );
}
