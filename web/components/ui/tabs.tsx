import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Shown after the label and read with it, e.g. an unread count. */
  badge?: ReactNode;
}

interface TabsProps<T extends string> {
  /** The tablist's accessible name, e.g. 'Admin sections'. */
  label: string;
  tabs: readonly TabItem<T>[];
  /** The selected tab: the caller's state or the address (?tab=) holds it. */
  selected: T;
  onSelect: (id: T) => void;
  /** The DOM id of each tab, so its panel can point back with aria-labelledby. */
  tabId: (id: T) => string;
  /**
   * The panel the tabs control. One id: a single panel whose content changes, every tab points
   * at it. A function: one panel per tab of which only the selected one exists, so only the
   * selected tab points at its panel.
   */
  panelId: string | ((id: T) => string);
  /** 'underline' (a row over the page, scrolling sideways on a phone) or 'segmented' (equal boxes). */
  variant?: "underline" | "segmented";
  className?: string;
}

const listClasses = {
  underline: "relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0",
  segmented: "grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1",
};

function tabClasses(variant: "underline" | "segmented", isSelected: boolean): string {
  if (variant === "segmented") {
    return `inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold ${
      isSelected ? "bg-white text-indigo-800 shadow-sm" : "text-slate-600 hover:text-slate-900"
    }`;
  }
  return `-mb-px inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold transition-colors sm:px-4 ${
    isSelected
      ? "border-indigo-700 text-indigo-800"
      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
  }`;
}

/** The tab an arrow, Home or End key moves to from `index`, wrapping round; null for other keys. */
function indexAfterKey(index: number, count: number, key: string): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * An ARIA tablist with automatic activation: one tab stop (roving tabindex), ArrowLeft/Right
 * (wrapping), Home and End move and select, so the selected tab has focus when keys move it.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  tabId,
  panelId,
  variant = "underline",
  className = "",
}: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());

  // When the list scrolls sideways (a narrow screen), keep the selected tab in sight without
  // scrolling the page itself (so not scrollIntoView).
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(selected);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const right = tab.offsetLeft + tab.offsetWidth;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
  }, [selected]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = indexAfterKey(index, tabs.length, event.key);
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={handleKeyDown}
      className={`${listClasses[variant]} ${className}`}
    >
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        const controls = typeof panelId === "string" ? panelId : isSelected ? panelId(tab.id) : undefined;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={controls}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={tabClasses(variant, isSelected)}
          >
            {tab.label}
            {tab.badge}
          </button>
        );
      })}
    </div>
  );
}
