import { and, count, desc, eq, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

/**
 * SQL of the notifications feature. Every query filters on user_id: another user's notification is indistinguishable
 * from one that does not exist (docs/product/routes-and-access.md#another-users-records). The features that report
 * events record them through shared/notifications.ts.
 */

export type NotificationRow = typeof notifications.$inferSelect;

const owned = (userId: string) => eq(notifications.userId, userId);
const ownedOne = (userId: string, id: string) => and(owned(userId), eq(notifications.id, id));

/** The newest `limit`, newest first (id breaking ties): a range of notifications_user_created_idx. */
export async function selectNotifications(db: DbExecutor, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(owned(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Counted on the partial index of unread rows. */
export async function countUnread(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(owned(userId), eq(notifications.isRead, false)));
  return row?.count ?? 0;
}

/** Marks one read (again, if it already was); false when the user has no such notification. */
export async function markRead(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(ownedOne(userId, id))
    .returning({ id: notifications.id });
  return updated.length === 1;
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllRead(db: DbExecutor, userId: string): Promise<number> {
  const result = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(owned(userId), sql`${notifications.isRead} = false`));
  return result.rowCount ?? 0;
}

export async function deleteNotification(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(notifications).where(ownedOne(userId, id)).returning({ id: notifications.id });
  return deleted.length === 1;
}
