import { CreateTicketBodySchema } from "@shared/api/tickets";
import { TICKET_DESCRIPTION_MAX_LENGTH } from "@shared/tickets-constants";
import { describe, expect, it } from "vitest";
import { isTicketFormComplete } from "./ticket-format";

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

  it("agrees with the server's schema", () => {
    const long = "a".repeat(TICKET_DESCRIPTION_MAX_LENGTH + 1);
    for (const purpose of ["", "Other", "Safety Concerns", "other", "Something else"]) {
      for (const description of ["", "  ", "The page froze", long]) {
        const form = { purpose, description };
        expect(isTicketFormComplete(form), JSON.stringify(form)).toBe(
          CreateTicketBodySchema.safeParse(form).success,
        );
      }
    }
  });
});
