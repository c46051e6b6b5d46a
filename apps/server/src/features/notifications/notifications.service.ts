import {
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_LIST_LIMIT,
  RELATED_ENTITY_TYPES,
  normalizeNotificationType,
  type Notification,
  type RelatedEntityType,
} from '@invoicer/domain/api/notifications';
import type { Database } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import {
  countUnread,
  deleteNotification,
  markAllRead,
  markRead,
  selectNotifications,
  type NotificationRow,
} from './notifications.queries';

/**
 * The notifications page (docs/product/notifications.md): the newest first, the unread count, mark one or
 * all read, delete one. Another user's notification is answered like one that does not exist (404).
 */

const RELATED: ReadonlySet<string> = new Set(RELATED_ENTITY_TYPES);

/** The contract's notification; a type or related entity the page does not know reads as info / none. */
export function toNotification(row: NotificationRow): Notification {
  const relatedType = row.relatedEntityType && RELATED.has(row.relatedEntityType) ? row.relatedEntityType : null;
  return {
    id: row.id,
    type: normalizeNotificationType(row.type),
    title: row.title,
    message: row.message,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
    related_entity_type: relatedType as RelatedEntityType | null,
    related_entity_id: relatedType ? row.relatedEntityId : null,
  };
}

export async function listNotifications(db: Database, userId: string): Promise<Notification[]> {
  const rows = await selectNotifications(db, userId, NOTIFICATIONS_LIST_LIMIT);
  return rows.map(toNotification);
}

export const unreadCount = (db: Database, userId: string) => countUnread(db, userId);

export async function readNotification(db: Database, userId: string, id: string): Promise<void> {
  if (!(await markRead(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
}

export const readAllNotifications = (db: Database, userId: string) => markAllRead(db, userId);

export async function removeNotification(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteNotification(db, userId, id))) throw notFound(NOTIFICATION_MESSAGES.notFound);
}
