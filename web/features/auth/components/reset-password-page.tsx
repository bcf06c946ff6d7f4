import { AUTH_MESSAGES, SIGNUP_MESSAGES } from "@shared/validation/messages";
import { checkPasswordStrength } from "@shared/validation/password-strength";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useResetPassword } from "../api/reset-password";
import { AuthLayout } from "./auth-layout";
import { PasswordInput } from "./password-input";
import { PasswordStrengthBar } from "./password-strength-bar";

const STRENGTH_ID = "reset-password-strength";

export function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const strength = checkPasswordStrength(password);
  const mutation = useResetPassword({
    onError: (failure) => setError(authErrorMessage(failure)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = !strength.isValid
      ? SIGNUP_MESSAGES.password
      : confirm !== password
        ? SIGNUP_MESSAGES.confirm
        : null;
    setError(problem);
    if (!problem) mutation.mutate({ token, password });
  }

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
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div>
            <PasswordInput
              label="New Password"
              name="password"
              autoComplete="new-password"
              aria-describedby={password ? STRENGTH_ID : undefined}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(null);
              }}
            />
            {password ? <PasswordStrengthBar id={STRENGTH_ID} strength={strength} /> : null}
          </div>
          <PasswordInput
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            showLabel="Show confirm password"
            hideLabel="Hide confirm password"
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              setError(null);
            }}
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
