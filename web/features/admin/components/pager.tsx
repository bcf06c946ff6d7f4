import { secondaryButton } from "../../../components/ui/button-styles";

interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** What is paged, for the navigation landmark's name, e.g. 'Users pages'. */
  label: string;
}

/** Previous / 'Page X of Y' / Next. */
export function Pager({ page, totalPages, onPageChange, label }: PagerProps) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <button
        type="button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        className={secondaryButton}
      >
        Previous
      </button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {Math.max(1, totalPages)}
      </p>
      <button
        type="button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        className={secondaryButton}
      >
        Next
      </button>
    </nav>
  );
}
