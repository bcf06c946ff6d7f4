import type { RateBody } from "@shared/api/ratings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { chatKeys } from "./chats-api";

/** POST /api/items/:id/ratings: the signed-in side of the deal rates the other, once. */
export function rateDeal(itemId: string, body: RateBody): Promise<void> {
  return apiFetch(`/api/items/${encodeURIComponent(itemId)}/ratings`, { method: "POST", json: body });
}

/** 'Submit Rating' from a chat: the thread is fetched again, so its 'Rate' button gives way. */
export function useRateDeal({ chatId, itemId }: { chatId: string; itemId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateBody) => rateDeal(itemId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.thread(chatId) });
    },
  });
}
