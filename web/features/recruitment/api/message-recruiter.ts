import type { ChatSummary } from "@shared/api/chats";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { addChatToList } from "../../../lib/chat-list-cache";
import { recruitmentPostPath } from "./recruitment-post-path";

/** Opens the recruitment chat with the post's recruiter; the first time it also sends the inquiry. */
export function messageRecruiter(postId: string, clientId: string): Promise<{ chat: ChatSummary }> {
  return apiFetch(`${recruitmentPostPath(postId)}/message`, { method: "POST", json: { clientId } });
}

/** Message Recruiter: the chat joins the chat list at once, then `onSuccess` shows it. */
export function useMessageRecruiter({ onSuccess }: { onSuccess?: (chat: ChatSummary) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => messageRecruiter(postId, crypto.randomUUID()),
    onSuccess: ({ chat }) => {
      addChatToList(queryClient, chat);
      onSuccess?.(chat);
    },
    onError: (error) => console.warn("Could not start the recruitment chat", error),
  });
}
