import { describe, expect, it } from "vitest";
import { calendarDate } from "../api/calendar-date";
import { isCalendarDate } from "./dates";

describe("isCalendarDate", () => {
  it.each(["2024-02-29", "2000-02-29", "2025-12-31", "2025-01-01", "0001-01-01", "9999-12-31"])(
    "takes %s",
    (value) => expect(isCalendarDate(value)).toBe(true),
  );

  it.each([
    "2024-02-31",
    "2023-02-29",
    "1900-02-29",
    "2025-04-31",
    "2025-13-01",
    "2025-00-10",
    "2025-01-00",
    "9999-99-99",
    "0000-01-01",
    "2025-1-01",
    "20250101",
    " 2025-01-01",
    "2025-01-01T00:00",
    "",
  ])("refuses %j", (value) => expect(isCalendarDate(value)).toBe(false));
});

describe("calendarDate", () => {
  it("refuses an impossible day with the field's own message", () => {
    const schema = calendarDate("Please choose a valid date.");
    expect(schema.safeParse("2024-02-30").error?.issues[0]?.message).toBe("Please choose a valid date.");
    expect(schema.safeParse(20240230).error?.issues[0]?.message).toBe("Please choose a valid date.");
    expect(schema.parse("2024-02-29")).toBe("2024-02-29");
  });
});
