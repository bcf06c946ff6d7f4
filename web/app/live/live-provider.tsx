import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { LOGOUT_MUTATION_KEY } from "../../features/auth/hooks/use-logout";
import { acknowledgeDelivery } from "../../features/chats/api/acknowledge-delivery";
import { outboxStorageKey } from "../../features/chats/outbox-key";
import { liveSeqStorageKey } from "../../lib/live-seq";
import { type LiveConnectionState, LiveSocket, liveSocketUrl } from "../../lib/live-socket";
import { meQueryOptions } from "../../lib/session";
import { rememberSignedOutReason } from "../../lib/signed-out-reason";
import {
  applyBroadcastFrame,
  applyLiveEvent,
  refetchBroadcastQueries,
  refetchLiveQueries,
} from "./apply-live-event";

/** How long the connection may be down before the bar says so: short blips stay silent. */
const OFFLINE_NOTICE_MS = 3_000;

interface LiveConnection {
  state: LiveConnectionState;
  /** Down for longer than a blip: worth a quiet 'Reconnecting…' in the bar. */
  isReconnecting: boolean;
}

const LiveConnectionContext = createContext<LiveConnection>({ state: "stopped", isReconnecting: false });

export function useLiveConnection(): LiveConnection {
  return useContext(LiveConnectionContext);
}

/**
 * Messages written offline go out once the connection is back, whichever page is open; the code
 * that sends them is fetched only when the outbox holds something.
 */
function sendWaitingMessages(queryClient: QueryClient, userId: string): void {
  try {
    if (localStorage.getItem(outboxStorageKey(userId)) === null) return;
  } catch {
    return;
  }
  void import("../../features/chats/api/send-message").then(
    ({ deliverWaitingMessages }) => deliverWaitingMessages(queryClient, userId),
    () => {},
  );
}

/**
 * The signed-in student's live socket, one per tab, feeding the query caches. Mounted inside the
 * student layout only: it closes when the user signs out (the layout unmounts) and never runs
 * for the administrator or a visitor.
 */
export function LiveProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveConnectionState>("connecting");
  const [isReconnecting, setIsReconnecting] = useState(false);

  useEffect(() => {
    let hasBeenOpen = false;
    const socket = new LiveSocket({
      buildUrl: liveSocketUrl,
      // Per user: a number remembered for one account means nothing for another in the same tab.
      storageKey: liveSeqStorageKey(userId),
      onEvent: (event) => {
        applyLiveEvent(queryClient, event);
        // The other member's message reached this device: their ticks turn double.
        if (event.type === "message.created" && event.data.message.senderId !== userId) {
          acknowledgeDelivery(event.data.message.chatId);
        }
      },
      onBroadcast: (frame) => applyBroadcastFrame(queryClient, frame),
      onRefetch: () => refetchLiveQueries(queryClient),
      onSessionEnded: (reason) => {
        // During our own sign-out the logout flow takes the user to the landing page itself.
        if (queryClient.isMutating({ mutationKey: LOGOUT_MUTATION_KEY }) > 0) return;
        // The sign-in page the tab drops to says why (suspended, or signed out elsewhere).
        rememberSignedOutReason(reason);
        queryClient.setQueryData(meQueryOptions.queryKey, { user: null });
      },
      // A refused upgrade looks like any network failure; asking who is signed in tells them apart.
      onConnectFailed: () => {
        if (navigator.onLine) void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      },
      onStateChange: (next) => {
        setState(next);
        // Broadcasts sent while disconnected are lost: after a reconnect, refetch what they feed.
        if (next !== "open") return;
        sendWaitingMessages(queryClient, userId);
        if (hasBeenOpen) refetchBroadcastQueries(queryClient);
        hasBeenOpen = true;
      },
    });
    socket.start();
    // Also when the browser is back online but the socket stays closed (paused for too many tabs):
    // the outbox does not wait for the live connection. An entry already on its way is not sent twice.
    const sendOnline = () => sendWaitingMessages(queryClient, userId);
    window.addEventListener("online", sendOnline);
    return () => {
      window.removeEventListener("online", sendOnline);
      socket.stop();
    };
  }, [queryClient, userId]);

  const isDown = state === "waiting" || state === "connecting";
  useEffect(() => {
    if (!isDown) {
      setIsReconnecting(false);
      return;
    }
    const timer = setTimeout(() => setIsReconnecting(true), OFFLINE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [isDown]);

  return (
    <LiveConnectionContext.Provider value={{ state, isReconnecting }}>
      {children}
    </LiveConnectionContext.Provider>
  );
}
