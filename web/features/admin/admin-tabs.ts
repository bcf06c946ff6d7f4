/** The admin panel's sections, in tab order; the id is what ?tab= holds. */
export const ADMIN_TABS = [
  { id: "events", label: "Events & Hackathons" },
  { id: "marketplace", label: "Marketplace" },
  { id: "users", label: "Users Management" },
  { id: "colleges", label: "Colleges" },
  { id: "recruitment", label: "Team Recruitment" },
  { id: "tickets", label: "Support Tickets" },
  { id: "audit", label: "Audit Log" },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

/** The tab a ?tab= value names; anything else opens the first tab. */
export function parseAdminTab(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? "events";
}

/** The tab an arrow, Home or End key moves to from `current`, wrapping round; null for other keys. */
export function adminTabAfterKey(current: AdminTabId, key: string): AdminTabId | null {
  const index = ADMIN_TABS.findIndex((tab) => tab.id === current);
  const last = ADMIN_TABS.length - 1;
  const next =
    key === "ArrowRight"
      ? (index + 1) % ADMIN_TABS.length
      : key === "ArrowLeft"
        ? (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length
        : key === "Home"
          ? 0
          : key === "End"
            ? last
            : null;
  return next === null ? null : (ADMIN_TABS[next]?.id ?? null);
}
