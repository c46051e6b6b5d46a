import type { Notification } from '@invoicer/domain/api/notifications';
import { BellOff, CheckCheck, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useNotificationActions, useNotificationList } from '../hooks/use-notifications';
import { useUnreadCountQuery } from '../hooks/use-unread-count';
import { unreadLine } from '../model/notification-display';
import { NotificationItem } from './notification-item';

/**
 * /notifications (docs/product/notifications.md#the-notifications-page): the list with its unread line, Mark all as
 * read, and per item Mark as read and Delete. Opening an item follows its link, then marks it read.
 */
export function NotificationList({ userId }: { userId: string }) {
  const list = useNotificationList(userId);
  const { markRead, markAllRead, remove } = useNotificationActions(userId);
  const notifications = list.data ?? [];
  // The server's count reaches past the listed (newest) notifications; the list stands in until it answers.
  const unread = useUnreadCountQuery(userId) ?? notifications.filter((n) => !n.is_read).length;

  const open = (notification: Notification) => {
    if (!notification.is_read) markRead.mutate(notification.id);
  };
  const pendingId = (markRead.isPending && markRead.variables) || (remove.isPending && remove.variables) || null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          {list.data && (
            <p className="mt-1 text-sm text-slate-600" aria-live="polite">
              {unreadLine(unread)}
            </p>
          )}
        </div>
        {unread > 0 && (
          <Button
            variant="secondary"
            className="h-11 self-start sm:h-10 sm:self-auto"
            disabled={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck className="h-4 w-4" aria-hidden />
            Mark all as read
          </Button>
        )}
      </div>

      {list.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
          <span
            aria-hidden
            className="block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
          <p>Loading notifications...</p>
        </div>
      ) : list.isError ? (
        <div role="alert" className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{list.error.message}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw className="h-4 w-4" aria-hidden />
            Retry
          </Button>
        </div>
      ) : notifications.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-14 text-center">
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-slate-100 text-slate-600">
            <BellOff className="h-6 w-6" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">Nothing to see here</h2>
          <p className="mt-1 text-sm text-slate-600">You don&apos;t have any notifications yet.</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Notifications">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={open}
              onMarkRead={(id) => markRead.mutate(id)}
              onDelete={(id) => remove.mutate(id)}
              busy={pendingId === notification.id}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
