import type {
  Notification,
  NotificationListResponse,
  ReadAllResponse,
  UnreadCountResponse,
} from '@invoicer/domain/api/notifications';
import { apiJson } from '../../../lib/api-client';

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export async function fetchNotifications(): Promise<Notification[]> {
  const body = await apiJson<NotificationListResponse>('/api/notifications');
  return body.notifications;
}

/** GET /api/notifications/unread-count */
export async function fetchUnreadCount(): Promise<number> {
  const body = await apiJson<UnreadCountResponse>('/api/notifications/unread-count');
  return body.count;
}

/** PUT /api/notifications/{id}/read */
export async function markNotificationRead(id: string): Promise<void> {
  await apiJson<unknown>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'PUT' });
}

/** PUT /api/notifications/read-all */
export function markAllNotificationsRead(): Promise<ReadAllResponse> {
  return apiJson<ReadAllResponse>('/api/notifications/read-all', { method: 'PUT' });
}

/** DELETE /api/notifications/{id} */
export async function deleteNotification(id: string): Promise<void> {
  await apiJson<unknown>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
