import type { SecondFactorChallenge, SecondFactorResponse } from "@shared/api/auth";
import { SECOND_FACTOR_CODE_DIGITS } from "@shared/constants";
import { SECOND_FACTOR_MESSAGES } from "@shared/validation/messages";
import { useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ghostButton, primaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { authErrorMessage } from "../api/auth-errors";
import { useCompleteSecondFactor } from "../api/complete-second-factor";

/** Answers that end this challenge: the person starts again from the password. */
const RESTART_CODES = new Set(["sign_in_expired", "rate_limited"]);

/** The key in groups of four, as authenticator apps show it; they ignore the spaces. */
function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

interface SecondFactorStepProps {
  challenge: SecondFactorChallenge;
  onSignedIn: (answer: SecondFactorResponse) => void;
  /** The challenge is over (expired or too many tries): back to the password, with this message. */
  onRestart: (message: string) => void;
}

/**
 * The administrator's step after the password: at the first sign-in, an authenticator app is set up
 * from the QR code (or the key as text) and confirmed with its first code; later, its code or one
 * of the recovery codes.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const setup = challenge.setup;
  const [isRecovery, setIsRecovery] = useState(false);
  const keyHeadingId = useId();

  return (
    <div className="space-y-4">
      {setup ? (
        <>
          <p className="text-sm text-slate-700">
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy
            or your password manager), then enter the 6-digit code it shows.
          </p>
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="mx-auto size-48 rounded-lg border border-slate-200"
          />
          <section aria-labelledby={keyHeadingId} className="rounded-lg bg-slate-50 p-3">
            <h2 id={keyHeadingId} className="text-sm font-semibold text-slate-800">
              {SECOND_FACTOR_MESSAGES.keyHeading}
            </h2>
            <code className="mt-1 block font-mono text-base break-all text-slate-900 select-all">
              {groupedKey(setup.secret)}
            </code>
          </section>
        </>
      ) : null}
      {/* A new form for each kind of code: its own rules, an empty field, and the focus in it. */}
      <CodeForm
        key={isRecovery ? "recovery" : "app"}
        challenge={challenge.challenge}
        isRecovery={isRecovery}
        onSignedIn={onSignedIn}
        onRestart={onRestart}
      />
      {setup ? null : (
        <button type="button" className={`${ghostButton} w-full`} onClick={() => setIsRecovery(!isRecovery)}>
          {isRecovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
        </button>
      )}
    </div>
  );
}

interface CodeFormProps extends Omit<SecondFactorStepProps, "challenge"> {
  challenge: string;
  isRecovery: boolean;
}

function CodeForm({ challenge, isRecovery, onSignedIn, onRestart }: CodeFormProps) {
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(
    () =>
      import("../form-schemas").then((schemas) =>
        isRecovery ? schemas.RecoveryCodeSchema : schemas.AppCodeSchema,
      ),
    { defaultValues: { code: "" }, serverErrorMessage: authErrorMessage },
  );
  const refusalId = useId();
  const { setFocus, setValue } = form;

  // The field takes the focus when the step opens and when the kind of code changes.
  useEffect(() => setFocus("code"), [setFocus]);

  const mutation = useCompleteSecondFactor({
    onSuccess: onSignedIn,
    onError: (failure) => {
      if (failure instanceof ApiError && RESTART_CODES.has(failure.code)) {
        onRestart(failure.message);
        return;
      }
      // A refused code is spent: the field is emptied and focused for the next one.
      setServerError(failure);
      setValue("code", "");
      setFocus("code");
    },
  });

  return (
    <form
      noValidate
      onFocus={prepare}
      onSubmit={handleSubmit(({ code }) => mutation.mutate({ challenge, code }))}
      className="space-y-4"
    >
      {formError ? (
        <Alert tone="error">
          <span id={refusalId}>{formError}</span>
        </Alert>
      ) : null}
      <Field
        label={isRecovery ? "Recovery code" : SECOND_FACTOR_MESSAGES.codeLabel}
        hint={
          isRecovery
            ? "One of the recovery codes you saved when you set up two-step sign-in. Each works once."
            : "The 6-digit code your authenticator app shows for Campus Bazaar."
        }
        error={fieldError("code")}
      >
        {(control) => (
          <input
            {...control}
            {...(formError
              ? {
                  "aria-invalid": true,
                  "aria-describedby": [refusalId, control["aria-describedby"]].filter(Boolean).join(" "),
                }
              : {})}
            className={`${inputClasses} font-mono tracking-widest`}
            autoComplete={isRecovery ? "off" : "one-time-code"}
            inputMode={isRecovery ? "text" : "numeric"}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={isRecovery ? 40 : SECOND_FACTOR_CODE_DIGITS}
            required
            {...form.register("code")}
          />
        )}
      </Field>
      <button type="submit" disabled={mutation.isPending} className={`${primaryButton} w-full`}>
        {mutation.isPending ? "Verifying..." : "Verify"}
      </button>
    </form>
  );
}

interface RecoveryCodesProps {
  codes: string[];
  onContinue: () => void;
}

/** The recovery codes, shown once right after the setup, with ways to keep them. */
export function RecoveryCodes({ codes, onContinue }: RecoveryCodesProps) {
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const text = `Campus Bazaar recovery codes\nEach code signs you in once instead of an authenticator code.\n\n${codes.join("\n")}\n`;

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  }

  return (
    <div className="space-y-4">
      <Alert tone="warning">
        If you lose your authenticator app, each of these codes signs you in once. They are shown only now:
        copy or download them and keep them somewhere safe.
      </Alert>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-slate-50 px-3 py-2 text-center select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={`${ghostButton} border border-slate-300`} onClick={handleCopy}>
          Copy codes
        </button>
        <a
          className={`${ghostButton} border border-slate-300`}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="campus-bazaar-recovery-codes.txt"
        >
          Download codes
        </a>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copyState === "copied" ? "Codes copied." : null}
        {copyState === "failed" ? "Copying is not available here: select the codes and copy them." : null}
      </p>
      <button type="button" className={`${primaryButton} w-full`} onClick={onContinue}>
        Continue to admin panel
      </button>
    </div>
  );
}
