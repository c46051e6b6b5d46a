import { useQuery } from '@tanstack/react-query';
import { fetchUnreadCount } from '../api/notifications-api';
import { notificationKeys } from './notification-keys';

/** How often the badge asks again while the page stays open. */
export const UNREAD_COUNT_REFRESH_MS = 60_000;

/**
 * The user's unread count, shared by the header badge and the notifications page: refreshed every
 * minute and whenever the window regains focus. Undefined until the first answer.
 */
export function useUnreadCountQuery(userId: string | undefined): number | undefined {
  const query = useQuery({
    queryKey: notificationKeys.unreadCount(userId ?? ''),
    queryFn: fetchUnreadCount,
    enabled: Boolean(userId),
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
  return query.data === undefined ? undefined : Math.max(0, query.data);
}

/** The badge's number: 0 until known. */
export function useUnreadCount(userId: string | undefined): number {
  return useUnreadCountQuery(userId) ?? 0;
}
