/** The admin panel's sections, in tab order; the id is what ?tab= holds. */
export const ADMIN_TABS = [
  { id: "events", label: "Events & Hackathons" },
  { id: "marketplace", label: "Marketplace" },
  { id: "users", label: "Users Management" },
  { id: "colleges", label: "Colleges" },
  { id: "recruitment", label: "Team Recruitment" },
  { id: "tickets", label: "Support Tickets" },
  { id: "reports", label: "Reports" },
  { id: "verifications", label: "Verifications" },
  { id: "audit", label: "Audit Log" },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

/** The tab a ?tab= value names; anything else opens the first tab. */
export function parseAdminTab(value: string | null): AdminTabId {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? "events";
}
