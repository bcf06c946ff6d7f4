import { TICKET_DESCRIPTION_MAX_LENGTH, TICKET_STATUSES } from "@shared/tickets-constants";
import { describe, expect, it } from "vitest";
import { formatTicketDate, isTicketFormComplete, ticketStatusClasses } from "./ticket-format";

describe("isTicketFormComplete", () => {
  it("needs one of the purposes and a description that is not blank", () => {
    expect(isTicketFormComplete({ purpose: "Technical Bug", description: "The page froze" })).toBe(true);
    expect(isTicketFormComplete({ purpose: "", description: "The page froze" })).toBe(false);
    expect(isTicketFormComplete({ purpose: "Something else", description: "The page froze" })).toBe(false);
    expect(isTicketFormComplete({ purpose: "Other", description: "" })).toBe(false);
    expect(isTicketFormComplete({ purpose: "Other", description: " \n\t " })).toBe(false);
  });

  it("refuses a description the server would refuse as too long", () => {
    const atLimit = "a".repeat(TICKET_DESCRIPTION_MAX_LENGTH);
    expect(isTicketFormComplete({ purpose: "Other", description: atLimit })).toBe(true);
    expect(isTicketFormComplete({ purpose: "Other", description: `${atLimit}a` })).toBe(false);
  });
});

describe("ticketStatusClasses", () => {
  it("colours open blue, in-progress yellow, resolved green, closed grey and rejected red", () => {
    expect(ticketStatusClasses("open")).toContain("bg-blue-100");
    expect(ticketStatusClasses("in-progress")).toContain("bg-yellow-100");
    expect(ticketStatusClasses("resolved")).toContain("bg-green-100");
    expect(ticketStatusClasses("closed")).toContain("bg-slate-100");
    expect(ticketStatusClasses("rejected")).toContain("bg-red-100");
    expect(new Set(TICKET_STATUSES.map(ticketStatusClasses)).size).toBe(TICKET_STATUSES.length);
  });
});

describe("formatTicketDate", () => {
  it("writes the date the Indian way, day before month", () => {
    const text = formatTicketDate("2026-01-16T09:30:00.000Z");
    expect(text).toMatch(/16 Jan 2026/);
  });

  it("gives an empty text for a date it cannot read", () => {
    expect(formatTicketDate("not a date")).toBe("");
  });
});
