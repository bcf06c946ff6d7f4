import { describe, expect, it } from "vitest";
import {
  type CityColleges,
  type CollegeOption,
  collegeShortName,
  filterCollegeOptions,
  formatCollegeOption,
  toCollegeOptions,
} from "./colleges";

// Spec section 2, "Sign up": one search box for city and college; suggestions filter by starts-with,
// case-insensitive, trimmed; a search with no hits shows 'No matches' (an empty list here).

const IIT_BOMBAY: CollegeOption = { city: "Mumbai", college: "IIT Bombay" };
const XAVIERS: CollegeOption = { city: "Mumbai", college: "St. Xavier's College" };
const IIT_DELHI: CollegeOption = { city: "Delhi", college: "IIT Delhi" };
const MIRANDA: CollegeOption = { city: "Delhi", college: "Miranda House" };
const COEP: CollegeOption = { city: "Pune", college: "College of Engineering Pune" };
const IISC: CollegeOption = { city: "Bengaluru", college: "Indian Institute of Science" };

const OPTIONS = [IISC, IIT_DELHI, MIRANDA, IIT_BOMBAY, XAVIERS, COEP];

describe("formatCollegeOption", () => {
  it("reads 'College, City'", () => {
    expect(formatCollegeOption(IIT_BOMBAY)).toBe("IIT Bombay, Mumbai");
  });
});

describe("filterCollegeOptions", () => {
  it.each<[string, string, CollegeOption[]]>([
    ["the college", "IIT", [IIT_DELHI, IIT_BOMBAY]],
    ["the college", "Miranda", [MIRANDA]],
    ["the college", "IIT B", [IIT_BOMBAY]],
    ["the city", "Mumbai", [IIT_BOMBAY, XAVIERS]],
    ["the city", "Del", [IIT_DELHI, MIRANDA]],
    ["the city or the college", "Pune", [COEP]],
    ["the city or the college", "In", [IISC]],
    ["the displayed text", "IIT Bombay, Mum", [IIT_BOMBAY]],
    ["the displayed text", "Miranda House, Delhi", [MIRANDA]],
  ])("matches by the start of %s: %j", (_what, query, expected) => {
    expect(filterCollegeOptions(OPTIONS, query)).toEqual(expected);
  });

  it.each<[string, CollegeOption[]]>([
    ["iit", [IIT_DELHI, IIT_BOMBAY]],
    ["MUMBAI", [IIT_BOMBAY, XAVIERS]],
    ["iIt bOmBaY, mUm", [IIT_BOMBAY]],
    ["st. xavier", [XAVIERS]],
  ])("compares case-insensitively: %j", (query, expected) => {
    expect(filterCollegeOptions(OPTIONS, query)).toEqual(expected);
  });

  it.each<[string, CollegeOption[]]>([
    ["  iit  ", [IIT_DELHI, IIT_BOMBAY]],
    ["\tMumbai\n", [IIT_BOMBAY, XAVIERS]],
    ["IIT Bombay, ", [IIT_BOMBAY]],
  ])("trims the query: %j", (query, expected) => {
    expect(filterCollegeOptions(OPTIONS, query)).toEqual(expected);
  });

  it.each(["", "   "])("returns every option for the empty query %j", (query) => {
    expect(filterCollegeOptions(OPTIONS, query)).toEqual(OPTIONS);
  });

  it.each([
    ["bay", "the middle of a word in 'IIT Bombay'"],
    ["umbai", "the middle of the city 'Mumbai'"],
    ["Bombay", "a later word of the college, not its start"],
    ["Institute", "a later word of the college, not its start"],
    [", Mumbai", "the middle of the displayed text"],
    ["IIT Bombay, Delhi", "a college with another college's city"],
    ["Chennai", "a city not in the list"],
    ["xyz", "nothing at all"],
  ])("finds no match for %j (%s)", (query) => {
    expect(filterCollegeOptions(OPTIONS, query)).toEqual([]);
  });

  it("returns an empty list when there are no options", () => {
    expect(filterCollegeOptions([], "IIT")).toEqual([]);
    expect(filterCollegeOptions([], "")).toEqual([]);
  });
});

describe("toCollegeOptions", () => {
  const directory: CityColleges[] = [
    {
      city: "Mumbai",
      colleges: [
        { id: "xav", name: "St. Xavier's College" },
        { id: "iitb", name: "IIT Bombay" },
      ],
    },
    { city: "Chennai", colleges: [] },
    {
      city: "Delhi",
      colleges: [
        { id: "mh", name: "Miranda House" },
        { id: "iitd", name: "IIT Delhi" },
      ],
    },
    { city: "Bengaluru", colleges: [{ id: "iisc", name: "Indian Institute of Science" }] },
  ];

  it("flattens the directory into options sorted by city, then by college", () => {
    expect(toCollegeOptions(directory)).toEqual([IISC, IIT_DELHI, MIRANDA, IIT_BOMBAY, XAVIERS]);
  });

  it("drops a city without colleges and returns an empty list for an empty directory", () => {
    expect(toCollegeOptions(directory).some((option) => option.city === "Chennai")).toBe(false);
    expect(toCollegeOptions([])).toEqual([]);
  });

  it("does not reorder the directory it is given", () => {
    const copy = structuredClone(directory);
    toCollegeOptions(directory);
    expect(directory).toEqual(copy);
  });
});

describe("collegeShortName", () => {
  it.each([
    ["IIT Bombay", "IIT Bombay"],
    ["Indian Institute of Forest Management", "IIFM"],
    ["Maulana Azad National Institute of Technology", "MANIT"],
    ["All India Institute of Medical Sciences, Bhopal", "AIIMS Bhopal"],
    ["Shri Govindram Seksaria Institute of Technology and Science", "SGSITS"],
    ["B.M.S. College of Engineering", "BMSCE"],
    ["National Institute of Technology Karnataka", "NITK"],
    ["IIIT Delhi Indraprastha Institute", "IIIT DII"],
  ])("names %s as %s", (name, short) => {
    expect(collegeShortName(name)).toBe(short);
  });
});
