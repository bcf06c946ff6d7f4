import { CHAT_MESSAGES } from "@shared/api/chats";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api";
import { useOpenItemChat } from "../api/open-item-chat";

/** The server's own words when it refused for a reason the user can act on (own item, gone item). */
function startErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return error.message;
  return CHAT_MESSAGES.startFailed;
}

/**
 * /messages?userId=&itemId=: opens (or creates) the conversation about that item, then swaps
 * the address for ?chatId= so a reload or the back button does not repeat the request.
 */
export function useChatFromLink(sellerId: string | null, itemId: string | null) {
  const navigate = useNavigate();
  const startedFor = useRef<string | null>(null);
  const { mutate, isError, error } = useOpenItemChat({
    onSuccess: (chat) => void navigate(`/messages?chatId=${encodeURIComponent(chat.id)}`, { replace: true }),
  });

  useEffect(() => {
    if (!sellerId || !itemId) {
      startedFor.current = null; // coming back to the same item later opens it again
      return;
    }
    const key = `${sellerId}|${itemId}`;
    if (startedFor.current === key) return; // once per target, also under StrictMode
    startedFor.current = key;
    mutate({ sellerId, itemId });
  }, [sellerId, itemId, mutate]);

  const isActive = Boolean(sellerId && itemId);
  return {
    isConnecting: isActive && !isError,
    errorMessage: isActive && isError ? startErrorMessage(error) : null,
  };
}
