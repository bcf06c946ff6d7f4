import type { UnreadCounts } from "@shared/api/chats";
import type { Db } from "../../db/client";
import * as repo from "./chats.repository";

// Apart from chats.service.ts, which imports the notifications service: notifications read the
// badge counts through this file, so the two services do not import each other.

/** The badge counts of a user: unread notifications and unread chat messages. */
export function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  return repo.unreadCounts(db, userId);
}
