import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { AdminEditUserBodySchema, type AdminUser } from "@shared/api/admin";
import { type FormEvent, useId, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import { ADMIN_FAILURES } from "../admin-texts";
import { type EditUserBody, editUser } from "../api/admin-users-api";
import { useAdminAction } from "../hooks/use-admin-action";

const FIELDS: { name: keyof EditUserBody; label: string; type: string; autoComplete: string }[] = [
  { name: "name", label: "Full Name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email Address", type: "email", autoComplete: "off" },
  { name: "mobile", label: "Mobile Number", type: "tel", autoComplete: "off" },
  { name: "city", label: "City", type: "text", autoComplete: "off" },
  { name: "college", label: "College", type: "text", autoComplete: "off" },
];

/**
 * The Edit User modal: five required fields. Problems show inside the dialog (the page behind a
 * modal is inert), a save closes it and says 'User updated successfully!'.
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<EditUserBody>({
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    city: user.city,
    college: user.college,
  });
  const [error, setError] = useState<{ message: string; field: keyof EditUserBody | null } | null>(null);
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const save = useAdminAction({
    run: (body: EditUserBody) => editUser(user.id, body),
    success: ADMIN_MESSAGES.userUpdated,
    onSuccess: onClose,
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = AdminEditUserBodySchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (issue?.path[0] as keyof EditUserBody | undefined) ?? null;
      setError({ message: issue?.message ?? ADMIN_MESSAGES.fieldsRequired, field });
      if (field) document.getElementById(`${baseId}-${field}`)?.focus();
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onError: (failure) =>
        setError({
          message: ADMIN_FAILURES.updateUser(failure.message),
          field: failure.message === ADMIN_MESSAGES.emailTaken ? "email" : null,
        }),
    });
  }

  return (
    <Dialog title="Edit User" onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate className="mt-4 space-y-4">
        {error ? (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            {error.message}
          </p>
        ) : null}
        {FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`${baseId}-${field.name}`} className={labelClasses}>
              {field.label}
            </label>
            <input
              id={`${baseId}-${field.name}`}
              type={field.type}
              required
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
              aria-invalid={error?.field === field.name || undefined}
              aria-describedby={error?.field === field.name ? errorId : undefined}
              className={inputClasses}
            />
          </div>
        ))}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={save.isPending} className={primaryButton}>
            {save.isPending ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
