import { describe, expect, it } from "vitest";
import { formatHolidayDate, formatHolidayRange } from "./holiday-format";

describe("holiday dates as India reads them", () => {
  it("writes day, short month and year", () => {
    expect(formatHolidayDate("2026-01-05")).toBe("5 Jan 2026");
  });

  it("keeps the calendar day whatever the clock's zone", () => {
    expect(formatHolidayDate("2026-12-31")).toBe("31 Dec 2026");
  });

  it("joins both ends of the range", () => {
    expect(formatHolidayRange("2026-01-05", "2026-01-12")).toBe("5 Jan 2026 to 12 Jan 2026");
  });

  it("shows nothing for a range without both dates", () => {
    expect(formatHolidayRange(null, "2026-01-12")).toBe("");
  });

  it("leaves an unreadable date as it is rather than 'Invalid Date'", () => {
    expect(formatHolidayDate("soon")).toBe("soon");
  });
});
