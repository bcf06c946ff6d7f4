import { ACADEMIC_YEARS, type AcademicYear, RECRUITMENT_SORTS } from "@shared/recruitment-constants";
import { readBoolean, readEnum, readInt, readKept, readString, withParams } from "@shared/search-params";

export type RecruitmentSort = (typeof RECRUITMENT_SORTS)[number];

/** The Teammate Finder's filters as the address holds them. */
export interface RecruitmentFilters {
  search: string;
  /** Empty: all years. */
  year: AcademicYear | "";
  sort: RecruitmentSort;
  /** The recruiter's college; empty: every college. */
  college: string;
  /** 1 and up; any other filter's change goes back to 1. */
  page: number;
  /** 'Show full teams'; off: full teams leave the list. */
  showFull: boolean;
  /** The teams linked to one event (from its card); empty: all. */
  eventId: string;
  /** One post's card (/teammates?post=ID, a notification's link); empty: the list. */
  postId: string;
  /** 'My teams': the teams the student recruits for or is on, full ones too; the filters rest. */
  mine: boolean;
}

export type RecruitmentFilterChange = Partial<Omit<RecruitmentFilters, "page" | "postId">>;

const SEARCH_MAX_LENGTH = 100;
/** The server's highest page number. */
const MAX_PAGE = 10_000;
/** What an empty query string means, apart from the college (the student's own). */
const DEFAULTS = {
  search: "",
  year: "",
  sort: "newest",
  page: 1,
  showFull: false,
  eventId: "",
  mine: false,
} as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the filters from the address; unknown values fall back to the defaults. Without a
 * `college` key the student's own college applies; `college=` means every college.
 */
export function parseRecruitmentFilters(params: URLSearchParams, ownCollege: string): RecruitmentFilters {
  return {
    search: readString(params, "search", { maxLength: SEARCH_MAX_LENGTH }),
    year: readEnum(params, "year", ACADEMIC_YEARS, DEFAULTS.year),
    sort: readEnum(params, "sort", RECRUITMENT_SORTS, DEFAULTS.sort),
    college: readKept(params, "college", ownCollege),
    page: readInt(params, "page", { min: 1, max: MAX_PAGE, fallback: DEFAULTS.page }),
    showFull: readBoolean(params, "showFull", DEFAULTS.showFull),
    eventId: readString(params, "eventId", { trim: false, accept: (value) => UUID.test(value) }),
    postId: readString(params, "post", { trim: false, accept: (value) => UUID.test(value) }),
    mine: readBoolean(params, "mine", DEFAULTS.mine),
  };
}

/** The address after a filter change; only what differs from the defaults is written. */
export function applyRecruitmentFilterChange(
  current: URLSearchParams,
  change: RecruitmentFilterChange,
): URLSearchParams {
  // The college has no default to leave out: even empty it records the choice of every college.
  const next = withParams(current, change, DEFAULTS);
  // Other posts match now: their first page, not the same number of another list; and a single
  // post's card gives way to the list.
  next.delete("page");
  next.delete("post");
  return next;
}

/** The address on another page of the same list; page 1 is left out. */
export function applyRecruitmentPageChange(current: URLSearchParams, page: number): URLSearchParams {
  return withParams(current, { page: Math.max(page, DEFAULTS.page) }, DEFAULTS);
}

/** The query string of GET /api/recruitment-posts for these filters; it always names the sort. */
export function recruitmentQueryString(filters: RecruitmentFilters): string {
  const { search, year, sort, college, page, showFull, eventId, postId, mine } = filters;
  if (postId) return new URLSearchParams({ sort, id: postId }).toString();
  if (mine) return withParams(new URLSearchParams({ sort, mine: "true" }), { page }, { page: 1 }).toString();
  return withParams(
    new URLSearchParams(),
    // An event's teams come from every college.
    { search, year, sort, college: eventId ? "" : college, page, showFull, eventId },
    { search: "", year: "", college: "", page: 1, showFull: false, eventId: "" },
  ).toString();
}
