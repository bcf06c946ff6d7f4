import { AUTH_MESSAGES } from "@shared/validation/messages";
import { checkPasswordStrength } from "@shared/validation/password-strength";
import { useWatch } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { PasswordInput } from "../../../components/password-input/password-input";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { useZodForm } from "../../../lib/form";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useResetPassword } from "../api/reset-password";
import { AuthLayout } from "./auth-layout";
import { PasswordStrengthBar } from "./password-strength-bar";

const STRENGTH_ID = "reset-password-strength";

const loadResetPasswordFormSchema = () =>
  import("../form-schemas").then((schemas) => schemas.ResetPasswordFormSchema);

export function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(
    loadResetPasswordFormSchema,
    {
      defaultValues: { password: "", confirmPassword: "" },
      serverErrorFields: { weak_password: "password" },
      serverErrorMessage: authErrorMessage,
    },
  );
  const password = useWatch({ control: form.control, name: "password" });
  const strength = checkPasswordStrength(password);
  const mutation = useResetPassword({ onError: setServerError });

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert tone="error">{AUTH_MESSAGES.invalidToken}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className={textLink}>
            Ask for a new link
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      {mutation.isSuccess ? (
        <>
          <Alert tone="success">{AUTH_MESSAGES.passwordReset}</Alert>
          <Link to="/login" className={`${primaryButton} mt-6 w-full`}>
            Go to sign in
          </Link>
        </>
      ) : (
        <form
          noValidate
          onFocus={prepare}
          onSubmit={handleSubmit((values) => mutation.mutate({ token, password: values.password }))}
          className="space-y-4"
        >
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div>
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              aria-describedby={password ? STRENGTH_ID : undefined}
              error={fieldError("password")}
              {...form.register("password")}
            />
            {password ? <PasswordStrengthBar id={STRENGTH_ID} strength={strength} /> : null}
          </div>
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            showLabel="Show confirm password"
            hideLabel="Hide confirm password"
            error={fieldError("confirmPassword")}
            {...form.register("confirmPassword")}
          />
          <button type="submit" disabled={mutation.isPending} className={`${primaryButton} w-full`}>
            {mutation.isPending ? "Saving..." : "Reset password"}
          </button>
        </form>
      )}
      {mutation.isSuccess ? null : (
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className={textLink}>
            Ask for a new link
          </Link>
        </p>
      )}
    </AuthLayout>
  );
}
