import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/items-constants";
import { MAX_ITEM_PHOTOS, SELL_MESSAGES } from "@shared/validation/sell";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { type ImageUpload, UPLOAD_ABORTED_CODE, uploadImage } from "../api/upload-image";

export interface PhotoSlot {
  /** A key for the slot while the form is open. */
  id: string;
  /** The stored image's URL, once uploaded (or the item's photo when editing). */
  url: string | null;
  /** What the tile shows: a local copy of the chosen file, or the stored image. */
  previewUrl: string;
  /** 0-100 while its upload runs, otherwise null. */
  progress: number | null;
  error: string | null;
}

let nextId = 0;
const newId = () => `photo-${++nextId}`;

function refusalOf(file: File): string | null {
  if (!file.type.startsWith("image/")) return IMAGE_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/**
 * The Sell form's photos, up to 8 in order (the first is the cover): several chosen at once, each
 * uploaded as soon as it is chosen with its own progress, removable and reorderable. A photo whose
 * upload fails stays as a tile with its error until removed.
 */
export function usePhotoUploads(existing: string[]) {
  const [photos, setPhotos] = useState<PhotoSlot[]>(() =>
    existing.map((url) => ({ id: newId(), url, previewUrl: url, progress: null, error: null })),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, ImageUpload>());
  const objectUrls = useRef(new Map<string, string>());

  useEffect(() => {
    const running = uploads.current;
    const previews = objectUrls.current;
    return () => {
      for (const upload of running.values()) upload.abort();
      for (const url of previews.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const update = useCallback((id: string, change: Partial<PhotoSlot>) => {
    setPhotos((current) => current.map((photo) => (photo.id === id ? { ...photo, ...change } : photo)));
  }, []);

  const choose = useCallback(
    (files: File[]) => {
      setNotice(null);
      const room = MAX_ITEM_PHOTOS - photos.length;
      if (files.length > room) setNotice(`You can add at most ${MAX_ITEM_PHOTOS} photos.`);
      const added: PhotoSlot[] = [];
      for (const file of files.slice(0, Math.max(0, room))) {
        const refusal = refusalOf(file);
        if (refusal) {
          setNotice(refusal);
          continue;
        }
        const id = newId();
        const previewUrl = URL.createObjectURL(file);
        objectUrls.current.set(id, previewUrl);
        added.push({ id, url: null, previewUrl, progress: 0, error: null });
        const handle = uploadImage(file, (progress) => update(id, { progress }));
        uploads.current.set(id, handle);
        handle.promise.then(
          (result) => {
            uploads.current.delete(id);
            update(id, { url: result.url, progress: null, error: null });
          },
          (error: unknown) => {
            uploads.current.delete(id);
            if (error instanceof ApiError && error.code === UPLOAD_ABORTED_CODE) return;
            update(id, {
              progress: null,
              error: error instanceof ApiError ? error.message : SELL_MESSAGES.uploadFailed,
            });
          },
        );
      }
      if (added.length > 0) setPhotos((current) => [...current, ...added]);
    },
    [photos.length, update],
  );

  const remove = useCallback((id: string) => {
    uploads.current.get(id)?.abort();
    uploads.current.delete(id);
    const preview = objectUrls.current.get(id);
    if (preview) URL.revokeObjectURL(preview);
    objectUrls.current.delete(id);
    setNotice(null);
    setPhotos((current) => current.filter((photo) => photo.id !== id));
  }, []);

  /** Moves the photo at `from` to `to` (both indexes in the current order). */
  const move = useCallback((from: number, to: number) => {
    setPhotos((current) => {
      if (to < 0 || to >= current.length || from === to) return current;
      const next = [...current];
      const [photo] = next.splice(from, 1);
      if (photo) next.splice(to, 0, photo);
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    for (const upload of uploads.current.values()) upload.abort();
    uploads.current.clear();
    setPhotos([]);
  }, []);

  return {
    photos,
    notice,
    /** The stored photos in order, once none is still uploading. */
    urls: photos.flatMap((photo) => (photo.url ? [photo.url] : [])),
    isUploading: photos.some((photo) => photo.progress !== null),
    hasFailed: photos.some((photo) => photo.error !== null),
    choose,
    remove,
    move,
    clear,
  };
}
