import type { Notification } from "@shared/api/chats";
import { notificationLink } from "@shared/notification-links";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { formatDateTime } from "../../../lib/format";
import type { NotificationGroup } from "../group-notifications";

interface NotificationRowProps {
  group: NotificationGroup;
  /** Marks the row's notifications read. */
  onRead: (ids: string[]) => void;
}

const smallButton = "min-h-10 px-3 py-1.5";

/**
 * One row (a notification, or a chat's grouped ones): unread marker, text, time of the newest,
 * then Read (unread only) and the link to what it is about (its chat, item, event or team), which
 * also marks the row read.
 */
export function NotificationRow({ group, onRead }: NotificationRowProps) {
  const { text, createdAt, isRead } = group;
  const ids = group.notifications.map((notification) => notification.id);
  const newest = group.notifications[0];
  const target = newest ? targetOf(newest) : null;
  return (
    <li
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center ${
        isRead ? "border-slate-200 bg-white" : "border-indigo-200 bg-indigo-50"
      }`}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span
          aria-hidden="true"
          className={`mt-1.5 size-2.5 shrink-0 rounded-full ${isRead ? "bg-transparent" : "bg-indigo-600"}`}
        />
        <div className="min-w-0">
          <p className={`break-words ${isRead ? "text-slate-700" : "font-semibold text-slate-900"}`}>
            {isRead ? null : <span className="sr-only">Unread: </span>}
            {text}
          </p>
          <time dateTime={createdAt} className="text-xs text-slate-600">
            {formatDateTime(createdAt)}
          </time>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-5.5 sm:pl-0">
        {isRead ? null : (
          <button type="button" onClick={() => onRead(ids)} className={`${secondaryButton} ${smallButton}`}>
            Read
          </button>
        )}
        {target ? (
          <Link
            to={target.to}
            onClick={() => {
              if (!isRead) onRead(ids);
            }}
            className={`${primaryButton} ${smallButton}`}
          >
            {target.label}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The row's link (the page its push opens too) and the words on it. */
function targetOf(notification: Notification): { to: string; label: string } | null {
  const to = notificationLink(notification);
  if (!to) return null;
  switch (notification.type) {
    case "listing":
      // 'Renew' on an expiry warning, 'View item' on a price drop, 'View' on a saved search's matches.
      if (!notification.itemId) return { to, label: "View" };
      return { to, label: notification.text.startsWith("Your listing ") ? "Renew" : "View item" };
    case "event_reminder":
    case "event_update":
      return { to, label: "View event" };
    case "team_request":
      return { to, label: "View team" };
    default:
      return { to, label: notification.chatId ? "Open chat" : "View item" };
  }
}
