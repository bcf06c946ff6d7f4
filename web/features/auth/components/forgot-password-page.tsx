import { AUTH_MESSAGES, LOGIN_ERRORS, LOGIN_MESSAGES } from "@shared/validation/messages";
import { isEmailShaped } from "@shared/validation/signup";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/text-field";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthLayout } from "./auth-layout";

export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useRequestPasswordReset({
    onError: (failure) => setError(authErrorMessage(failure)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed
      ? LOGIN_MESSAGES.emailRequired
      : isEmailShaped(trimmed)
        ? null
        : LOGIN_ERRORS.invalid_email;
    setError(problem);
    if (!problem) mutation.mutate(trimmed);
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="We will e-mail you a link to choose a new one.">
      {mutation.isSuccess ? (
        <Alert tone="success">{AUTH_MESSAGES.resetSent}</Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <TextField
            label="Email address"
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
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
