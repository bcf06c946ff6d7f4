import { describe, expect, it } from "vitest";
import { formatHolidayRange } from "./holiday-format";

describe("a holiday range as India reads it", () => {
  it("joins both ends of the range, each as day, short month and year", () => {
    expect(formatHolidayRange("2026-01-05", "2026-01-12")).toBe("5 Jan 2026 to 12 Jan 2026");
  });

  it("keeps the calendar days whatever the clock's zone", () => {
    expect(formatHolidayRange("2026-12-30", "2026-12-31")).toBe("30 Dec 2026 to 31 Dec 2026");
  });

  it("shows nothing for a range without both dates", () => {
    expect(formatHolidayRange(null, "2026-01-12")).toBe("");
  });
});
