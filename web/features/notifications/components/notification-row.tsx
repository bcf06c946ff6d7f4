import type { Notification } from "@shared/api/chats";
import { Link } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { formatDateTime } from "../../../lib/format";

interface NotificationRowProps {
  notification: Notification;
  onRead: (id: string) => void;
}

const smallButton = "min-h-10 px-3 py-1.5";

/** One notification: unread marker, text, time, then Read (unread only) and Open chat (when it has one). */
export function NotificationRow({ notification, onRead }: NotificationRowProps) {
  const { id, text, createdAt, read: isRead, chatId } = notification;
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
          <button type="button" onClick={() => onRead(id)} className={`${secondaryButton} ${smallButton}`}>
            Read
          </button>
        )}
        {chatId ? (
          <Link
            to={`/messages?chatId=${encodeURIComponent(chatId)}`}
            className={`${primaryButton} ${smallButton}`}
          >
            Open chat
          </Link>
        ) : null}
      </div>
    </li>
  );
}
