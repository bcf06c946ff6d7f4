import { describe, expect, it } from "vitest";
import { activeFilterCount, applyFilterChange, applyPageChange, parseBrowseFilters } from "./browse-params";

const parse = (query: string, college = "IIT Delhi") =>
  parseBrowseFilters(new URLSearchParams(query), college);

describe("browse filters in the query string", () => {
  it("uses the defaults and the student's own college when the address has no filters", () => {
    expect(parse("")).toEqual({
      search: "",
      category: "all",
      college: "IIT Delhi",
      sort: "newest",
      hideReserved: false,
      verifiedOnly: false,
      page: 1,
    });
  });

  it("reads 'Verified sellers only' from verifiedOnly=true, and leaves it out of the address when unticked", () => {
    expect(parse("verifiedOnly=true").verifiedOnly).toBe(true);
    expect(
      applyFilterChange(new URLSearchParams("verifiedOnly=true"), { verifiedOnly: false }).toString(),
    ).toBe("");
    expect(applyFilterChange(new URLSearchParams(""), { verifiedOnly: true }).get("verifiedOnly")).toBe(
      "true",
    );
  });

  it("reads 'Hide reserved' from hideReserved=true, and leaves it out of the address when unticked", () => {
    expect(parse("hideReserved=true").hideReserved).toBe(true);
    expect(
      applyFilterChange(new URLSearchParams("hideReserved=true"), { hideReserved: false }).toString(),
    ).toBe("");
    expect(applyFilterChange(new URLSearchParams(""), { hideReserved: true }).get("hideReserved")).toBe(
      "true",
    );
  });

  it("keeps a cleared college (college=) instead of adding the student's own again", () => {
    expect(parse("college=").college).toBe("");
    expect(parse("college=NIT%20Trichy").college).toBe("NIT Trichy");
  });

  it("falls back to defaults for unknown values", () => {
    expect(parse("category=cars&sort=cheap&page=-2")).toMatchObject({
      category: "all",
      sort: "newest",
      page: 1,
    });
    expect(parse("category=books&sort=price-low&page=3")).toMatchObject({
      category: "books",
      sort: "price-low",
      page: 3,
    });
  });

  it("goes back to page 1 when a filter changes and leaves defaults out", () => {
    const params = new URLSearchParams("search=lamp&category=books&page=4&college=");
    expect(applyFilterChange(params, { category: "all" }).toString()).toBe("search=lamp&college=");
    expect(applyFilterChange(params, { search: "  " }).toString()).toBe("category=books&college=");
    expect(applyFilterChange(params, { sort: "oldest" }).get("page")).toBeNull();
  });

  it("writes page numbers above 1 only", () => {
    const params = new URLSearchParams("search=lamp");
    expect(applyPageChange(params, 3).toString()).toBe("search=lamp&page=3");
    expect(applyPageChange(new URLSearchParams("page=3"), 1).toString()).toBe("");
  });
});

describe("the Filters button's count", () => {
  it("counts a chosen category and a chosen college, not the search or the sort", () => {
    expect(activeFilterCount({ category: "all", college: "" })).toBe(0);
    expect(activeFilterCount({ category: "books", college: "" })).toBe(1);
    expect(activeFilterCount({ category: "all", college: "IIT Delhi" })).toBe(1);
    expect(activeFilterCount(parse("category=books&search=lamp&sort=oldest"))).toBe(2);
  });
});
