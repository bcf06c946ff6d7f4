import type { CollegesResponse } from "@shared/api/colleges";
import { toCollegeOptions } from "@shared/colleges";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** The college directory rarely changes, so one fetch per visit is plenty. */
export const collegeOptionsQueryOptions = queryOptions({
  queryKey: ["colleges"],
  queryFn: () => apiFetch<CollegesResponse>("/api/colleges"),
  select: (data) => toCollegeOptions(data.cities),
  staleTime: 10 * 60_000,
});
