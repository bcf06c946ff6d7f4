import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { AdminUser } from "@shared/api/admin";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { ADMIN_FAILURES } from "../admin-texts";
import { type EditUserBody, useEditUser } from "../api/edit-user";
import { useAdminNotice } from "./admin-notice";
import { FormError } from "./panel-states";

const FIELDS: { name: keyof EditUserBody; label: string; type: string }[] = [
  { name: "name", label: "Full Name", type: "text" },
  { name: "email", label: "Email Address", type: "email" },
  { name: "mobile", label: "Mobile Number", type: "tel" },
  { name: "city", label: "City", type: "text" },
  { name: "college", label: "College", type: "text" },
];

const loadEditUserSchema = () => import("../form-schemas").then((schemas) => schemas.AdminEditUserBodySchema);

/**
 * The Edit User modal: five required fields. Problems show inside the dialog (the page behind a
 * modal is inert); a save closes it and says 'User updated successfully!'.
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadEditUserSchema, {
    defaultValues: {
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      city: user.city,
      college: user.college,
    },
    // The one refusal about a single field: the address belongs to another account.
    serverErrorFields: { conflict: "email" },
    serverErrorMessage: (error) => ADMIN_FAILURES.updateUser(error instanceof Error ? error.message : ""),
  });
  const notify = useAdminNotice();
  const save = useEditUser({
    onSuccess: () => {
      notify("success", ADMIN_MESSAGES.userUpdated);
      onClose();
    },
  });

  return (
    <Dialog title="Edit User" onClose={onClose}>
      <form
        onFocus={prepare}
        onSubmit={handleSubmit((body) => save.mutateAsync({ id: user.id, ...body }).then(() => undefined))}
        noValidate
        className="mt-4 space-y-4"
      >
        <FormError message={formError} />
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            required
            autoComplete="off"
            error={fieldError(field.name)}
            {...form.register(field.name)}
          />
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
