import type { RateBody } from "@shared/api/ratings";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** POST /api/items/:id/ratings: the signed-in side of the deal rates the other, once. */
function rateDeal(itemId: string, body: RateBody): Promise<void> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/ratings`, { method: "POST", json: body });
}

/**
 * 'Submit Rating'. `onRated` runs once the server took it: the page it was given on refreshes what
 * shows the 'Rate' button (a chat's thread), so the button gives way.
 */
export function useRateDeal(itemId: string, { onRated }: { onRated?: () => unknown } = {}) {
  return useMutation({
    mutationFn: (body: RateBody) => rateDeal(itemId, body),
    onSuccess: () => {
      void onRated?.();
    },
  });
}
