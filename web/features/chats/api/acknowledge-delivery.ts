import { apiFetch } from "../../../lib/api";
import { chatPath } from "./chats-api";

/** Messages arriving close together in one chat are acknowledged once. */
const COALESCE_MS = 300;

const waiting = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * The other member's message reached this device over the live socket: the server records the
 * chat as received here, and the sender's ticks turn double. A burst in one chat is one request; a
 * failed one is left (the next fetch of the thread records it too).
 */
export function acknowledgeDelivery(chatId: string): void {
  if (waiting.has(chatId)) return;
  waiting.set(
    chatId,
    setTimeout(() => {
      waiting.delete(chatId);
      apiFetch(`${chatPath(chatId)}/delivered`, { method: "POST" }).catch(() => {});
    }, COALESCE_MS),
  );
}
