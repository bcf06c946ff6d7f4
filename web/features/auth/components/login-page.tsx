import type { SecondFactorChallenge, SecondFactorResponse, User } from "@shared/api/auth";
import { SUSPENSION_TEXTS } from "@shared/suspension-texts";
import { SECOND_FACTOR_MESSAGES } from "@shared/validation/messages";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { PasswordInput } from "../../../components/password-input/password-input";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { PageLoading } from "../../../components/ui/page-loading";
import { useDeferredZodForm } from "../../../lib/deferred-form";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { meQueryOptions } from "../../../lib/session";
import { forgetSignedOutReason, signedOutMessage } from "../../../lib/signed-out-reason";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { loginErrorMessage } from "../api/auth-errors";
import { useLogin } from "../api/login";
import { appealOfferOf, type KeptAppeal, keepAppeal } from "../appeal-offer";
import { useEnterApp } from "../hooks/use-enter-app";
import { AuthLayout } from "./auth-layout";

// Only the administrator meets the second step, so it loads after the password, not with the page.
const SecondFactorStep = lazyWhenOnline(() =>
  import("./second-factor-step").then((module) => ({ default: module.SecondFactorStep })),
);
const RecoveryCodes = lazyWhenOnline(() =>
  import("./second-factor-step").then((module) => ({ default: module.RecoveryCodes })),
);

const loadLoginFormSchema = () => import("../form-schemas").then((schemas) => schemas.LoginFormSchema);

/** Refusals that belong to one field; the others are shown above the form. */
const LOGIN_ERROR_FIELDS = {
  invalid_email: "email",
  user_not_found: "email",
  wrong_password: "password",
  weak_password: "password",
} as const;

/** After the password: the administrator's second step, then (after a setup) the recovery codes. */
type Step =
  | { kind: "password" }
  | { kind: "second-factor"; challenge: SecondFactorChallenge }
  | { kind: "recovery-codes"; user: User; codes: string[] };

export function LoginPage() {
  useDocumentTitle("Sign in");
  const queryClient = useQueryClient();
  const enter = useEnterApp();
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [restartMessage, setRestartMessage] = useState<string | null>(null);

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

  // The step's heading shows with its content, once its code has arrived.
  if (step.kind === "second-factor") {
    const isSetup = step.challenge.method === "setup";
    return (
      <Suspense fallback={<PageLoading />}>
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
              setRestartMessage(message);
            }}
          />
        </AuthLayout>
      </Suspense>
    );
  }
  if (step.kind === "recovery-codes") {
    return (
      <Suspense fallback={<PageLoading />}>
        <AuthLayout title={SECOND_FACTOR_MESSAGES.recoveryHeading}>
          <RecoveryCodes codes={step.codes} onContinue={() => enter(step.user)} />
        </AuthLayout>
      </Suspense>
    );
  }

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to buy, sell and connect on your campus.">
      <LoginForm
        initialError={restartMessage}
        onSecondFactor={(challenge) => setStep({ kind: "second-factor", challenge })}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        New to Campus Bazaar?{" "}
        <Link to="/signup" className={textLink}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

interface LoginFormProps {
  /** Why the person is back at the password (an expired or refused second step). */
  initialError: string | null;
  onSecondFactor: (challenge: SecondFactorChallenge) => void;
}

function LoginForm({ initialError, onSecondFactor }: LoginFormProps) {
  // Why an open tab was dropped here (suspended, signed out elsewhere): said once, then forgotten.
  const [signedOut] = useState(signedOutMessage);
  useEffect(() => forgetSignedOutReason(), []);
  // A suspended account's refusal carries the appeal form's token: kept in this tab for /appeal.
  const [appeal, setAppeal] = useState<KeptAppeal | null>(null);
  // Drawn at once; react-hook-form and zod come with the first focus, input or submit.
  const { form, fieldError, formError, handleSubmit, setServerError, prepare, binding } = useDeferredZodForm(
    loadLoginFormSchema,
    {
      defaultValues: { email: "", password: "" },
      serverErrorFields: LOGIN_ERROR_FIELDS,
      serverErrorMessage: loginErrorMessage,
    },
  );
  const mutation = useLogin({
    onSecondFactor,
    onError: (error) => {
      const offer = appealOfferOf(error);
      if (offer) keepAppeal(offer);
      setAppeal(offer);
      setServerError(error);
    },
  });
  // A message from the second step shows until the person edits the form.
  const [isRestartShown, setIsRestartShown] = useState(true);
  const clearRestart = { onChange: () => setIsRestartShown(false) };
  const message = formError ?? (isRestartShown ? initialError : null);

  return (
    <form
      noValidate
      onFocus={prepare}
      onSubmit={handleSubmit((values) => {
        setIsRestartShown(false);
        mutation.mutate(values);
      })}
      className="space-y-4"
    >
      {binding}
      {signedOut && !message ? <Alert tone="info">{signedOut}</Alert> : null}
      {message ? (
        <Alert tone="error">
          {message}
          {appeal && message === appeal.message ? (
            <>
              {" "}
              <Link to="/appeal" className={`${textLink} font-semibold`}>
                {SUSPENSION_TEXTS.appeal}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError("email")}
        {...form.register("email", clearRestart)}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        required
        error={fieldError("password")}
        {...form.register("password", clearRestart)}
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
  );
}
