import type { QueryClient } from "@tanstack/react-query";
import { dashboardKeys, itemKeys, profileKeys } from "../../lib/query-keys";

/** The blocked-users list of Settings; a block from a profile or a chat refreshes it. */
export const blockKeys = { all: ["blocks"] as const };

/** Every chat query starts with "chats" (the chats feature's keys). */
const CHATS_KEY = ["chats"] as const;

/**
 * After a block began or ended (here, or live from the other side): the chats with them (who may
 * send), the listings (theirs appear or vanish), the profiles and the blocked-users list. Apart
 * from the Block button's code, so the live socket's handler carries no dialog.
 */
export function invalidateBlockQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  ]);
}
