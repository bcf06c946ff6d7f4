import type { PickupCodeResponse } from "@shared/api/pickup";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/**
 * GET /api/items/:id/pickup-code: the code of an item reserved for the signed-in buyer. Under
 * "items", so a deal's live change (released, sold) refreshes it with the item's queries.
 */
export const pickupCodeQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: ["items", "pickup-code", itemId],
    queryFn: ({ signal }) =>
      apiFetch<PickupCodeResponse>(`/api/items/${encodeURIComponent(itemId)}/pickup-code`, { signal }),
    retry: false,
  });

export function usePickupCode(itemId: string) {
  return useQuery(pickupCodeQueryOptions(itemId));
}
