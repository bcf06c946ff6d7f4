import type { ErrorResponse } from "@shared/api/errors";
import { ApiError } from "./api";

/** The code of the ApiError an upload rejects with once it was cancelled. */
export const UPLOAD_ABORTED_CODE = "aborted";

export interface UploadTexts {
  /** Shown for any failure whose status is not in `shownStatuses`. */
  failed: string;
  /** Shown when the request never reached the server. */
  offline: string;
  /** Statuses whose message the server writes for people (not an image, too large, wrong type). */
  shownStatuses: ReadonlySet<number>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Posts one file as the form field `file` through `xhr`, reporting the upload's progress in
 * percent. XMLHttpRequest rather than fetch because only it reports upload progress, which matters
 * on slow campus and mobile connections. Same-origin, so the session cookie goes along. Rejects
 * with ApiError: the server's message for a status in `texts.shownStatuses`, otherwise `texts.failed`.
 */
export function postFileWithProgress<Response>(
  xhr: XMLHttpRequest,
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
  texts: UploadTexts,
  isAborted: () => boolean = () => false,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (isAborted()) {
      reject(new ApiError(0, UPLOAD_ABORTED_CODE, "Upload cancelled."));
      return;
    }
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body as Response);
        return;
      }
      const error = (body as ErrorResponse | null)?.error;
      const message = texts.shownStatuses.has(xhr.status) && error?.message ? error.message : texts.failed;
      reject(new ApiError(xhr.status, error?.code ?? "unknown", message));
    };
    xhr.onerror = () => reject(new ApiError(0, "network", texts.offline));
    xhr.onabort = () => reject(new ApiError(0, UPLOAD_ABORTED_CODE, "Upload cancelled."));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
