import type { ErrorResponse } from "@shared/api/errors";
import type { UploadResponse } from "@shared/api/items";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { ApiError } from "../../../lib/api";

export const UPLOAD_ABORTED_CODE = "aborted";

export interface ImageUpload {
  promise: Promise<UploadResponse>;
  abort: () => void;
}

/** Statuses whose message the server writes for people (bad file, too large, wrong type). */
const SHOWN_STATUSES = new Set([400, 413, 415]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads one image, shrunk first when it is a large photo. XMLHttpRequest rather than fetch
 * because only it reports upload progress, which matters on slow campus and mobile connections.
 * Same-origin, so the session cookie goes along without withCredentials. Rejects with ApiError;
 * the message is the server's for a refused file, otherwise the form's generic upload failure.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): ImageUpload {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  // A large photo is shrunk first (see shrinkPhoto, loaded with the first photo chosen); a cancel
  // during that never sends anything.
  const promise = import("../../../lib/shrink-photo")
    .then(({ shrinkPhoto }) => shrinkPhoto(file))
    .then((prepared) => send(xhr, prepared, onProgress, () => aborted));
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}

function send(
  xhr: XMLHttpRequest,
  file: File,
  onProgress: (percent: number) => void,
  isAborted: () => boolean,
): Promise<UploadResponse> {
  return new Promise<UploadResponse>((resolve, reject) => {
    if (isAborted()) {
      reject(new ApiError(0, UPLOAD_ABORTED_CODE, "Upload cancelled."));
      return;
    }
    xhr.open("POST", "/api/uploads/images");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body as UploadResponse);
        return;
      }
      const error = (body as ErrorResponse | null)?.error;
      const message =
        SHOWN_STATUSES.has(xhr.status) && error?.message ? error.message : SELL_MESSAGES.uploadFailed;
      reject(new ApiError(xhr.status, error?.code ?? "unknown", message));
    };
    xhr.onerror = () => reject(new ApiError(0, "network", SELL_MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new ApiError(0, UPLOAD_ABORTED_CODE, "Upload cancelled."));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
