import type { RecruitmentPost } from "@shared/api/recruitment";
import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../../../lib/api";
import { useCreateRecruitmentPost } from "../api/create-recruitment-post";
import { useUpdateRecruitmentPost } from "../api/update-recruitment-post";
import {
  checkRecruitmentFields,
  EMPTY_RECRUITMENT_FIELDS,
  fieldsFromPost,
  RECRUITMENT_FIELD_ORDER,
  type RecruitmentFieldErrors,
  type RecruitmentFields,
} from "../recruitment-form-state";
import { TEAMMATE_TEXTS } from "../teammate-texts";

/** The server's own words when it refused the form; otherwise a short general note. */
function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 403, 404, 429].includes(error.status)) {
    return error.message;
  }
  return TEAMMATE_TEXTS.saveFailed;
}

/** State and submit of the create/edit form; with `post` it edits that post. */
export function useRecruitmentForm(post: RecruitmentPost | null, onSaved: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<RecruitmentFields>(() =>
    post ? fieldsFromPost(post) : EMPTY_RECRUITMENT_FIELDS,
  );
  const [errors, setErrors] = useState<RecruitmentFieldErrors>({});

  const create = useCreateRecruitmentPost({ onSuccess: onSaved });
  const update = useUpdateRecruitmentPost({ onSuccess: onSaved });
  const save = post ? update : create;

  function setField<K extends keyof RecruitmentFields>(name: K, value: RecruitmentFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    // A field's message goes once it is edited; the check runs again on submit.
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkRecruitmentFields(fields);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = RECRUITMENT_FIELD_ORDER.find((name) => checked.errors[name]);
      const field = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      // Centred, so the sticky top bar never covers the field and its message.
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: "center" });
      return;
    }
    setErrors({});
    if (post) update.mutate({ id: post.id, input: checked.input });
    else create.mutate(checked.input);
  }

  return {
    formRef,
    fields,
    errors,
    setField,
    handleSubmit,
    isSaving: save.isPending,
    saveError: save.isError ? saveErrorMessage(save.error) : null,
  };
}
