import type { ChatTab } from "@shared/api/chats";
import type { KeyboardEvent } from "react";

export const CHAT_TABS: { value: ChatTab; label: string }[] = [
  { value: "buying", label: "Buying" },
  { value: "selling", label: "Selling" },
  { value: "recruitment", label: "Recruitment" },
];

export const tabId = (baseId: string, tab: ChatTab) => `${baseId}-tab-${tab}`;

interface ChatTabsProps {
  baseId: string;
  panelId: string;
  selected: ChatTab;
  onSelect: (tab: ChatTab) => void;
}

/** A tablist as the ARIA pattern has it: one tab stop, arrow keys, Home and End move and select. */
export function ChatTabs({ baseId, panelId, selected, onSelect }: ChatTabsProps) {
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = CHAT_TABS.findIndex((tab) => tab.value === selected);
    const last = CHAT_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % CHAT_TABS.length
        : event.key === "ArrowLeft"
          ? (index + last) % CHAT_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = CHAT_TABS[next];
    if (!tab) return;
    onSelect(tab.value);
    document.getElementById(tabId(baseId, tab.value))?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Chat categories"
      onKeyDown={handleKeyDown}
      className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {CHAT_TABS.map((tab) => {
        const isSelected = tab.value === selected;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(baseId, tab.value)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            className={`min-h-11 rounded-md px-2 text-sm font-semibold ${
              isSelected ? "bg-white text-indigo-800 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
