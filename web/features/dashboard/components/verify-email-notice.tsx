import { AUTH_MESSAGES } from "@shared/validation/messages";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { resendErrorMessage, useResendVerification } from "../api/resend-verification";

/** Shown until the address is confirmed ('E-mail confirmed'); 'Verified Student' is the college's (Settings). */
export function VerifyEmailNotice() {
  const mutation = useResendVerification();
  return (
    <section
      aria-labelledby="verify-heading"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="verify-heading" className="font-semibold">
          Please verify your email address
        </h2>
        <button
          type="button"
          onClick={() => mutation.mutate()}
          disabled={mutation.isPending}
          className={secondaryButton}
        >
          {mutation.isPending ? "Sending..." : "Resend verification email"}
        </button>
      </div>
      {mutation.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {AUTH_MESSAGES.verificationSent}
        </p>
      ) : null}
      {mutation.isError ? (
        <Alert tone="error" variant="inline" className="mt-2 text-sm">
          {resendErrorMessage(mutation.error)}
        </Alert>
      ) : null}
    </section>
  );
}
