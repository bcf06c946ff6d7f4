import type { RecruitmentFilters } from "../teammates-params";

/**
 * Every recruitment query starts with "recruitment": recruitment.changed refreshes them all.
 * Apart from the API calls so the live socket (in the main bundle) imports only this.
 */
export const recruitmentKeys = {
  all: ["recruitment"] as const,
  list: (filters: RecruitmentFilters) => ["recruitment", "list", filters] as const,
};
