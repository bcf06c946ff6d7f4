import { AUTH_MESSAGES } from "@shared/validation/messages";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { useResendVerification } from "../api/resend-verification";

/** Shown until the address is confirmed ('E-mail confirmed'); 'Verified Student' is the college's (Settings). */
export function VerifyEmailNotice() {
  const mutation = useResendVerification();
  const refusal = useOfflineRefusal();
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
          onClick={() => refusal.attempt(() => mutation.mutate(undefined, { onError: refusal.noteFailure }))}
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
      <OfflineRefusal shown={refusal.isRefused} className="mt-2" />
      {mutation.isError && !refusal.isRefused ? (
        <Alert tone="error" variant="inline" className="mt-2 text-sm">
          {/* The server's own words (e.g. too many); a lost connection is said above. */}
          {mutation.error.message}
        </Alert>
      ) : null}
    </section>
  );
}
