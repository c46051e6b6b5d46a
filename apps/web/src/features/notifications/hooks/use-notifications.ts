import type { Notification } from '@invoicer/domain/api/notifications';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  deleteNotification,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../api/notifications-api';
import { NOTIFICATION_MESSAGES } from '../model/notification-display';
import { notificationKeys } from './notification-keys';

export function useNotificationList(userId: string) {
  return useQuery({
    queryKey: notificationKeys.list(userId),
    queryFn: async () => {
      try {
        return await fetchNotifications();
      } catch (error) {
        // The failure is logged; the page offers a retry (docs/product/notifications.md#the-notifications-page).
        console.error(NOTIFICATION_MESSAGES.fetchFailed, error);
        throw new Error(NOTIFICATION_MESSAGES.fetchFailed, { cause: error });
      }
    },
    staleTime: 0,
  });
}

/**
 * The page's actions. The list and the badge change only once the server has confirmed
 * (docs/product/states-and-transitions.md#notifications); the count never drops below 0. Failures are only logged.
 */
export function useNotificationActions(userId: string) {
  const queryClient = useQueryClient();
  const listKey = notificationKeys.list(userId);
  const countKey = notificationKeys.unreadCount(userId);

  const updateList = (update: (list: Notification[]) => Notification[]) =>
    queryClient.setQueryData<Notification[]>(listKey, (list) => (list ? update(list) : list));
  const lowerCount = (by: number) =>
    queryClient.setQueryData<number>(countKey, (count) => Math.max(0, (count ?? 0) - by));
  const wasUnread = (id: string) =>
    queryClient.getQueryData<Notification[]>(listKey)?.some((n) => n.id === id && !n.is_read) ?? false;

  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (_answer, id) => {
      if (wasUnread(id)) lowerCount(1);
      updateList((list) => list.map((n) => (n.id === id ? { ...n, is_read: true } : n)));
    },
    onError: (error) => console.error('Failed to mark notification as read', error),
    onSettled: () => refreshCount(queryClient, countKey),
  });

  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<number>(countKey, 0);
      updateList((list) => list.map((n) => ({ ...n, is_read: true })));
    },
    onError: (error) => console.error('Failed to mark all notifications as read', error),
    onSettled: () => refreshCount(queryClient, countKey),
  });

  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: (_answer, id) => {
      if (wasUnread(id)) lowerCount(1);
      updateList((list) => list.filter((n) => n.id !== id));
    },
    onError: (error) => console.error('Failed to delete notification', error),
    onSettled: () => refreshCount(queryClient, countKey),
  });

  return { markRead, markAllRead, remove };
}

/** After any change, the server's own count settles what the badge says (another tab may have acted too). */
function refreshCount(queryClient: QueryClient, countKey: readonly unknown[]) {
  void queryClient.invalidateQueries({ queryKey: countKey, exact: true });
}
