import { describe, expect, it } from "vitest";
import { ADMIN_TABS, parseAdminTab } from "./admin-tabs";

describe("the admin tabs", () => {
  it("lists the spec's six sections in order, then Reports, Verifications and the audit log", () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual([
      "Events & Hackathons",
      "Marketplace",
      "Users Management",
      "Colleges",
      "Team Recruitment",
      "Support Tickets",
      "Reports",
      "Verifications",
      "Audit Log",
    ]);
  });

  it("opens the tab ?tab= names, and the first one for anything else", () => {
    expect(parseAdminTab("tickets")).toBe("tickets");
    expect(parseAdminTab(null)).toBe("events");
    expect(parseAdminTab("nonsense")).toBe("events");
  });
});
