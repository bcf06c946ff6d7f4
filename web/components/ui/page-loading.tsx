import { OFFLINE_TEXTS } from "./offline-texts";
import { Spinner } from "./spinner";
import { useIsOnline } from "./use-is-online";

/**
 * Said in place of a page that cannot load until the connection is back. Plain words rather than the
 * kit's OfflineState: every page's first load carries this.
 */
export function PageOffline() {
  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">{OFFLINE_TEXTS.title}</p>
      <p className="mt-1 text-slate-600">{OFFLINE_TEXTS.page}</p>
    </div>
  );
}

/**
 * Shown while the session or a lazily loaded page is on its way; offline, a page's code waits for the
 * connection (web/lib/import-when-online.ts), and this says so rather than spinning.
 */
export function PageLoading({ label = "Loading..." }: { label?: string }) {
  const isOnline = useIsOnline();
  if (!isOnline) return <PageOffline />;
  return (
    <div role="status" className="flex min-h-[50dvh] items-center justify-center gap-3 p-8 text-slate-600">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

/** Shown in place of a dialog or a form that is loaded when it is opened, until it arrives. */
export function InlineLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <Spinner className="size-4" />
      {label}
    </span>
  );
}
