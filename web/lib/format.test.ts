import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { describe, expect, it } from "vitest";
import {
  campusDay,
  formatCalendarDate,
  formatCalendarDateTime,
  formatDate,
  formatDateTime,
  formatDayMonth,
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

describe("the texts match Intl's Indian English formats", () => {
  // A spread of moments over fifty years, each hour and minute of the day and both sides of
  // midnight on campus, from a fixed seed so that a failure can be replayed.
  let seed = 20261129;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const START = Date.UTC(2000, 0, 1);
  const moments = Array.from(
    { length: 2000 },
    () => new Date(START + Math.floor(random() * 50 * 365.25 * 864e5)),
  );
  const campus = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-IN", { ...options, timeZone: CAMPUS_TIME_ZONE });
  const dayMonthYear = { day: "numeric", month: "short", year: "numeric" } as const;
  const time = { hour: "numeric", minute: "2-digit" } as const;

  it("formats rupees as Intl does, whole or not", () => {
    const amounts = [
      0, 1, 999, 1000, 99_999, 100_000, 1_25_000, 12_345_678, 98_76_54_321, -1234, 12.5, 0.125,
    ];
    for (let i = 0; i < 500; i++) amounts.push(Math.floor(random() * 10 ** Math.ceil(random() * 12)));
    const intl = new Intl.NumberFormat("en-IN");
    for (const amount of amounts)
      expect(formatRupees(amount), String(amount)).toBe(`₹${intl.format(amount)}`);
  });

  it("formats campus days and times as Intl does in the campus time zone", () => {
    const [date, dayMonth, dateTime, clock] = [
      campus(dayMonthYear),
      campus({ day: "numeric", month: "short" }),
      campus({ ...dayMonthYear, ...time }),
      campus(time),
    ];
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: CAMPUS_TIME_ZONE });
    for (const moment of moments) {
      const iso = moment.toISOString();
      expect(formatDate(iso), iso).toBe(date.format(moment));
      expect(formatDayMonth(iso), iso).toBe(dayMonth.format(moment));
      expect(formatDateTime(iso), iso).toBe(dateTime.format(moment));
      expect(formatTimeOrDay(iso, moment), iso).toBe(clock.format(moment));
      expect(campusDay(moment), iso).toBe(day.format(moment));
    }
  });

  it("formats stored wall-clock dates and times as Intl does in UTC", () => {
    const utc = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-IN", { ...options, timeZone: "UTC" });
    const [date, dateTime] = [utc(dayMonthYear), utc({ ...dayMonthYear, ...time })];
    for (const moment of moments) {
      const [day, clock] = [moment.toISOString().slice(0, 10), moment.toISOString().slice(11, 16)];
      const wallClock = new Date(`${day}T${clock}:00Z`);
      expect(formatCalendarDate(day)).toBe(date.format(wallClock));
      expect(formatCalendarDateTime(day, clock)).toBe(dateTime.format(wallClock));
    }
  });
});
