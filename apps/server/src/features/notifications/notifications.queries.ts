import { notifications } from '../../db/schema';
import type { DbExecutor } from '../../plugins/database';

export type NewNotification = typeof notifications.$inferInsert;

/**
 * Records a notification for a real event (sign-up, invoice created, status changed, client or
 * business created). Pass the transaction of the write it reports, so both land or neither does.
 */
export async function insertNotification(db: DbExecutor, values: NewNotification): Promise<void> {
  await db.insert(notifications).values(values);
}
