import { MAX_PAGE_BUTTONS } from "@shared/constants";
import { pageWindow } from "./page-window";

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name, when a page has more than one list. */
  label?: string;
}

const buttonBase =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";
const idle = `${buttonBase} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:hover:bg-white`;
const current = `${buttonBase} border-indigo-700 bg-indigo-700 text-white`;

/** Previous, up to five numbered pages around the current one, Next. */
export function Pagination({ page, totalPages, onChange, label = "Pagination" }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5 sm:gap-2">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} className={idle}>
        <span aria-hidden="true">‹</span>
        {/* Phones show only the arrow, to keep the row on one line; the name stays "Previous". */}
        <span className="sr-only sm:not-sr-only sm:ml-1">Previous</span>
      </button>
      {pageWindow(page, totalPages, MAX_PAGE_BUTTONS).map((number) => (
        <button
          key={number}
          type="button"
          aria-label={`Page ${number}`}
          aria-current={number === page ? "page" : undefined}
          onClick={() => number !== page && onChange(number)}
          className={number === page ? current : idle}
        >
          {number}
        </button>
      ))}
      <button type="button" disabled={page >= totalPages} onClick={() => onChange(page + 1)} className={idle}>
        <span className="sr-only sm:not-sr-only sm:mr-1">Next</span>
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
