import type { Profile } from "@shared/api/profiles";
import { BIO_MAX_LENGTH } from "@shared/validation/settings";
import { type FormEvent, useEffect, useId, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { useProfileEditor } from "../hooks/use-profile-editor";
import { ProfileAvatar } from "./profile-avatar";

interface ProfileEditFormProps {
  profile: Profile;
  onDone: () => void;
}

/** Edit Profile: photo (image files only), name and bio; Save uploads the photo first. */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const editor = useProfileEditor(profile, onDone);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The Edit Profile button is gone once the form opens; the form's heading takes the focus.
  useEffect(() => heading.current?.focus(), []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    editor.handleSubmit();
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-5">
      <h1 ref={heading} id={`${id}-title`} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Edit Profile
      </h1>
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <ProfileAvatar name={editor.name} photo={editor.photo} isPreview={editor.isPreview} size={112} />
        <div className="w-full min-w-0 space-y-2">
          <label htmlFor={`${id}-photo`} className={labelClasses}>
            Profile Photo
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/*"
            aria-describedby={`${id}-photo-hint`}
            aria-invalid={editor.photoError ? true : undefined}
            onChange={(event) => {
              editor.handleFileChange(event.target.files?.[0]);
              // Cleared, so choosing the same file again after Remove Photo still counts.
              event.target.value = "";
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-800 hover:file:bg-indigo-100"
          />
          <p id={`${id}-photo-hint`} className="text-xs text-slate-600">
            Image files only (JPEG, PNG, WebP, AVIF or GIF), up to 10 MB.
          </p>
          {editor.photo ? (
            <button type="button" onClick={editor.handleRemovePhoto} className={`${secondaryButton} px-3`}>
              Remove Photo
            </button>
          ) : null}
          {editor.photoError ? (
            <p role="alert" className="text-sm text-red-700">
              {editor.photoError}
            </p>
          ) : null}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-name`} className={labelClasses}>
          Full Name
        </label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          value={editor.name}
          onChange={(event) => editor.setName(event.target.value)}
          aria-invalid={editor.nameError ? true : undefined}
          aria-describedby={editor.nameError ? `${id}-name-error` : undefined}
          className={inputClasses}
        />
        {editor.nameError ? (
          <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700">
            {editor.nameError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-bio`} className={labelClasses}>
          Bio
        </label>
        <textarea
          id={`${id}-bio`}
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          value={editor.bio}
          onChange={(event) => editor.setBio(event.target.value)}
          aria-describedby={`${id}-bio-count`}
          placeholder="A line or two about you: course, year, what you like to trade."
          className={inputClasses}
        />
        <p id={`${id}-bio-count`} className="mt-1 text-right text-xs text-slate-600">
          {editor.bio.length}/{BIO_MAX_LENGTH} characters
        </p>
      </div>
      {editor.saveError ? <Alert tone="error">{editor.saveError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} disabled={editor.isSaving} className={secondaryButton}>
          Cancel
        </button>
        <button type="submit" disabled={editor.isSaving} className={primaryButton}>
          {editor.isSaving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </form>
  );
}
