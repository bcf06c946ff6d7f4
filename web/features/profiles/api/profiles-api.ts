import type { User } from "@shared/api/auth";
import type { ErrorResponse } from "@shared/api/errors";
import type { UploadResponse } from "@shared/api/items";
import type { Person, Profile, ProfileResponse } from "@shared/api/profiles";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch, NETWORK_ERROR_CODE } from "../../../lib/api";
import { shrinkPhoto } from "../../../lib/shrink-photo";

/** Every profile query starts with "profiles", so one invalidation refreshes them all. */
export const profileKeys = {
  all: ["profiles"] as const,
  detail: (userId: string) => ["profiles", "detail", userId] as const,
  followers: (userId: string) => ["profiles", "followers", userId] as const,
};

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => apiFetch<ProfileResponse>(userPath(userId), { signal }),
  });

export const followersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.followers(userId),
    queryFn: ({ signal }) =>
      apiFetch<{ followers: Person[] }>(`${userPath(userId)}/followers`, { signal }).then(
        (body) => body.followers,
      ),
  });

/**
 * The server answers 404 for an unknown person (or the administrator) and 400 for an id that is
 * not one at all; to the reader both mean the same: there is no such profile.
 */
export function isUserNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function setFollowing(userId: string, isFollowing: boolean): Promise<{ counts: Profile["counts"] }> {
  return apiFetch(`${userPath(userId)}/follow`, { method: isFollowing ? "PUT" : "DELETE" });
}

export interface ProfileUpdate {
  name: string;
  bio: string;
  profilePhoto: string | null;
}

export function updateProfile(update: ProfileUpdate): Promise<{ user: User }> {
  return apiFetch("/api/me/profile", { method: "PATCH", json: update });
}

const PHOTO_UPLOAD_FAILED = "Failed to upload photo. Please try again.";

/**
 * Uploads a profile photo, shrunk first when it is a large one (see shrinkPhoto). The server
 * judges the bytes, so its message is shown for a refused file (4xx); anything else gets a plain
 * retry message. No progress bar: a shrunk photo is small next to item images, and fetch keeps
 * this simple.
 */
export async function uploadProfilePhoto(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append("file", await shrinkPhoto(file));
  let response: Response;
  try {
    response = await fetch("/api/uploads/profile-photo", {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      body: form,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, PHOTO_UPLOAD_FAILED);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (response.ok && body) return body as UploadResponse;
  const error = (body as ErrorResponse | null)?.error;
  const isRefused = response.status >= 400 && response.status < 500;
  const message = isRefused && error?.message ? error.message : PHOTO_UPLOAD_FAILED;
  throw new ApiError(response.status, error?.code ?? "unknown", message);
}
