import { AUTH_MESSAGES } from "@shared/validation/messages";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthLayout } from "./auth-layout";

const loadForgotPasswordFormSchema = () =>
  import("../form-schemas").then((schemas) => schemas.ForgotPasswordFormSchema);

export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(
    loadForgotPasswordFormSchema,
    {
      defaultValues: { email: "" },
      serverErrorFields: { invalid_email: "email" },
      serverErrorMessage: authErrorMessage,
    },
  );
  const mutation = useRequestPasswordReset({ onError: setServerError });

  return (
    <AuthLayout title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one.">
      {mutation.isSuccess ? (
        <Alert tone="success">{AUTH_MESSAGES.resetSent}</Alert>
      ) : (
        <form
          noValidate
          onFocus={prepare}
          onSubmit={handleSubmit(({ email }) => mutation.mutate(email))}
          className="space-y-4"
        >
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <TextField
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            error={fieldError("email")}
            {...form.register("email")}
          />
          <button type="submit" disabled={mutation.isPending} className={`${primaryButton} w-full`}>
            {mutation.isPending ? "Sending..." : "Send reset link"}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={textLink}>
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
