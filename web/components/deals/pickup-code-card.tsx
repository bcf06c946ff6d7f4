import { PICKUP_TEXTS } from "@shared/pickup-constants";
import KeyRound from "lucide-react/icons/key-round";
import { Alert } from "../ui/alert";
import { secondaryButton } from "../ui/button-styles";
import { useIsOnline } from "../ui/use-is-online";
import { usePickupCode } from "./api/get-pickup-code";

/**
 * The reserved buyer's pickup code in the chat: four digits to show the seller at the handover.
 * Only the buyer's own answer carries it; the seller types it in 'Confirm handover'.
 */
export function PickupCodeCard({ itemId }: { itemId: string }) {
  const { data, isPending, isError, refetch, isFetching } = usePickupCode(itemId);
  const isOnline = useIsOnline();
  const code = data?.pickup.code;
  return (
    <section
      aria-labelledby="pickup-code-title"
      className="flex shrink-0 items-center gap-3 border-t border-indigo-200 bg-indigo-50 px-3 py-2"
    >
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-indigo-700" />
      <div className="min-w-0 flex-1">
        <h3 id="pickup-code-title" className="text-xs font-semibold uppercase tracking-wide text-indigo-900">
          {PICKUP_TEXTS.cardTitle}
        </h3>
        <p className="text-sm text-indigo-950">{PICKUP_TEXTS.cardHelp}</p>
        {isError ? (
          <Alert tone="error" variant="inline" className="mt-1 text-sm">
            {isOnline ? PICKUP_TEXTS.loadFailed : "You are offline. The code shows once you are back online."}
          </Alert>
        ) : null}
      </div>
      {code ? (
        <p className="shrink-0 rounded-lg bg-white px-3 py-1 font-mono text-2xl font-bold tracking-[0.3em] text-slate-900 ring-1 ring-indigo-200">
          <span aria-hidden="true">{code}</span>
          {/* Read digit by digit, as the buyer will say it. */}
          <span className="sr-only">{code.split("").join(" ")}</span>
        </p>
      ) : isPending ? (
        <p role="status" className="shrink-0 text-sm text-slate-600">
          Loading…
        </p>
      ) : isError ? (
        <button
          type="button"
          disabled={isFetching}
          onClick={() => void refetch()}
          className={`${secondaryButton} shrink-0`}
        >
          Try again
        </button>
      ) : null}
    </section>
  );
}
