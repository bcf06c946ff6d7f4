import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/items-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { type ImageUpload, UPLOAD_ABORTED_CODE, uploadImage } from "../api/upload-image";

export interface ImageUploadState {
  /** The stored image's URL, once uploaded (or the item's image when editing). */
  url: string | null;
  /** What the preview shows: a local copy of the chosen file, or the stored image. */
  previewUrl: string | null;
  /** 0-100 while an upload runs, otherwise null. */
  progress: number | null;
  error: string | null;
}

const initialState = (existingUrl: string | null): ImageUploadState => ({
  url: existingUrl,
  previewUrl: existingUrl,
  progress: null,
  error: null,
});

/**
 * The Sell form's image: checked in the browser for quick feedback, uploaded as soon as it is
 * chosen (so posting is instant), with progress. A failed or refused file leaves the previous
 * image in place, so editing an item never loses its picture by accident.
 */
export function useImageUpload(existingUrl: string | null) {
  const [state, setState] = useState(() => initialState(existingUrl));
  const upload = useRef<ImageUpload | null>(null);
  /** The last image that is really stored: what a failed or cancelled upload falls back to. */
  const settled = useRef(initialState(existingUrl));
  /** Local previews made with createObjectURL; each is revoked once nothing shows it. */
  const objectUrls = useRef(new Set<string>());

  const releasePreview = useCallback((url: string | null) => {
    if (url && url !== settled.current.previewUrl && objectUrls.current.has(url)) {
      URL.revokeObjectURL(url);
      objectUrls.current.delete(url);
    }
  }, []);

  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      upload.current?.abort();
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const cancelRunningUpload = useCallback(
    (previewUrl: string | null) => {
      if (!upload.current) return;
      upload.current.abort();
      upload.current = null;
      releasePreview(previewUrl);
    },
    [releasePreview],
  );

  const choose = useCallback(
    (file: File) => {
      const refusal = !file.type.startsWith("image/")
        ? IMAGE_MESSAGES.notAnImage
        : file.size > MAX_UPLOAD_BYTES
          ? IMAGE_MESSAGES.tooLarge
          : null;
      if (refusal) {
        setState((current) => ({ ...current, error: refusal }));
        return;
      }
      cancelRunningUpload(state.previewUrl);
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.add(previewUrl);
      setState({ url: null, previewUrl, progress: 0, error: null });

      const handle = uploadImage(file, (progress) => {
        if (upload.current === handle) setState((current) => ({ ...current, progress }));
      });
      upload.current = handle;
      handle.promise.then(
        (result) => {
          if (upload.current !== handle) return;
          upload.current = null;
          const previous = settled.current.previewUrl;
          settled.current = { url: result.url, previewUrl, progress: null, error: null };
          releasePreview(previous);
          setState(settled.current);
        },
        (error: unknown) => {
          // A newer choice or Remove took over; it owns the state now.
          if (upload.current !== handle) return;
          upload.current = null;
          releasePreview(previewUrl);
          const message =
            error instanceof ApiError && error.code !== UPLOAD_ABORTED_CODE
              ? error.message
              : SELL_MESSAGES.uploadFailed;
          setState({ ...settled.current, error: message });
        },
      );
    },
    [state.previewUrl, cancelRunningUpload, releasePreview],
  );

  const remove = useCallback(() => {
    cancelRunningUpload(state.previewUrl);
    const previous = settled.current.previewUrl;
    settled.current = initialState(null);
    releasePreview(previous);
    releasePreview(state.previewUrl);
    setState(settled.current);
  }, [state.previewUrl, cancelRunningUpload, releasePreview]);

  return { ...state, isUploading: state.progress !== null, choose, remove };
}
