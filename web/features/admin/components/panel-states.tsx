import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { Spinner } from "../../../components/ui/spinner";

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-700">
      <Spinner />
      {children}
    </p>
  );
}

/** A list that could not load, with a way to ask again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
      <span>{children}</span>
      <button type="button" onClick={onRetry} className={secondaryButton}>
        Try again
      </button>
    </Alert>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/** A white card for one section of a tab. */
export function PanelSection({
  title,
  titleId,
  actions,
  children,
}: {
  title: ReactNode;
  titleId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A small red 'Delete' style button; the visible word plus a hidden name of what it deletes. */
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";

/** A table's frame that scrolls sideways on a narrow screen, and can be scrolled by keyboard. */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      // relative: the hidden parts of labels (sr-only, absolutely placed) scroll with the table
      // instead of widening the whole page.
      className="relative overflow-x-auto rounded-lg border border-slate-200"
    >
      {children}
    </section>
  );
}

/** A form's failure that belongs to no one field (usually the server's answer), read out at once. */
export function FormError({ message, className = "" }: { message: string | null; className?: string }) {
  return message ? (
    <Alert tone="error" as="p" className={`font-medium ${className}`}>
      {message}
    </Alert>
  ) : null;
}

/**
 * A table that becomes a list of cards on a phone (below `sm`): no column headings, each row a
 * bordered card, each cell on its own line named by its CellLabel. Wide screens keep the table.
 */
export const cardTable = {
  table: "w-full text-left text-sm max-sm:block",
  head: "max-sm:hidden",
  body: "divide-y divide-slate-200 max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:p-3",
  row: "max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3",
  cell: "max-sm:block max-sm:px-0 max-sm:py-1",
};

/** A cell's column name, shown on a phone only, where the table's headings are not. */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="font-semibold text-slate-600 sm:hidden">{children}: </span>;
}
