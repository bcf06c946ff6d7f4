import { browseApiPath } from "@shared/browse-filters";
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
      city: "",
      minPrice: 0,
      maxPrice: 0,
      condition: "",
      sort: "newest",
      hideReserved: false,
      verifiedOnly: false,
      page: 1,
    });
  });

  it("a typed search sorts by best match unless a sort is picked; 'Newest First' is then written, as it is a choice", () => {
    expect(parse("search=calculator").sort).toBe("best-match");
    expect(parse("search=calculator&sort=newest").sort).toBe("newest");
    expect(parse("sort=best-match").sort).toBe("newest");
    const searching = applyFilterChange(new URLSearchParams(""), { search: "calculator" });
    expect(searching.has("sort")).toBe(false);
    expect(applyFilterChange(searching, { sort: "newest" }).get("sort")).toBe("newest");
    expect(
      applyFilterChange(new URLSearchParams("search=calculator&sort=newest"), { sort: "best-match" }).has(
        "sort",
      ),
    ).toBe(false);
    // Without a search, newest is the default again and stays out of the address.
    expect(applyFilterChange(new URLSearchParams(""), { sort: "newest" }).has("sort")).toBe(false);
  });

  it("starts a student whose college is pending on their city, until the address names a college or city", () => {
    const pending = (query: string) => parseBrowseFilters(new URLSearchParams(query), "", "Nashik");
    expect(pending("")).toMatchObject({ college: "", city: "Nashik" });
    expect(pending("city=Pune")).toMatchObject({ college: "", city: "Pune" });
    expect(pending("city=")).toMatchObject({ college: "", city: "" });
    expect(pending("college=IIT%20Bombay")).toMatchObject({ college: "IIT Bombay", city: "" });
    // A student with a college keeps the spec's default: their college, no city.
    expect(parseBrowseFilters(new URLSearchParams(""), "IIT Delhi", "")).toMatchObject({ city: "" });
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

  it("reads city, price and condition, and drops what is out of range", () => {
    expect(parse("city=Bhopal&minPrice=100&maxPrice=500&condition=like%20new")).toMatchObject({
      city: "Bhopal",
      minPrice: 100,
      maxPrice: 500,
      condition: "like new",
    });
    expect(parse("minPrice=-5&maxPrice=abc&condition=broken")).toMatchObject({
      minPrice: 0,
      maxPrice: 0,
      condition: "",
    });
  });

  it("writes price and condition into the address, leaves their defaults out, and goes back to page 1", () => {
    const next = applyFilterChange(new URLSearchParams("page=3&college=IIT%20Delhi"), {
      minPrice: 100,
      maxPrice: 0,
      condition: "used",
    });
    expect(next.toString()).toBe("college=IIT+Delhi&minPrice=100&condition=used");
    expect(applyFilterChange(next, { city: "Delhi", college: "" }).get("city")).toBe("Delhi");
  });

  it("counts city, price, condition and Hide reserved as active filters", () => {
    expect(
      activeFilterCount(parse("city=Bhopal&college=&minPrice=100&condition=used&hideReserved=true")),
    ).toBe(4);
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

describe("the browse request", () => {
  it("asks the server for best match by leaving the sort out, and for newest by naming it", () => {
    const searching = parse("search=calculator");
    expect(browseApiPath(searching)).not.toContain("sort=");
    expect(browseApiPath(parse("search=calculator&sort=newest"))).toContain("sort=newest");
    expect(browseApiPath(parse("sort=price-low"))).toContain("sort=price-low");
    expect(browseApiPath(parse(""))).not.toContain("sort=");
  });
});
