import { ACADEMIC_YEARS, type AcademicYear, RECRUITMENT_SORTS } from "@shared/recruitment-constants";

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
}

export type RecruitmentFilterChange = Partial<Omit<RecruitmentFilters, "page">>;

const SEARCH_MAX_LENGTH = 100;
/** The server's highest page number. */
const MAX_PAGE = 10_000;

function isYear(value: string | null): value is AcademicYear {
  return ACADEMIC_YEARS.includes(value as AcademicYear);
}

function isSort(value: string | null): value is RecruitmentSort {
  return RECRUITMENT_SORTS.includes(value as RecruitmentSort);
}

/**
 * Reads the filters from the address; unknown values fall back to the defaults. Without a
 * `college` key the student's own college applies; `college=` means every college.
 */
export function parseRecruitmentFilters(params: URLSearchParams, ownCollege: string): RecruitmentFilters {
  const year = params.get("year");
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    year: isYear(year) ? year : "",
    sort: isSort(sort) ? sort : "newest",
    college: params.has("college") ? (params.get("college") ?? "").trim() : ownCollege,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The address after a filter change; only what differs from the defaults is written. */
export function applyRecruitmentFilterChange(
  current: URLSearchParams,
  change: RecruitmentFilterChange,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const setOrDelete = (key: string, value: string | undefined, fallback = "") => {
    if (value === undefined) return;
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  setOrDelete("search", change.search);
  setOrDelete("year", change.year);
  setOrDelete("sort", change.sort, "newest");
  // Kept even when empty: that records the choice of every college over the default.
  if (change.college !== undefined) next.set("college", change.college);
  // Other posts match now: their first page, not the same number of another list.
  next.delete("page");
  return next;
}

/** The address on another page of the same list; page 1 is left out. */
export function applyRecruitmentPageChange(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}

/** The query string of GET /api/recruitment-posts for these filters. */
export function recruitmentQueryString(filters: RecruitmentFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.year) params.set("year", filters.year);
  params.set("sort", filters.sort);
  if (filters.college) params.set("college", filters.college);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}
