import { type CollegeOption, filterCollegeOptions, formatCollegeOption } from "@shared/colleges";
import { useQuery } from "@tanstack/react-query";
import { type InputHTMLAttributes, type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { collegeSearchQueryOptions } from "./api/college-search-query";
import { collegeOptionsQueryOptions } from "./api/colleges-query";

/** How long typing pauses before the server is asked (a few requests a word, not one a letter). */
const SEARCH_PAUSE_MS = 150;

interface CollegeComboboxOptions {
  /** Called with the college chosen by a click or Enter. */
  onSelect: (option: CollegeOption) => void;
  /** What the box reads before any typing. */
  initialQuery?: string;
  /**
   * Signup's box holds the chosen college's text; the filters empty theirs, because their choice
   * shows as a chip and the box is only for searching.
   */
  isChoiceKeptInBox?: boolean;
  /**
   * Signup leaves Enter without an active option to its form, which submits; the filters have
   * nothing to submit, so there Enter never goes past the box.
   */
  canEnterSubmit?: boolean;
  /**
   * Typed text is matched by the server (any word of a name, short names such as 'IITB'); without
   * it, the directory is filtered here by starts-with.
   */
  isSearchedOnServer?: boolean;
}

export type CollegeComboboxState = ReturnType<typeof useCollegeCombobox>;

/**
 * The part every college picker shares (signup, Browse, events, teammates): an ARIA 1.2 combobox
 * over the college directory with starts-with suggestions, arrows, Enter and Escape. Spread
 * `inputProps` on the input and hand the whole result to `CollegeListbox`.
 */
export function useCollegeCombobox({
  onSelect,
  initialQuery = "",
  isChoiceKeptInBox = false,
  canEnterSubmit = false,
  isSearchedOnServer = false,
}: CollegeComboboxOptions) {
  // The directory (some 15 KB) is asked for when someone first reaches for the box, not with the page.
  const [isWanted, setIsWanted] = useState(false);
  const {
    data: options = [],
    isPending,
    isError,
    refetch,
  } = useQuery({ ...collegeOptionsQueryOptions, enabled: isWanted });
  const [query, setQuery] = useState(initialQuery);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const typed = query.trim();
  const [searched, setSearched] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSearched(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const isServerSearch = isSearchedOnServer && isWanted && typed.length > 0;
  const serverSearch = useQuery({
    ...collegeSearchQueryOptions(searched),
    enabled: isSearchedOnServer && isWanted && searched.length > 0,
  });
  const localMatches = useMemo(() => filterCollegeOptions(options, query), [options, query]);
  const matches = isServerSearch ? (serverSearch.data ?? []) : localMatches;
  const isListShown = isOpen && matches.length > 0;

  useEffect(() => {
    if (isListShown && activeIndex >= 0) {
      document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
    }
  }, [isListShown, activeIndex, baseId]);

  function close() {
    setIsOpen(false);
    setActiveIndex(-1);
  }

  function handleQueryChange(text: string) {
    setQuery(text);
    setIsOpen(true);
    setActiveIndex(-1);
  }

  function select(option: CollegeOption) {
    onSelect(option);
    setQuery(isChoiceKeptInBox ? formatCollegeOption(option) : "");
    close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => Math.min(index + 1, last));
        break;
      case "ArrowUp":
        event.preventDefault();
        setIsOpen(true);
        setActiveIndex((index) => (index <= 0 ? last : index - 1));
        break;
      case "Enter": {
        // An active option is chosen; otherwise Enter reaches the form only where that is allowed.
        const active = isListShown && activeIndex >= 0 ? matches[activeIndex] : undefined;
        if (active || !canEnterSubmit) event.preventDefault();
        if (active) select(active);
        break;
      }
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          close();
        }
        break;
    }
  }

  return {
    /** For ids of the picker's own parts, such as the text that describes the choice. */
    baseId,
    inputId,
    listboxId,
    optionId,
    setQuery,
    matches,
    activeIndex,
    setActiveIndex,
    isOpen,
    isListShown,
    isPending: isServerSearch ? serverSearch.data === undefined && !serverSearch.isError : isPending,
    isError: isServerSearch ? serverSearch.isError : isError,
    refetch: isServerSearch ? serverSearch.refetch : refetch,
    close,
    select,
    handleQueryChange,
    /** The combobox wiring of the input; each picker adds its name, placeholder, onChange and onBlur. */
    inputProps: {
      id: inputId,
      role: "combobox",
      "aria-expanded": isListShown,
      "aria-controls": listboxId,
      "aria-activedescendant": isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined,
      "aria-autocomplete": "list",
      autoComplete: "off",
      value: query,
      onFocus: () => setIsWanted(true),
      onClick: () => setIsOpen(true),
      onKeyDown: handleKeyDown,
    } satisfies InputHTMLAttributes<HTMLInputElement>,
  };
}
