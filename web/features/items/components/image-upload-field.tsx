import { ImageIcon, XIcon } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { labelClasses } from "../../../components/ui/field";
import type { ImageUploadState } from "../hooks/use-image-upload";

interface ImageUploadFieldProps {
  image: ImageUploadState & { isUploading: boolean };
  onChoose: (file: File) => void;
  onRemove: () => void;
}

const fileInputClasses =
  "block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2 file:font-semibold file:text-indigo-800 hover:file:bg-indigo-100";

export function ImageUploadField({ image, onChoose, onRemove }: ImageUploadFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after Remove, or a failed upload) still fires.
    event.target.value = "";
    if (file) onChoose(file);
  }

  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        Product Image
      </label>
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
          <input
            id={id}
            type="file"
            name="image"
            accept="image/*"
            onChange={handleChange}
            aria-invalid={image.error ? true : undefined}
            aria-describedby={image.error ? `${errorId} ${hintId}` : hintId}
            className={fileInputClasses}
          />
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
