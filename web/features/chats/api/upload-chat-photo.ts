import type { UploadResponse } from "@shared/api/items";
import { CHAT_MESSAGES } from "@shared/chats-constants";
import { ApiError } from "../../../lib/api";
import { postFileWithProgress, type UploadTexts } from "../../../lib/upload-with-progress";

const TEXTS: UploadTexts = {
  failed: CHAT_MESSAGES.photoFailed,
  offline: "The photo could not be sent: you seem to be offline. Please try again once you are connected.",
  shownStatuses: new Set([400, 413, 415, 429]),
};

/**
 * Uploads a photo for a chat through the image pipeline (the server sniffs the type, re-encodes
 * it, drops EXIF and GPS, and keeps it private to the chats it is sent in). A large phone photo is
 * shrunk in the browser first. XMLHttpRequest, because only it reports upload progress. Resolves
 * with the stored photo's key.
 */
export async function uploadChatPhoto(file: File, onProgress: (percent: number) => void): Promise<string> {
  const { shrinkPhoto } = await import("../../../lib/shrink-photo");
  const prepared = await shrinkPhoto(file);
  const stored = await postFileWithProgress<UploadResponse>(
    new XMLHttpRequest(),
    "/api/uploads/chat-photo",
    prepared,
    onProgress,
    TEXTS,
  );
  const key = stored.url.split("/").at(-1);
  if (!key) throw new ApiError(500, "unknown", CHAT_MESSAGES.photoFailed);
  return key;
}
