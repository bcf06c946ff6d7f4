import type { FreshListingsResponse } from "@shared/api/listings";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** 'Fresh on campus' inside the app (the landing page's own script asks for it by itself). */
export const freshListingsQueryOptions = (city: string) =>
  queryOptions({
    queryKey: ["fresh-listings", city],
    queryFn: () =>
      apiFetch<FreshListingsResponse>(
        `/api/public/fresh-listings${city ? `?${new URLSearchParams({ city })}` : ""}`,
      ),
    staleTime: 30_000,
  });
