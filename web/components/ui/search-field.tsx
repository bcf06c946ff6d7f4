import { SEARCH_DEBOUNCE_MS } from "@shared/constants";
import Search from "lucide-react/icons/search";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { inputClasses, labelClasses } from "./field";

interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The search in the address bar. */
  value: string;
  onCommit: (search: string) => void;
  className?: string;
  /** The label for screen readers only, where the box's icon and placeholder say what it is. */
  hideLabel?: boolean;
}

/**
 * A labelled search box whose text is committed 300 ms after the last keystroke, or at once on
 * Enter. A value changed from elsewhere (Reset, Back) replaces what the box shows.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onCommit,
  className = "",
  hideLabel = false,
}: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const timer = useRef<number | undefined>(undefined);
  // The timer must call the newest onCommit: an older one would write an older address back
  // (React Router's setSearchParams starts from the params of the render that made it), undoing
  // a filter changed in the meantime.
  const onCommitRef = useRef(onCommit);
  const pagePath = useRef(typeof window === "undefined" ? "" : window.location.pathname);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  useEffect(() => {
    if (value === committed.current) return;
    window.clearTimeout(timer.current);
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function commit(next: string) {
    window.clearTimeout(timer.current);
    const search = next.trim();
    if (search === committed.current) return;
    committed.current = search;
    onCommitRef.current(search);
  }

  function handleChange(next: string) {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      // Left for another page meanwhile (this one stays on screen while the next one loads):
      // the search would otherwise be written into that page's address.
      if (window.location.pathname !== pagePath.current) return;
      commit(next);
    }, SEARCH_DEBOUNCE_MS);
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    commit(text);
  }

  return (
    <search className={`min-w-0 ${className}`}>
      <form onSubmit={handleSubmit}>
        <label htmlFor={id} className={hideLabel ? "sr-only" : labelClasses}>
          {label}
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={id}
            type="search"
            name="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            placeholder={placeholder}
            value={text}
            onChange={(event) => handleChange(event.target.value)}
            className={`${inputClasses} pl-9`}
          />
        </div>
      </form>
    </search>
  );
}
