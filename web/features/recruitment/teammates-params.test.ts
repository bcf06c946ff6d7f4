import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { describe, expect, it } from "vitest";
import {
  checkRecruitmentFields,
  EMPTY_RECRUITMENT_FIELDS,
  fieldsFromPost,
  type RecruitmentFields,
  toggleYear,
} from "./recruitment-form-state";
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

const valid: RecruitmentFields = {
  ...EMPTY_RECRUITMENT_FIELDS,
  purpose: "Smart India Hackathon",
  teamSize: "3",
  description: "Need a backend developer",
};

describe("the recruitment form check", () => {
  it("starts with a team of one and no year ticked", () => {
    expect(EMPTY_RECRUITMENT_FIELDS).toMatchObject({ teamSize: "1", years: [] });
  });

  it("passes a valid form and sends the team size as a number", () => {
    expect(checkRecruitmentFields(valid)).toEqual({
      errors: null,
      input: {
        purpose: "Smart India Hackathon",
        maxStudents: 3,
        event: "",
        qualities: "",
        years: [],
        description: "Need a backend developer",
      },
    });
  });

  it.each([
    ["a blank purpose", { purpose: "  " }, "purpose", RECRUITMENT_MESSAGES.purposeRequired],
    ["team size 0", { teamSize: "0" }, "teamSize", RECRUITMENT_MESSAGES.teamSize],
    ["team size 21", { teamSize: "21" }, "teamSize", RECRUITMENT_MESSAGES.teamSize],
    ["team size 2.5", { teamSize: "2.5" }, "teamSize", RECRUITMENT_MESSAGES.teamSize],
    ["an empty team size", { teamSize: "" }, "teamSize", RECRUITMENT_MESSAGES.teamSize],
    ["a blank description", { description: "\n" }, "description", RECRUITMENT_MESSAGES.descriptionRequired],
  ])("refuses %s with the spec's message", (_rule, change, field, message) => {
    const result = checkRecruitmentFields({ ...valid, ...change });
    expect(result.input).toBeNull();
    expect(result.errors).toEqual({ [field]: message });
  });

  it("keeps ticked years in the form's order", () => {
    expect(toggleYear(toggleYear([], "3rd Year", true), "1st Year", true)).toEqual(["1st Year", "3rd Year"]);
    expect(toggleYear(["1st Year", "3rd Year"], "1st Year", false)).toEqual(["3rd Year"]);
  });

  it("prefills an edit from the post", () => {
    const fields = fieldsFromPost({
      id: "p1",
      recruiterId: "u1",
      recruiterName: "Aarav",
      recruiterCollege: "COEP",
      purpose: "ML project",
      maxStudents: 4,
      event: "Kaggle",
      qualities: "Python",
      years: ["Any Year"],
      description: "Looking for ML folks",
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-01T10:00:00.000Z",
    });
    expect(fields).toEqual({
      purpose: "ML project",
      teamSize: "4",
      event: "Kaggle",
      skills: "Python",
      years: ["Any Year"],
      description: "Looking for ML folks",
    });
  });
});
