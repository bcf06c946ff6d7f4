import type { Profile } from "@shared/api/profiles";
import { BIO_MAX_LENGTH } from "@shared/validation/settings";
import { useEffect, useId, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses, labelClasses } from "../../../components/ui/field";
import { useProfileEditor } from "../hooks/use-profile-editor";
import { ProfileAvatar } from "./profile-avatar";

interface ProfileEditFormProps {
  profile: Profile;
  onDone: () => void;
}

/** Edit Profile: photo (image files only), name and bio; Save uploads the photo first. */
export function ProfileEditForm({ profile, onDone }: ProfileEditFormProps) {
  const editor = useProfileEditor(profile, onDone);
  const { form, fieldError, formError } = editor.profileForm;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const bio = form.watch("bio");
  // The Edit Profile button is gone once the form opens; the form's heading takes the focus.
  useEffect(() => heading.current?.focus(), []);

  return (
    <form
      onFocus={editor.profileForm.prepare}
      onSubmit={editor.handleSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-5"
    >
      <h1 ref={heading} id={`${id}-title`} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        Edit Profile
      </h1>
      <div className="flex flex-col items-center gap-4 sm:flex-row">
        <ProfileAvatar
          name={form.watch("name")}
          photo={editor.photo}
          isPreview={editor.isPreview}
          size={112}
        />
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
            <Alert tone="error" variant="inline" className="text-sm">
              {editor.photoError}
            </Alert>
          ) : null}
        </div>
      </div>
      <Field label="Full Name" error={fieldError("name")}>
        {(control) => (
          <input
            {...control}
            {...form.register("name")}
            type="text"
            autoComplete="name"
            className={inputClasses}
          />
        )}
      </Field>
      <Field label="Bio" error={fieldError("bio")} hint={`${bio.length}/${BIO_MAX_LENGTH} characters`}>
        {(control) => (
          <textarea
            {...control}
            {...form.register("bio")}
            rows={4}
            maxLength={BIO_MAX_LENGTH}
            placeholder="A line or two about you: course, year, what you like to trade."
            className={inputClasses}
          />
        )}
      </Field>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
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
