import type { UploadResponse } from "@shared/api/items";
import { SELL_MESSAGES } from "@shared/validation/sell";
import {
  postFileWithProgress,
  UPLOAD_ABORTED_CODE,
  type UploadTexts,
} from "../../../lib/upload-with-progress";

export { UPLOAD_ABORTED_CODE };

export interface ImageUpload {
  promise: Promise<UploadResponse>;
  abort: () => void;
}

const TEXTS: UploadTexts = {
  failed: SELL_MESSAGES.uploadFailed,
  offline: SELL_MESSAGES.uploadFailed,
  shownStatuses: new Set([400, 413, 415, 429]),
};

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
    .then((prepared) =>
      postFileWithProgress<UploadResponse>(
        xhr,
        "/api/uploads/images",
        prepared,
        onProgress,
        TEXTS,
        () => aborted,
      ),
    );
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
