import { SIGNUP_MESSAGES } from "@shared/validation/messages";

function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The blocked state: the spec's banner in whole minutes (rounded up) and a mm:ss clock for the eye. */
export function SignupBlockBanner({ remainingSeconds }: { remainingSeconds: number }) {
  const minutes = Math.ceil(remainingSeconds / 60);
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>{SIGNUP_MESSAGES.blockBanner(minutes)}</span>
      {/* The ticking clock is not announced: a change every second would drown a screen reader. */}
      <span aria-hidden="true" className="font-mono font-semibold tabular-nums">
        {formatClock(remainingSeconds)}
      </span>
    </div>
  );
}
