import type { ChatSummary } from "@shared/api/chats";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

type StartChatResult = { chat: ChatSummary };

/** Opens the buyer's chat with the seller about this item, creating it the first time. */
export function startChat(sellerId: string, itemId: string): Promise<StartChatResult> {
  return apiFetch("/api/chats", { method: "POST", json: { userId: sellerId, itemId } });
}

export function useStartChat(
  sellerId: string,
  itemId: string,
  options: Pick<UseMutationOptions<StartChatResult>, "onSuccess" | "onError"> = {},
) {
  return useMutation({ ...options, mutationFn: () => startChat(sellerId, itemId) });
}
