import { CHAT_MESSAGES } from "@shared/chats-constants";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { BackButton } from "../../../components/ui/back-button";
import { secondaryButton } from "../../../components/ui/button-styles";
import {
  isConnectionFailure,
  OfflineRefusal,
  useOfflineRefusal,
} from "../../../components/ui/offline-refusal";
import { OfflineAware } from "../../../components/ui/offline-state";
import { PageLoading } from "../../../components/ui/page-loading";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { notificationListQueryOptions } from "../api/notifications-api";
import { groupNotifications } from "../group-notifications";
import { NotificationRow } from "./notification-row";

/**
 * /notifications: newest first, a chat's notifications as one row; Read, Open chat, and Mark all
 * as read while any are unread.
 */
export function NotificationsPage() {
  useDocumentTitle("Notifications");
  const query = useQuery(notificationListQueryOptions);
  const { data, isPending, isError, refetch } = query;
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const markAllRefusal = useOfflineRefusal();
  // A failure for lack of a connection is said beside its button instead.
  const failure = [markRead, markAllRead].find(
    (mutation) => mutation.isError && !isConnectionFailure(mutation.error),
  );
  // The server sends newest first; sorting again keeps that true after live updates.
  const notifications = [...(data?.notifications ?? [])].sort((a, b) =>
    a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1,
  );
  const hasUnread = notifications.some((item) => !item.read);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackButton />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
        {hasUnread ? (
          <button
            type="button"
            onClick={() =>
              markAllRefusal.attempt(() =>
                markAllRead.mutate(undefined, { onError: markAllRefusal.noteFailure }),
              )
            }
            disabled={markAllRead.isPending}
            className={secondaryButton}
          >
            Mark all as read
          </button>
        ) : null}
      </div>
      <OfflineRefusal shown={markAllRefusal.isRefused} className="mt-2 sm:text-right" />

      {failure ? (
        <Alert tone="error" className="mt-4">
          Could not update your notifications. Please try again.
        </Alert>
      ) : null}

      <div className="mt-6">
        <OfflineAware query={query}>
          {isPending ? (
            <PageLoading label="Loading notifications..." />
          ) : isError ? (
            <div>
              <Alert tone="error">Could not load your notifications.</Alert>
              <button type="button" onClick={() => void refetch()} className={`${secondaryButton} mt-3`}>
                Try again
              </button>
            </div>
          ) : notifications.length === 0 ? (
            <p className="mt-4 text-center text-slate-600">{CHAT_MESSAGES.noNotifications}</p>
          ) : (
            <ul aria-label="Notifications" className="space-y-3">
              {groupNotifications(notifications).map((group) => (
                <NotificationRow
                  key={group.key}
                  group={group}
                  onRead={(ids, onError) => markRead.mutate(ids, { onError })}
                />
              ))}
            </ul>
          )}
        </OfflineAware>
      </div>
    </div>
  );
}
