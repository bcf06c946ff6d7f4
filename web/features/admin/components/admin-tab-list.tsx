import { type KeyboardEvent, useEffect, useRef } from "react";
import { ADMIN_TABS, type AdminTabId, adminTabAfterKey } from "../admin-tabs";

export const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
export const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

/**
 * The panel's sections as an ARIA tablist: one tab stop, arrows (and Home/End) move and select,
 * so the selected tab always has focus when keys move it.
 */
export function AdminTabList({
  selected,
  onSelect,
}: {
  selected: AdminTabId;
  onSelect: (id: AdminTabId) => void;
}) {
  const tabRefs = useRef(new Map<AdminTabId, HTMLButtonElement>());

  const listRef = useRef<HTMLDivElement>(null);

  // On a narrow screen the list scrolls sideways: keep the selected tab in sight, without
  // scrolling the page itself (so not scrollIntoView).
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current.get(selected);
    if (!list || !tab) return;
    const right = tab.offsetLeft + tab.offsetWidth;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
  }, [selected]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = adminTabAfterKey(selected, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    tabRefs.current.get(next)?.focus();
  }

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label="Admin sections"
      onKeyDown={handleKeyDown}
      className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
    >
      {ADMIN_TABS.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) tabRefs.current.set(tab.id, node);
              else tabRefs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={adminTabId(tab.id)}
            aria-selected={isSelected}
            // Only the shown panel exists, so only its tab points at it.
            aria-controls={isSelected ? adminPanelId(tab.id) : undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`-mb-px min-h-11 shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold transition-colors sm:px-4 ${
              isSelected
                ? "border-indigo-700 text-indigo-800"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
