import { useEffect, useRef, useState } from "react";
import { ghostButton, primaryButton } from "../../../components/ui/button-styles";

/**
 * The photo a student chose, shown before it goes: 'Send' uploads and sends it, 'Cancel' (or
 * Escape) drops it. Nothing leaves the phone until 'Send'.
 */
export function PhotoPreview({
  file,
  onSend,
  onCancel,
}: {
  file: File;
  onSend: () => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  useEffect(() => sendRef.current?.focus(), []);
  return (
    <fieldset
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      className="absolute inset-x-2 bottom-full z-20 mb-2 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
    >
      <legend className="sr-only">Photo to send</legend>
      {url ? (
        <img
          src={url}
          alt={`Preview of ${file.name}`}
          className="mx-auto max-h-[40vh] w-auto max-w-full rounded-lg object-contain"
        />
      ) : null}
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={ghostButton}>
          Cancel
        </button>
        <button ref={sendRef} type="button" onClick={onSend} className={primaryButton}>
          Send
        </button>
      </div>
    </fieldset>
  );
}
