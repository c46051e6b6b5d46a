import { z } from 'zod';
import { okResponseSchema, timestampSchema, userIdField } from './common';

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Where a click on a notification leads: /invoices, /clients, /businesses/{id}, /new or /settings (an account export). */
export const RELATED_ENTITY_TYPES = ['invoice', 'client', 'business', 'create', 'export'] as const;
export type RelatedEntityType = (typeof RELATED_ENTITY_TYPES)[number];

/** Success, warning and error are themselves, anything else is info (docs/product/entities.md#notification). */
export function normalizeNotificationType(value: unknown): NotificationType {
  return value === 'success' || value === 'warning' || value === 'error' ? value : 'info';
}

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: timestampSchema,
  related_entity_type: z.enum(RELATED_ENTITY_TYPES).nullable(),
  related_entity_id: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** What the server records when something happens (not an HTTP body). */
export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  related_entity_type: RelatedEntityType | null;
  related_entity_id: string | null;
}

/**
 * GET /api/notifications answers at most this many, newest first. Older ones stay stored (and
 * counted as unread until read, so read-all reaches them) but are not listed.
 */
export const NOTIFICATIONS_LIST_LIMIT = 100;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  markedRead: 'Notification marked as read',
  deleted: 'Notification deleted',
} as const;

/** GET /api/notifications?user_id, GET /api/notifications/unread-count?user_id, PUT .../read-all?user_id */
export const notificationQuerySchema = z.object({ user_id: userIdField });
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

export const notificationListResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const unreadCountResponseSchema = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

/** PUT /api/notifications/{id}/read and DELETE /api/notifications/{id} */
export const notificationOkResponseSchema = okResponseSchema;

/** PUT /api/notifications/read-all */
export const readAllResponseSchema = z.object({ success: z.literal(true), updated_count: z.number().int() });
export type ReadAllResponse = z.infer<typeof readAllResponseSchema>;
