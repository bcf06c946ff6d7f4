import { LOGIN_ERRORS, LOGIN_MESSAGES } from "@shared/validation/messages";
import { isEmailShaped } from "@shared/validation/signup";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { meQueryOptions } from "../../../app/session";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/text-field";
import { homePathFor } from "../../../lib/home-path";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { login } from "../api/auth-api";
import { loginErrorMessage } from "../api/auth-errors";
import { AuthLayout } from "./auth-layout";
import { PasswordInput } from "./password-input";

/** The first reason the form cannot be sent yet, in field order. */
function validateLogin(email: string, password: string): string | null {
  if (!email) return LOGIN_MESSAGES.emailRequired;
  if (!isEmailShaped(email)) return LOGIN_ERRORS.invalid_email;
  if (!password) return LOGIN_MESSAGES.passwordRequired;
  return null;
}

export function LoginPage() {
  useDocumentTitle("Sign in");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(meQueryOptions.queryKey, { user });
      navigate(homePathFor(user.role === "admin"), { replace: true });
    },
    onError: (failure) => setError(loginErrorMessage(failure)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const problem = validateLogin(trimmedEmail, password);
    setError(problem);
    if (!problem) mutation.mutate({ email: trimmedEmail, password });
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to buy, sell and connect on your campus.">
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`${textLink} text-sm`}>
            Forgot password?
          </Link>
        </div>
        <button type="submit" disabled={mutation.isPending} className={`${primaryButton} w-full`}>
          {mutation.isPending ? "Signing in..." : "Sign in"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to Campus Bazaar?{" "}
        <Link to="/signup" className={textLink}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
