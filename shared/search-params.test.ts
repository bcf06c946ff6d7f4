import { describe, expect, it } from "vitest";
import {
  readBoolean,
  readEnum,
  readInt,
  readKept,
  readString,
  withParams,
  writeParam,
} from "./search-params";

const params = (query: string) => new URLSearchParams(query);
const SORTS = ["newest", "oldest"] as const;

describe("readString", () => {
  it("trims, and falls back when the key is absent", () => {
    expect(readString(params("search=%20calculus%20"), "search")).toBe("calculus");
    expect(readString(params(""), "search")).toBe("");
    expect(readString(params(""), "search", { fallback: "all" })).toBe("all");
  });

  it("keeps the spaces when asked to", () => {
    expect(readString(params("date=%202026-11-24"), "date", { trim: false })).toBe(" 2026-11-24");
  });

  it("cuts to the longest length allowed, after trimming", () => {
    expect(readString(params(`search=%20%20${"a".repeat(5)}`), "search", { maxLength: 3 })).toBe("aaa");
    expect(readString(params(`search=${"a".repeat(150)}`), "search", { maxLength: 100 })).toHaveLength(100);
  });

  it("falls back when the value is refused", () => {
    const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
    expect(readString(params("date=2026-11-24"), "date", { accept: isDate })).toBe("2026-11-24");
    expect(readString(params("date=tomorrow"), "date", { accept: isDate })).toBe("");
  });
});

describe("readKept", () => {
  it("tells an absent key (the default) from an empty one (a choice)", () => {
    expect(readKept(params(""), "college", "IIT Delhi")).toBe("IIT Delhi");
    expect(readKept(params("college="), "college", "IIT Delhi")).toBe("");
    expect(readKept(params("college=%20NIT%20Trichy"), "college", "IIT Delhi")).toBe("NIT Trichy");
    expect(readKept(params("college=%20NIT"), "college", "IIT Delhi", { trim: false })).toBe(" NIT");
  });
});

describe("readEnum", () => {
  it("accepts only the listed values", () => {
    expect(readEnum(params("sort=oldest"), "sort", SORTS, "newest")).toBe("oldest");
    expect(readEnum(params("sort=cheapest"), "sort", SORTS, "newest")).toBe("newest");
    expect(readEnum(params(""), "year", SORTS, "")).toBe("");
  });
});

describe("readInt", () => {
  it("accepts whole numbers inside the bounds", () => {
    expect(readInt(params("page=3"), "page", { min: 1, fallback: 1 })).toBe(3);
    expect(readInt(params("page=10000"), "page", { min: 1, max: 10_000, fallback: 1 })).toBe(10_000);
  });

  it("falls back for anything else", () => {
    for (const query of ["", "page=", "page=0", "page=-2", "page=2.5", "page=two", "page=10001"]) {
      expect(readInt(params(query), "page", { min: 1, max: 10_000, fallback: 1 }), query).toBe(1);
    }
  });
});

describe("readBoolean", () => {
  it("reads true and false, and the default for anything else", () => {
    expect(readBoolean(params("upcoming=false"), "upcoming", true)).toBe(false);
    expect(readBoolean(params("upcoming=true"), "upcoming", false)).toBe(true);
    expect(readBoolean(params("upcoming=no"), "upcoming", true)).toBe(true);
    expect(readBoolean(params(""), "upcoming", true)).toBe(true);
  });
});

describe("writeParam and withParams", () => {
  it("leaves defaults out of the address and writes everything else", () => {
    const next = params("search=old&page=4");
    writeParam(next, "search", "", "");
    writeParam(next, "sort", "oldest", "newest");
    writeParam(next, "upcoming", false, true);
    expect(next.toString()).toBe("page=4&sort=oldest&upcoming=false");
    writeParam(next, "sort", "newest", "newest");
    writeParam(next, "upcoming", true, true);
    expect(next.toString()).toBe("page=4");
  });

  it("keeps an empty value when there is no default, and skips undefined", () => {
    const next = params("search=books");
    writeParam(next, "college", "");
    writeParam(next, "search", undefined, "");
    expect(next.toString()).toBe("search=books&college=");
  });

  it("returns a changed copy and leaves the current address alone", () => {
    const current = params("search=books&page=2");
    const next = withParams(current, { search: "pens", page: 1, sort: undefined }, { page: 1 });
    expect(next.toString()).toBe("search=pens");
    expect(current.toString()).toBe("search=books&page=2");
  });
});
