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
 * then Read (unread only) and Open chat (when it has one), which also marks the row read.
 */
export function NotificationRow({ group, onRead }: NotificationRowProps) {
  const { text, createdAt, isRead, chatId } = group;
  // The rating prompt opens the chat with its rating dialog.
  const chatLink =
    group.notifications[0]?.link ?? (chatId ? `/messages?chatId=${encodeURIComponent(chatId)}` : null);
  const ids = group.notifications.map((notification) => notification.id);
  const listing = listingLinkOf(group);
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
        {chatLink ? (
          <Link
            to={chatLink}
            onClick={() => {
              if (!isRead) onRead(ids);
            }}
            className={`${primaryButton} ${smallButton}`}
          >
            Open chat
          </Link>
        ) : null}
        {listing ? (
          <Link
            to={listing.to}
            onClick={() => {
              if (!isRead) onRead(ids);
            }}
            className={`${primaryButton} ${smallButton}`}
          >
            {listing.label}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Where a listing notice leads: 'Renew' on the item of an expiry warning, 'View item' on a price
 * drop, 'View' on a saved search's new matches.
 */
function listingLinkOf(group: NotificationGroup): { to: string; label: string } | null {
  const notification = group.notifications[0];
  if (notification?.type !== "listing") return null;
  if (!notification.itemId) return { to: "/saved-searches", label: "View" };
  const label = notification.text.startsWith("Your listing ") ? "Renew" : "View item";
  return { to: `/item/${encodeURIComponent(notification.itemId)}`, label };
}
