import { readReminderSchedule } from '@invoicer/domain/api/reminders';
import type { ReminderSchedule } from '@invoicer/domain/reminders';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { DbExecutor } from '../plugins/database';

/**
 * The account's reminder schedule, shared by the settings routes (features/users) and the reminder scheduler
 * (features/reminders): stored in `users.settings -> 'reminders'`, read field by field with the defaults of
 * packages/domain/src/reminders.ts for what is missing (docs/decisions/0050-automatic-reminders.md).
 */

export async function readUserReminderSchedule(db: DbExecutor, userId: string): Promise<ReminderSchedule | null> {
  const [row] = await db
    .select({ reminders: sql<unknown>`${users.settings} -> 'reminders'` })
    .from(users)
    .where(eq(users.id, userId));
  return row ? readReminderSchedule(row.reminders) : null;
}

/**
 * Stores the schedule and has the scheduler look again, at its next pass, at every invoice of the account it may
 * concern (sent or overdue): their next reminder dates were computed from the old schedule. One transaction.
 */
export async function writeUserReminderSchedule(
  db: DbExecutor,
  userId: string,
  schedule: ReminderSchedule,
): Promise<ReminderSchedule | null> {
  const [row] = await db
    .update(users)
    .set({
      settings: sql`${users.settings} || jsonb_build_object('reminders', ${JSON.stringify(schedule)}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ reminders: sql<unknown>`${users.settings} -> 'reminders'` });
  if (!row) return null;
  await recheckAccountReminders(db, userId);
  return readReminderSchedule(row.reminders);
}

/**
 * Has the scheduler look again, at its next pass, at every invoice of the account that reminders may concern (sent or
 * overdue): after a change of the schedule, or of whether the account may send at all (its address verified,
 * docs/decisions/0052-account-links-verification-and-sessions.md). Run it in the transaction of that change.
 */
export async function recheckAccountReminders(db: DbExecutor, userId: string): Promise<void> {
  await db.execute(sql`
    update invoice_reminder_state s set next_check_at = now()
      from invoices i
     where s.user_id = ${userId} and i.id = s.invoice_id and i.user_id = ${userId}
       and i.status in ('sent', 'overdue')`);
}
