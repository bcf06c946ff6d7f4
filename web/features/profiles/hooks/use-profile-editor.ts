import type { Profile } from "@shared/api/profiles";
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from "@shared/items-constants";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { useEffect, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { useUpdateProfile } from "../api/update-profile";

const loadProfileSchema = () =>
  import("@shared/api/profiles").then((schemas) => schemas.UpdateProfileBodySchema);

export const PROFILE_SAVE_FAILED = "Failed to save your profile. Please try again.";

/** A refused input (400) or file (413, 415) has a message meant for people; others get the plain one. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && [400, 413, 415, 429].includes(error.status)) return error.message;
  return PROFILE_SAVE_FAILED;
}

/**
 * Edit Profile: name, bio and photo, checked with the server's own profile rules. A chosen photo
 * is previewed locally and only uploaded on Save, so Cancel leaves nothing behind. The spec only
 * logs a failed save, but a small message is shown too, or the person would think it worked.
 */
export function useProfileEditor(profile: Profile, onSaved: () => void) {
  const profileForm = useZodForm(loadProfileSchema, {
    defaultValues: { name: profile.name, bio: profile.bio, profilePhoto: profile.profilePhoto },
    // A photo the server refuses (too large, not an image) is said under the photo.
    serverErrorFields: { payload_too_large: "profilePhoto", unsupported_media_type: "profilePhoto" },
    serverErrorMessage: messageOf,
  });
  const { form } = profileForm;
  /** A newly chosen photo and its local preview; the form's `profilePhoto` is the stored one to keep. */
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [photoRefusal, setPhotoRefusal] = useState<string | null>(null);
  const keptPhoto = form.watch("profilePhoto");

  // Each local preview is released once it is replaced or the form closes.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const save = useUpdateProfile({ onSuccess: onSaved });

  function handleFileChange(chosen: File | undefined) {
    if (!chosen) return;
    const refusal = !chosen.type.startsWith("image/")
      ? SETTINGS_MESSAGES.photoImagesOnly
      : chosen.size > MAX_UPLOAD_BYTES
        ? IMAGE_MESSAGES.tooLarge
        : null;
    setPhotoRefusal(refusal);
    form.clearErrors("profilePhoto");
    if (refusal) return;
    setFile(chosen);
    setPreviewUrl(URL.createObjectURL(chosen));
  }

  function handleRemovePhoto() {
    setFile(null);
    setPreviewUrl(null);
    form.setValue("profilePhoto", null);
    setPhotoRefusal(null);
    form.clearErrors("profilePhoto");
  }

  const handleSubmit = profileForm.handleSubmit(async (values) => {
    // A refused file stays refused until another is chosen or the photo is removed.
    if (photoRefusal || save.isPending) return;
    try {
      await save.mutateAsync({
        ...values,
        name: values.name.trim(),
        bio: values.bio.trim(),
        photoFile: file,
      });
    } catch (error) {
      console.warn("Profile save failed", error);
      throw error;
    }
  });

  return {
    profileForm,
    /** What the avatar shows: the new file's preview, else the kept photo. */
    photo: previewUrl ?? keptPhoto,
    isPreview: previewUrl !== null,
    photoError: photoRefusal ?? profileForm.fieldError("profilePhoto") ?? null,
    isSaving: save.isPending,
    handleFileChange,
    handleRemovePhoto,
    handleSubmit,
  };
}
