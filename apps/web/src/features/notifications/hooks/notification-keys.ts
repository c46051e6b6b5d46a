import { queryRoots } from '../../../lib/query-keys';

/**
 * One cache for the page and the header badge: marking read on the page updates the badge.
 * Keyed by user, so nobody ever sees another account's notifications from the cache.
 */
export const notificationKeys = {
  all: queryRoots.notifications,
  list: (userId: string) => [...queryRoots.notifications, userId, 'list'] as const,
  unreadCount: (userId: string) => [...queryRoots.notifications, userId, 'unread-count'] as const,
};
