import type { SecondFactorChallenge, SecondFactorResponse, User } from "@shared/api/auth";
import { LOGIN_ERRORS, LOGIN_MESSAGES, SECOND_FACTOR_MESSAGES } from "@shared/validation/messages";
import { isEmailShaped } from "@shared/validation/signup";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/text-field";
import { meQueryOptions } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { loginErrorMessage } from "../api/auth-errors";
import { useLogin } from "../api/login";
import { useEnterApp } from "../hooks/use-enter-app";
import { AuthLayout } from "./auth-layout";
import { PasswordInput } from "./password-input";
import { RecoveryCodes, SecondFactorStep } from "./second-factor-step";

/** The first reason the form cannot be sent yet, in field order. */
function validateLogin(email: string, password: string): string | null {
  if (!email) return LOGIN_MESSAGES.emailRequired;
  if (!isEmailShaped(email)) return LOGIN_ERRORS.invalid_email;
  if (!password) return LOGIN_MESSAGES.passwordRequired;
  return null;
}

/** After the password: the administrator's second step, then (after a setup) the recovery codes. */
type Step =
  | { kind: "password" }
  | { kind: "second-factor"; challenge: SecondFactorChallenge }
  | { kind: "recovery-codes"; user: User; codes: string[] };

export function LoginPage() {
  useDocumentTitle("Sign in");
  const queryClient = useQueryClient();
  const enter = useEnterApp();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: "password" });

  const mutation = useLogin({
    onSecondFactor: (challenge) => {
      setPassword("");
      setStep({ kind: "second-factor", challenge });
    },
    onError: (failure) => setError(loginErrorMessage(failure)),
  });

  function handleSecondFactor({ user, recoveryCodes }: SecondFactorResponse) {
    if (!recoveryCodes) {
      enter(user);
      return;
    }
    // The session exists now, but the page must stay until the codes are saved: the cached
    // "signed out" answer is kept fresh so that no refetch sends the administrator on meanwhile.
    const current = queryClient.getQueryData(meQueryOptions.queryKey) ?? { user: null };
    queryClient.setQueryData(meQueryOptions.queryKey, current, { updatedAt: Number.MAX_SAFE_INTEGER });
    setStep({ kind: "recovery-codes", user, codes: recoveryCodes });
  }

  if (step.kind === "second-factor") {
    const isSetup = step.challenge.method === "setup";
    return (
      <AuthLayout
        title={isSetup ? SECOND_FACTOR_MESSAGES.setupHeading : "Two-step sign-in"}
        subtitle={
          isSetup
            ? "The administrator's account signs in with a second step: a code from an authenticator app."
            : "Enter the code from your authenticator app to finish signing in."
        }
      >
        <SecondFactorStep
          challenge={step.challenge}
          onSignedIn={handleSecondFactor}
          onRestart={(message) => {
            setStep({ kind: "password" });
            setError(message);
          }}
        />
      </AuthLayout>
    );
  }
  if (step.kind === "recovery-codes") {
    return (
      <AuthLayout title={SECOND_FACTOR_MESSAGES.recoveryHeading}>
        <RecoveryCodes codes={step.codes} onContinue={() => enter(step.user)} />
      </AuthLayout>
    );
  }

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
