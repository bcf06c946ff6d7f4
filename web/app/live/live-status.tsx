import { Spinner } from "../../components/ui/spinner";
import { useLiveConnection } from "./live-provider";

/**
 * A quiet note in the bar while the live connection is down for more than a few seconds. The
 * status region stays in the page so its text is announced when it appears.
 */
export function LiveStatus({ className = "" }: { className?: string }) {
  const { isReconnecting } = useLiveConnection();
  return (
    <div role="status" className={className}>
      {isReconnecting ? (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900">
          <Spinner className="size-3.5" />
          {/* A phone's bar has no room for the words next to the brand; they are still read out. */}
          <span className="sr-only sm:not-sr-only">Reconnecting…</span>
        </span>
      ) : null}
    </div>
  );
}
