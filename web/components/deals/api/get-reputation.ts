import type { Reputation } from "@shared/api/ratings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { profileKeys } from "../../../lib/query-keys";

/** GET /api/users/:id/reputation: ratings, reply time, items sold and the revealed reviews. */
export function getReputation(userId: string, signal?: AbortSignal): Promise<{ reputation: Reputation }> {
  return apiFetch(`/api/users/${encodeURIComponent(userId)}/reputation`, { signal });
}

export const reputationQueryOptions = (userId: string) =>
  queryOptions({
    // Under "profiles", so what refreshes a profile refreshes its reviews too.
    queryKey: [...profileKeys.all, "reputation", userId],
    queryFn: ({ signal }) => getReputation(userId, signal),
  });

export function useReputation(userId: string) {
  return useQuery(reputationQueryOptions(userId));
}
