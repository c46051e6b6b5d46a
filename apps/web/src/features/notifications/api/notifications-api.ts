import type { Notification } from '@invoicer/domain/api/notifications';
import { apiJson } from '../../../lib/api-client';

/** The header's badge asks for the count on every page: the schemas (and zod) load with the first call, not with the page. */
const contract = () => import('@invoicer/domain/api/notifications');

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export async function fetchNotifications(): Promise<Notification[]> {
  const body = await apiJson('/api/notifications', {
    schema: contract().then((m) => m.notificationListResponseSchema),
  });
  return body.notifications;
}

/** GET /api/notifications/unread-count */
export async function fetchUnreadCount(): Promise<number> {
  const body = await apiJson('/api/notifications/unread-count', {
    schema: contract().then((m) => m.unreadCountResponseSchema),
  });
  return body.count;
}

/** PUT /api/notifications/{id}/read */
export async function markNotificationRead(id: string): Promise<void> {
  await apiJson(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'PUT',
    schema: contract().then((m) => m.notificationOkResponseSchema),
  });
}

/** PUT /api/notifications/read-all */
export function markAllNotificationsRead() {
  return apiJson('/api/notifications/read-all', {
    method: 'PUT',
    schema: contract().then((m) => m.readAllResponseSchema),
  });
}

/** DELETE /api/notifications/{id} */
export async function deleteNotification(id: string): Promise<void> {
  await apiJson(`/api/notifications/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: contract().then((m) => m.notificationOkResponseSchema),
  });
}
