import { Spinner } from "./spinner";

/** Shown while the session or a lazily loaded page is on its way. */
export function PageLoading({ label = "Loading..." }: { label?: string }) {
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
