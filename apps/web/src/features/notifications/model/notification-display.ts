import { normalizeNotificationType, type Notification } from '@invoicer/domain/api/notifications';

export const NOTIFICATION_MESSAGES = {
  fetchFailed: 'Failed to fetch notifications',
} as const;

/**
 * Where a click on a notification leads (docs/product/notifications.md#where-a-notification-leads), or null when it
 * names nothing.
 */
export function notificationTarget(notification: Pick<Notification, 'related_entity_type' | 'related_entity_id'>) {
  switch (notification.related_entity_type) {
    case 'invoice':
      return '/invoices';
    case 'client':
      return '/clients';
    case 'business':
      return notification.related_entity_id
        ? `/businesses/${encodeURIComponent(notification.related_entity_id)}`
        : '/businesses';
    case 'create':
      return '/new';
    case 'export':
      return '/settings';
    default:
      return null;
  }
}

/** Success, warning and error are themselves, anything else is info (docs/product/entities.md#notification). */
export const notificationKind = (notification: Pick<Notification, 'type'>) =>
  normalizeNotificationType(notification.type);

/** 'N unread notification(s)' */
export function unreadLine(count: number): string {
  return `${count} unread ${count === 1 ? 'notification' : 'notifications'}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** 'November 21, 2026 at 3:04 PM' (docs/product/messages-and-limits.md#formats), in the reader's time zone. */
export function formatNotificationTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
