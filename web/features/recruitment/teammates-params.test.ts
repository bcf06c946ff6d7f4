import { describe, expect, it } from "vitest";
import {
  applyRecruitmentFilterChange,
  applyRecruitmentPageChange,
  parseRecruitmentFilters,
  recruitmentQueryString,
} from "./teammates-params";

describe("teammate filters in the address", () => {
  it("start as newest first, all years, the student's own college", () => {
    expect(parseRecruitmentFilters(new URLSearchParams(""), "COEP")).toEqual({
      search: "",
      year: "",
      sort: "newest",
      college: "COEP",
      page: 1,
      showFull: false,
      eventId: "",
      postId: "",
      mine: false,
    });
  });

  it("keep the page in the address, and go back to page 1 when a filter changes", () => {
    expect(parseRecruitmentFilters(new URLSearchParams("page=3"), "COEP").page).toBe(3);
    for (const bad of ["0", "-2", "1.5", "two", "10001"]) {
      expect(parseRecruitmentFilters(new URLSearchParams(`page=${bad}`), "COEP").page).toBe(1);
    }
    let params = applyRecruitmentPageChange(new URLSearchParams("year=2nd+Year"), 3);
    expect(params.toString()).toBe("year=2nd+Year&page=3");
    expect(recruitmentQueryString(parseRecruitmentFilters(params, ""))).toBe(
      "year=2nd+Year&sort=newest&page=3",
    );
    params = applyRecruitmentFilterChange(params, { search: "robot" });
    expect(params.toString()).toBe("year=2nd+Year&search=robot");
    expect(applyRecruitmentPageChange(new URLSearchParams("page=3"), 1).toString()).toBe("");
  });

  it("fall back to the defaults for unknown years and sorts; college= means every college", () => {
    const filters = parseRecruitmentFilters(
      new URLSearchParams("year=5th+Year&sort=cheapest&college="),
      "COEP",
    );
    expect(filters).toMatchObject({ year: "", sort: "newest", college: "" });
  });

  it("write only what differs from the defaults, but keep an emptied college", () => {
    let params = applyRecruitmentFilterChange(new URLSearchParams(), { year: "2nd Year", sort: "size-desc" });
    expect(params.toString()).toBe("year=2nd+Year&sort=size-desc");
    params = applyRecruitmentFilterChange(params, { year: "", sort: "newest", college: "" });
    expect(params.toString()).toBe("college=");
    expect(recruitmentQueryString(parseRecruitmentFilters(params, "COEP"))).toBe("sort=newest");
  });
});

describe("full teams and an event's teams in the address", () => {
  const id = "5b0c7a52-3f6e-4a57-9d7b-1f2e3d4c5b6a";

  it("hide full teams unless 'Show full teams' is ticked", () => {
    expect(parseRecruitmentFilters(new URLSearchParams(""), "COEP").showFull).toBe(false);
    const ticked = parseRecruitmentFilters(new URLSearchParams("showFull=true"), "COEP");
    expect(recruitmentQueryString(ticked)).toContain("showFull=true");
  });

  it("list an event's teams from every college", () => {
    const filters = parseRecruitmentFilters(new URLSearchParams(`eventId=${id}`), "COEP");
    expect(filters.eventId).toBe(id);
    const query = new URLSearchParams(recruitmentQueryString(filters));
    expect(query.get("eventId")).toBe(id);
    expect(query.has("college")).toBe(false);
  });
});

describe("one post's card in the address", () => {
  const id = "7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

  it("asks the server for that post alone, whatever the other filters say", () => {
    const filters = parseRecruitmentFilters(new URLSearchParams(`post=${id}&year=2nd+Year&page=3`), "COEP");
    expect(filters.postId).toBe(id);
    expect(recruitmentQueryString(filters)).toBe(`sort=newest&id=${id}`);
    expect(parseRecruitmentFilters(new URLSearchParams("post=not-an-id"), "COEP").postId).toBe("");
  });

  it("gives way to the list when any filter changes", () => {
    const params = applyRecruitmentFilterChange(new URLSearchParams(`post=${id}`), { search: "robot" });
    expect(params.toString()).toBe("search=robot");
    expect(applyRecruitmentFilterChange(new URLSearchParams(`post=${id}`), {}).toString()).toBe("");
  });
});

describe("My teams in the address", () => {
  it("reads mine=true and asks the server for the student's own teams, whatever the filters", () => {
    const filters = parseRecruitmentFilters(new URLSearchParams("mine=true&year=2nd+Year"), "IIT Bombay");
    expect(filters.mine).toBe(true);
    expect(recruitmentQueryString(filters)).toBe("sort=newest&mine=true");
    expect(applyRecruitmentFilterChange(new URLSearchParams("page=3"), { mine: true }).toString()).toBe(
      "mine=true",
    );
  });
});
