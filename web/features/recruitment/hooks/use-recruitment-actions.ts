import type { ChatSummary } from "@shared/api/chats";
import type { RecruitmentPost } from "@shared/api/recruitment";
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTransition } from "react";
import { useNavigate } from "react-router";
import { chatKeys } from "../../chats/api/chats-api";
import { deleteRecruitmentPost, messageRecruiter } from "../api/recruitment-api";
import { recruitmentKeys } from "../api/recruitment-keys";
import { TEAMMATE_TEXTS } from "../teammate-texts";

/** Message Recruiter: opens (or reopens) the recruitment chat, then shows it in Messages. */
export function useMessageRecruiter(post: RecruitmentPost) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The transition keeps 'Connecting...' on screen while the messages page loads.
  const [isNavigating, startTransition] = useTransition();
  const open = useMutation({
    mutationFn: () => messageRecruiter(post.id, crypto.randomUUID()),
    onSuccess: ({ chat }) => {
      // Listed at once, so Messages selects the Recruitment tab before the list is fetched again.
      queryClient.setQueryData<{ chats: ChatSummary[] }>(chatKeys.list, (list) =>
        list && !list.chats.some((item) => item.id === chat.id) ? { chats: [chat, ...list.chats] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      startTransition(() => navigate(`/messages?chatId=${encodeURIComponent(chat.id)}`));
    },
    onError: (error) => console.warn("Could not start the recruitment chat", error),
  });
  return {
    start: () => open.mutate(),
    isConnecting: open.isPending || isNavigating,
    errorMessage: open.isError ? RECRUITMENT_MESSAGES.startFailed : null,
  };
}

/** Delete, after the spec's confirmation; the owner only (the server refuses anyone else). */
export function useDeleteRecruitmentPost(post: RecruitmentPost) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteRecruitmentPost(post.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recruitmentKeys.all }),
    // The spec only logs this failure; the card shows a short note as well.
    onError: (error) => console.warn("Could not delete the recruitment post", error),
  });
  return {
    requestDelete: () => {
      if (window.confirm(RECRUITMENT_MESSAGES.deleteConfirm)) remove.mutate();
    },
    isDeleting: remove.isPending,
    errorMessage: remove.isError ? TEAMMATE_TEXTS.deleteFailed : null,
  };
}
