/**
 * Where a notification leads: the page its row in the list opens and the page its push opens when
 * tapped. Zod-free, so the server's push and the browser's list read the same mapping.
 */
import type { Notification } from "./api/live-payloads";

export type NotificationType = Notification["type"];

/** What a notification's page depends on. */
export type NotificationTarget = Pick<
  Notification,
  "type" | "chatId" | "itemId" | "recruitmentPostId" | "link"
>;

/** A chat, opened in Messages. */
export function chatPath(chatId: string): string {
  return `/messages?chatId=${encodeURIComponent(chatId)}`;
}

/** An item's page. */
export function itemPath(itemId: string): string {
  return `/item/${encodeURIComponent(itemId)}`;
}

/** The events page with one event's card (a shared link, a reminder). */
export function eventPath(eventId: string): string {
  return `/events?event=${encodeURIComponent(eventId)}`;
}

/** The Teammate Finder with one post's card (a join request, its answer). */
export function teamPostPath(postId: string): string {
  return `/teammates?post=${encodeURIComponent(postId)}`;
}

/**
 * The page a notification opens, or null when it has none of its own (a moderator's notice about
 * something removed). A stored link wins: the rating prompt (the chat with its rating dialog) and
 * the event reminder (its event) are given theirs when written.
 */
export function notificationLink(notification: NotificationTarget): string | null {
  if (notification.link) return notification.link;
  const { type, chatId, itemId, recruitmentPostId } = notification;
  switch (type) {
    case "message":
    case "offer":
    case "recruitment_message":
      return chatId ? chatPath(chatId) : null;
    case "deal":
      // A deal's change is read in its chat; a reservation lapsing without one, on the item.
      return chatId ? chatPath(chatId) : itemId ? itemPath(itemId) : null;
    case "listing":
      // A price drop or an expiry warning names its item; a saved search's new matches do not.
      return itemId ? itemPath(itemId) : "/saved-searches";
    case "team_request":
      return recruitmentPostId ? teamPostPath(recruitmentPostId) : "/teammates";
    case "event_reminder":
    case "event_update":
      return "/events";
    case "admin":
      return null;
  }
}
