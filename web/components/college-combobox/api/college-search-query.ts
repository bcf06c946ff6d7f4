import type { CollegeSearchResponse } from "@shared/api/colleges";
import type { CollegeOption } from "@shared/colleges";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/**
 * The server's suggestions for what was typed: any word of a name, its city or a short name
 * ('IITB', 'NIT Trichy'), best first. The directory changes rarely, so an answer stays fresh a while.
 */
export function collegeSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ["colleges", "search", query],
    queryFn: ({ signal }) =>
      apiFetch<CollegeSearchResponse>(`/api/colleges/search?q=${encodeURIComponent(query)}`, { signal }),
    select: (data): CollegeOption[] =>
      data.colleges.map((entry) => ({ city: entry.city, college: entry.name })),
    enabled: query.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
