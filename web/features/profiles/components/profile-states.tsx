import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Spinner } from "../../../components/ui/spinner";

const panel =
  "flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center shadow-sm";

export function ProfileLoading() {
  return (
    <div role="status" className={`${panel} gap-3 text-slate-600`}>
      <Spinner className="size-8" />
      <span>Loading profile...</span>
    </div>
  );
}

/** An unknown or removed person, or a mistyped link. */
export function ProfileNotFound() {
  return (
    <section className={panel}>
      <h1 className="text-xl font-bold text-slate-900">{SETTINGS_MESSAGES.userNotFound}</h1>
      <p className="mt-2 text-slate-600">This profile does not exist, or the link is wrong.</p>
      <Link to="/dashboard" className={`${primaryButton} mt-6`}>
        Back to Dashboard
      </Link>
    </section>
  );
}

/** Signed in, but there is no profile record to show (the spec's 'Complete your profile'). */
export function CompleteProfileNotice() {
  return (
    <section className={panel}>
      <h1 className="text-xl font-bold text-slate-900">{SETTINGS_MESSAGES.completeProfile}</h1>
      <p className="mt-2 max-w-md text-slate-600">
        We could not find your profile details. Please sign out and sign in again, or contact support if this
        keeps happening.
      </p>
      <Link to="/dashboard" className={`${primaryButton} mt-6`}>
        Back to Dashboard
      </Link>
    </section>
  );
}

/** Anything else that went wrong while loading (offline, server fault): say so and offer a retry. */
export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    // Drawn like the other profile states, each of its parts in its own colour.
    <Alert tone="error" variant="inline" as="section" className={panel}>
      <h1 className="text-xl font-bold text-slate-900">Could not load the profile</h1>
      <p className="mt-2 text-slate-600">Please check your connection and try again.</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-6`}>
        Try again
      </button>
    </Alert>
  );
}
