import { describe, expect, it } from "vitest";
import { eventDateTimeAttribute } from "./event-format";
import {
  applyEventFilterChange,
  eventsQueryString,
  isCalendarDate,
  parseEventFilters,
} from "./events-params";

const own = { college: "IIT Bombay", city: "Mumbai" };
const parse = (query: string) => parseEventFilters(new URLSearchParams(query), own);

describe("events filters in the address", () => {
  it("start as the student's own city, every college of it, any date, upcoming only", () => {
    expect(parse("")).toEqual({
      college: "",
      city: "Mumbai",
      date: "",
      search: "",
      isUpcomingOnly: true,
      isInterestedOnly: false,
      eventId: "",
    });
  });

  it("read an emptied college as every college, and upcoming=false as past events too", () => {
    expect(parse("college=&city=&upcoming=false")).toMatchObject({
      college: "",
      city: "",
      isUpcomingOnly: false,
    });
  });

  it("ignore a date that does not exist rather than send it", () => {
    expect(parse("date=2026-02-30").date).toBe("");
    expect(parse("date=24-11-2026").date).toBe("");
    expect(parse("date=2026-11-24").date).toBe("2026-11-24");
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
  });

  it("write college and city together and leave defaults out", () => {
    let params = applyEventFilterChange(new URLSearchParams(), { college: "COEP", city: "Pune" });
    params = applyEventFilterChange(params, { isUpcomingOnly: false, search: "hack", date: "2026-12-01" });
    expect(params.toString()).toBe("college=COEP&city=Pune&date=2026-12-01&search=hack&upcoming=false");
    params = applyEventFilterChange(params, { isUpcomingOnly: true, search: "", date: "" });
    expect(params.toString()).toBe("college=COEP&city=Pune");
    params = applyEventFilterChange(params, { college: "", city: "" });
    expect(params.toString()).toBe("college=&city=");
  });

  it("always tell the server whether only upcoming events are wanted", () => {
    expect(eventsQueryString(parse(""))).toBe("city=Mumbai&upcoming=true");
    expect(eventsQueryString(parse("college=&city=&upcoming=false&search=ml"))).toBe(
      "search=ml&upcoming=false",
    );
  });
});

describe("event dates", () => {
  it("give machines India's moment, whatever the reader's time zone", () => {
    expect(eventDateTimeAttribute({ date: "2026-11-24", time: "17:30" })).toBe("2026-11-24T17:30+05:30");
  });
});

describe("interest and shared links in the address", () => {
  const id = "5b0c7a52-3f6e-4a57-9d7b-1f2e3d4c5b6a";

  it("reads 'Only events I'm interested in' and asks the server for it", () => {
    const filters = parse("interested=true");
    expect(filters.isInterestedOnly).toBe(true);
    expect(eventsQueryString(filters)).toContain("interested=true");
    expect(eventsQueryString(parse(""))).not.toContain("interested");
  });

  it("opens a shared event by id, past or upcoming, and any filter change goes back to the list", () => {
    const filters = parse(`event=${id}`);
    expect(filters.eventId).toBe(id);
    expect(eventsQueryString(filters)).toBe(`id=${id}`);
    expect(parse("event=not-an-id").eventId).toBe("");
    expect(applyEventFilterChange(new URLSearchParams(`event=${id}`), { search: "robo" }).has("event")).toBe(
      false,
    );
  });
});
