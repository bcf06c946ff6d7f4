import type { Notification } from "@shared/api/chats";
import { notificationLink } from "@shared/notification-links";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { isOffline, OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { formatDateTime } from "../../../lib/format";
import type { NotificationGroup } from "../group-notifications";

interface NotificationRowProps {
  group: NotificationGroup;
  /** Marks the row's notifications read; `onError` hears of a failure. */
  onRead: (ids: string[], onError?: (error: unknown) => void) => void;
}

const smallButton = "min-h-10 px-3 py-1.5";

/**
 * One row (a notification, or a chat's grouped ones): unread marker, text, time of the newest,
 * then Read (unread only) and the link to what it is about (its chat, item, event or team), which
 * also marks the row read while online. Offline, Read is refused beside it.
 */
export function NotificationRow({ group, onRead }: NotificationRowProps) {
  const { text, createdAt, isRead } = group;
  const ids = group.notifications.map((notification) => notification.id);
  const newest = group.notifications[0];
  const target = newest ? targetOf(newest) : null;
  const refusal = useOfflineRefusal();
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
      <div className="shrink-0 pl-5.5 sm:pl-0">
        <div className="flex gap-2">
          {isRead ? null : (
            <button
              type="button"
              onClick={() => refusal.attempt(() => onRead(ids, refusal.noteFailure))}
              className={`${secondaryButton} ${smallButton}`}
            >
              Read
            </button>
          )}
          {target ? (
            <Link
              to={target.to}
              onClick={() => {
                // Offline the page opens from what the device kept; a chat marks itself read later.
                if (!isRead && !isOffline()) onRead(ids);
              }}
              className={`${primaryButton} ${smallButton}`}
            >
              {target.label}
            </Link>
          ) : null}
        </div>
        <OfflineRefusal shown={refusal.isRefused} className="mt-2" />
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
