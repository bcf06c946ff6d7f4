import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCalendarDateTime,
  formatDate,
  formatDateTime,
  formatRupees,
  formatTimeAgo,
  formatTimeOrDay,
  formatTimeWithDay,
} from "./format";

// 09:00 UTC is 2:30 pm in India; 20:00 UTC on the 23rd is already the 24th there.
const AFTERNOON = "2026-11-23T09:00:00Z";
const LATE_EVENING_UTC = "2026-11-23T20:00:00Z";

describe("formatRupees", () => {
  it("writes the rupee sign and Indian digit grouping", () => {
    expect(formatRupees(1)).toBe("₹1");
    expect(formatRupees(1500)).toBe("₹1,500");
    expect(formatRupees(125000)).toBe("₹1,25,000");
    expect(formatRupees(10000000)).toBe("₹1,00,00,000");
  });
});

describe("formatDate and formatDateTime", () => {
  it("shows the campus calendar day and clock", () => {
    expect(formatDate(AFTERNOON)).toBe("23 Nov 2026");
    expect(formatDateTime(AFTERNOON)).toBe("23 Nov 2026, 2:30 pm");
  });

  it("moves to the next day when it is past midnight on campus", () => {
    expect(formatDate(LATE_EVENING_UTC)).toBe("24 Nov 2026");
    expect(formatDateTime(LATE_EVENING_UTC)).toBe("24 Nov 2026, 1:30 am");
  });

  it("shows nothing for an unreadable date", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatDateTime("")).toBe("");
  });
});

describe("formatTimeOrDay and formatTimeWithDay", () => {
  const sameDay = new Date("2026-11-23T15:00:00Z");
  const nextDay = new Date("2026-11-24T09:00:00Z");

  it("shows only the time on the same campus day", () => {
    expect(formatTimeOrDay(AFTERNOON, sameDay)).toBe("2:30 pm");
    expect(formatTimeWithDay(AFTERNOON, sameDay)).toBe("2:30 pm");
  });

  it("shows the day for anything older", () => {
    expect(formatTimeOrDay(AFTERNOON, nextDay)).toBe("23 Nov");
    expect(formatTimeWithDay(AFTERNOON, nextDay)).toBe("23 Nov, 2:30 pm");
  });

  it("counts days by the campus clock, not UTC", () => {
    // 20:00 UTC on the 23rd and 09:00 UTC on the 24th are both the 24th on campus.
    expect(formatTimeOrDay(LATE_EVENING_UTC, nextDay)).toBe("1:30 am");
  });

  it("shows nothing for an unreadable date", () => {
    expect(formatTimeOrDay("nope", sameDay)).toBe("");
    expect(formatTimeWithDay("nope", sameDay)).toBe("");
  });
});

describe("formatCalendarDate and formatCalendarDateTime", () => {
  it("shows a stored campus date and time as they are, never shifted", () => {
    expect(formatCalendarDate("2026-01-05")).toBe("5 Jan 2026");
    expect(formatCalendarDateTime("2026-11-24", "17:30")).toBe("24 Nov 2026, 5:30 pm");
    expect(formatCalendarDateTime("2026-11-24", "23:45")).toBe("24 Nov 2026, 11:45 pm");
  });

  it("falls back to the raw text when it cannot be read", () => {
    expect(formatCalendarDate("someday")).toBe("someday");
    expect(formatCalendarDateTime("someday", "17:30")).toBe("someday 17:30");
    expect(formatCalendarDateTime("2026-11-24", "25:00")).toBe("2026-11-24 25:00");
  });
});

describe("formatTimeAgo", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it("rounds down to whole minutes, hours and days", () => {
    expect(formatTimeAgo(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatTimeAgo(ago(3 * 3_600_000 + 59 * 60_000), now)).toBe("3 hours ago");
    expect(formatTimeAgo(ago(26 * 3_600_000), now)).toBe("yesterday");
    expect(formatTimeAgo(ago(10 * 86_400_000), now)).toBe("10 days ago");
  });

  it("reads a moment ago, or a clock slightly ahead, as this minute", () => {
    expect(formatTimeAgo(ago(10_000), now)).toBe("this minute");
    expect(formatTimeAgo(ago(-10_000), now)).toBe("this minute");
  });

  it("shows nothing for an unreadable date", () => {
    expect(formatTimeAgo("nope", now)).toBe("");
  });
});
