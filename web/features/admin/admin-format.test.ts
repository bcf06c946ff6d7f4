import { describe, expect, it } from "vitest";
import { describeAuditAction, describeAuditTarget, describeMirror, isTicketIdShaped } from "./admin-format";

describe("admin formatting", () => {
  it("says where a ticket's copy to the form service stands", () => {
    expect(describeMirror({ state: "sent", attempts: 1, lastError: null })).toBe("Sent");
    expect(describeMirror({ state: "failed", attempts: 3, lastError: "HTTP 500" })).toBe(
      "Failed after 3 attempts: HTTP 500",
    );
    expect(describeMirror({ state: "off", attempts: 0, lastError: null })).toMatch(/^Off/);
  });

  it("accepts six-digit ticket IDs only", () => {
    expect(isTicketIdShaped("123456")).toBe(true);
    expect(isTicketIdShaped("12345")).toBe(false);
    expect(isTicketIdShaped("12345a")).toBe(false);
  });

  it("names audit actions and their records in words", () => {
    expect(describeAuditAction("item.delete")).toBe("Deleted marketplace post");
    expect(describeAuditAction("something.new")).toBe("something.new");
    expect(
      describeAuditTarget({ targetType: "college", targetId: "x", details: { city: "Pune", name: "COEP" } }),
    ).toBe("COEP, Pune");
    expect(describeAuditTarget({ targetType: "ticket", targetId: "123456", details: {} })).toBe(
      "Ticket #123456",
    );
    expect(
      describeAuditTarget({ targetType: "user", targetId: "u1", details: { before: { name: "Asha" } } }),
    ).toBe("Asha");
  });
});
