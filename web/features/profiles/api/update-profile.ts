import type { MeResponse, User } from "@shared/api/auth";
import type { ErrorResponse } from "@shared/api/errors";
import type { UploadResponse } from "@shared/api/items";
import type { ProfileResponse } from "@shared/api/profiles";
import { type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiFetch, NETWORK_ERROR_CODE } from "../../../lib/api";
import { itemKeys, profileKeys } from "../../../lib/query-keys";
import { meQueryOptions } from "../../../lib/session";
import { shrinkPhoto } from "../../../lib/shrink-photo";

export interface ProfileUpdate {
  name: string;
  bio: string;
  /** The stored photo to keep (null once removed), unless `photoFile` replaces it. */
  profilePhoto: string | null;
  /** A newly chosen photo, uploaded on save. */
  photoFile: File | null;
}

type UpdateResult = { user: User };

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

/** Saves name, bio and photo; a new photo is uploaded only now, so Cancel leaves nothing behind. */
export async function updateProfile({ photoFile, ...update }: ProfileUpdate): Promise<UpdateResult> {
  const profilePhoto = photoFile ? (await uploadProfilePhoto(photoFile)).url : update.profilePhoto;
  return apiFetch("/api/me/profile", { method: "PATCH", json: { ...update, profilePhoto } });
}

/**
 * Edit Profile's save. The session and the profile show the saved details at once (closing the
 * form never flashes the old ones); item cards and chats show the seller's name, so they refresh.
 */
export function useUpdateProfile(
  options: Pick<UseMutationOptions<UpdateResult, Error, ProfileUpdate>, "onSuccess" | "onError"> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateProfile,
    onSuccess: async (...args) => {
      const [{ user }] = args;
      queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user });
      queryClient.setQueryData<ProfileResponse>(profileKeys.detail(user.id), (old) =>
        old
          ? {
              ...old,
              profile: { ...old.profile, name: user.name, bio: user.bio, profilePhoto: user.profilePhoto },
            }
          : old,
      );
      await options.onSuccess?.(...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
      ]);
    },
  });
}
