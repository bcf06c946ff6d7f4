import type { ErrorResponse } from "@shared/api/errors";
import type { UploadResponse } from "@shared/api/items";
import { CHAT_MESSAGES } from "@shared/chats-constants";
import { ApiError } from "../../../lib/api";

/** Statuses whose message the server writes for people (not an image, too large, wrong type). */
const SHOWN_STATUSES = new Set([400, 413, 415, 429]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Uploads a photo for a chat through the image pipeline (the server sniffs the type, re-encodes
 * it, drops EXIF and GPS, and keeps it private to the chats it is sent in). A large phone photo is
 * shrunk in the browser first. XMLHttpRequest, because only it reports upload progress. Resolves
 * with the stored photo's key.
 */
export async function uploadChatPhoto(file: File, onProgress: (percent: number) => void): Promise<string> {
  const { shrinkPhoto } = await import("../../../lib/shrink-photo");
  const prepared = await shrinkPhoto(file);
  const stored = await new Promise<UploadResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads/chat-photo");
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
        SHOWN_STATUSES.has(xhr.status) && error?.message ? error.message : CHAT_MESSAGES.photoFailed;
      reject(new ApiError(xhr.status, error?.code ?? "unknown", message));
    };
    xhr.onerror = () =>
      reject(
        new ApiError(
          0,
          "network",
          "The photo could not be sent: you seem to be offline. Please try again once you are connected.",
        ),
      );
    const form = new FormData();
    form.append("file", prepared);
    xhr.send(form);
  });
  const key = stored.url.split("/").at(-1);
  if (!key) throw new ApiError(500, "unknown", CHAT_MESSAGES.photoFailed);
  return key;
}
