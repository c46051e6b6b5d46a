import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../plugins/database';

/**
 * SQL of automatic reminders (docs/decisions/0050-automatic-reminders.md). Dates travel as YYYY-MM-DD text (UTC), as
 * the domain reads them. The scheduler's pass is `claimDueChecks`: a range of the partial index
 * invoice_reminder_state_due_idx, measured by `npm run bench:reminders` (docs/benchmarks.md).
 */

async function rows<T>(db: DbExecutor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** An array literal as ONE parameter ('{a,b}'), cast by the query: the cast refuses anything but UUIDs. */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** Today in UTC on the database's clock: every process agrees, as for the overdue rule. */
export async function todayUtc(db: DbExecutor): Promise<string> {
  const [row] = await rows<{ today: string }>(db, sql`select (now() at time zone 'UTC')::date::text as today`);
  return row!.today;
}

/**
 * THE pass: up to `limit` invoices whose next check has come, oldest first, locked for this pass. SKIP LOCKED: two
 * passes at once (two processes, or a pass and its follow-up) take different invoices and never wait for each other.
 */
export function claimDueChecksSql(limit: number) {
  return sql`
    select invoice_id from invoice_reminder_state
     where next_check_at <= now()
     order by next_check_at
     limit ${limit}
       for update skip locked`;
}

export async function claimDueChecks(tx: DbExecutor, limit: number): Promise<string[]> {
  const claimed = await rows<{ invoice_id: string }>(tx, claimDueChecksSql(limit));
  return claimed.map((row) => row.invoice_id);
}

/** What reminderPlan needs of an invoice, with its owner's schedule and the stages done for its due date. */
export interface PlanRow {
  id: string;
  user_id: string;
  status: string;
  due_date: string | null;
  issued_date: string | null;
  amount_due_minor: string | number;
  reminders_paused: boolean;
  schedule: unknown;
  /** The owner's address is verified: until it is, no reminder leaves (docs/decisions/0052-account-links-verification-and-sessions.md). */
  email_verified: boolean;
  done: string[];
  noticed: boolean;
}

const planColumns = sql`
  i.id, i.user_id, i.status, i.due_date::text as due_date, i.issued_date::text as issued_date, i.amount_due_minor,
  i.reminders_paused, u.settings -> 'reminders' as schedule, u.email_verified,
  array(select r.stage from invoice_reminders r
         where r.invoice_id = i.id and r.due_date = i.due_date and r.stage <> 'overdue') as done,
  exists(select 1 from invoice_reminders r where r.invoice_id = i.id and r.stage = 'overdue') as noticed`;

/** The plan rows of a claimed batch (one statement, by primary key). */
export function findPlanRowsSql(ids: string[]) {
  return sql`select ${planColumns} from invoices i join users u on u.id = i.user_id
              where i.id = any(${uuidArray(ids)}::uuid[])`;
}

export async function findPlanRows(tx: DbExecutor, ids: string[]): Promise<PlanRow[]> {
  if (ids.length === 0) return [];
  return rows<PlanRow>(tx, findPlanRowsSql(ids));
}

/** Stores when each invoice is looked at next (null: not until it changes), one statement for the batch. */
export function storeNextChecksSql(next: Array<{ id: string; at: string | null }>) {
  return sql`
    update invoice_reminder_state s set next_check_at = v.at
      from unnest(${uuidArray(next.map((n) => n.id))}::uuid[],
                  ${`{${next.map((n) => (n.at === null ? 'NULL' : `"${n.at}"`)).join(',')}}`}::timestamptz[]) as v(id, at)
     where s.invoice_id = v.id`;
}

export async function storeNextChecks(tx: DbExecutor, next: Array<{ id: string; at: string | null }>): Promise<void> {
  if (next.length === 0) return;
  await tx.execute(storeNextChecksSql(next));
}

/** What a reminder job needs, read under the invoice's row lock (so a status change waits for it, or it for that). */
export interface ReminderRow {
  id: string;
  user_id: string;
  invoice_number: string;
  currency: string;
  status: string;
  due_date: string | null;
  issued_date: string | null;
  amount_due_minor: string | number;
  reminders_paused: boolean;
  from_text: string;
  to_text: string;
  client_email: string | null;
}

/** Locks the invoice (like every writer of it) and reads it; null when it was deleted. */
export async function lockReminderInvoice(tx: DbExecutor, invoiceId: string): Promise<ReminderRow | null> {
  const [row] = await rows<ReminderRow>(
    tx,
    sql`select i.id, i.user_id, i.invoice_number, i.currency, i.status, i.due_date::text as due_date,
               i.issued_date::text as issued_date, i.amount_due_minor, i.reminders_paused,
               coalesce(i.data ->> 'from', '') as from_text, coalesce(i.data ->> 'to', '') as to_text,
               (select c.email from clients c where c.id = i.client_id and c.user_id = i.user_id) as client_email
          from invoices i where i.id = ${invoiceId}
           for update of i`,
  );
  return row ?? null;
}

/** Where the invoice's reminders would go: its linked client's address and its To block. */
export async function findRecipientSource(
  db: DbExecutor,
  invoiceId: string,
): Promise<Pick<ReminderRow, 'to_text' | 'client_email'> | null> {
  const [row] = await rows<Pick<ReminderRow, 'to_text' | 'client_email'>>(
    db,
    sql`select coalesce(i.data ->> 'to', '') as to_text,
               (select c.email from clients c where c.id = i.client_id and c.user_id = i.user_id) as client_email
          from invoices i where i.id = ${invoiceId}`,
  );
  return row ?? null;
}

/** The rest of reminderPlan's input, read after the lock (a fresh snapshot: what a job before this one committed). */
export async function findPlanRow(tx: DbExecutor, invoiceId: string): Promise<PlanRow | null> {
  const [row] = await rows<PlanRow>(
    tx,
    sql`select ${planColumns} from invoices i join users u on u.id = i.user_id where i.id = ${invoiceId}`,
  );
  return row ?? null;
}

export interface ReminderRecord {
  invoiceId: string;
  userId: string;
  dueDate: string;
  stage: string;
  outcome: 'sent' | 'no_recipient' | 'notified';
  recipient: string | null;
}

/**
 * Records a stage as done; false when it was done already (the unique keys): the caller then does nothing more, so
 * each stage happens once whatever ran before.
 */
export async function recordReminder(tx: DbExecutor, record: ReminderRecord): Promise<boolean> {
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into invoice_reminders (invoice_id, user_id, due_date, stage, outcome, recipient)
        values (${record.invoiceId}, ${record.userId}, ${record.dueDate}, ${record.stage}, ${record.outcome},
                ${record.recipient})
        on conflict do nothing
        returning id`,
  );
  return inserted.length === 1;
}

/**
 * The account's reminder e-mails of today (UTC), counted under a lock of the account's own (a transaction-scoped
 * advisory lock), so two jobs of one account never both take the last one of the day.
 */
export async function lockAndCountSentToday(tx: DbExecutor, userId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reminders:${userId}`}, 0))`);
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from invoice_reminders
         where user_id = ${userId} and outcome = 'sent'
           and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
  );
  return row!.n;
}

export interface SentReminderRow {
  stage: string;
  due_date: string;
  outcome: 'sent' | 'no_recipient';
  recipient: string | null;
  created_at: Date;
}

/** The invoice's reminders (not the overdue notice), newest first. */
export async function listReminders(db: DbExecutor, userId: string, invoiceId: string): Promise<SentReminderRow[]> {
  return rows<SentReminderRow>(
    db,
    sql`select stage, due_date::text as due_date, outcome, recipient, created_at from invoice_reminders
         where invoice_id = ${invoiceId} and user_id = ${userId} and stage <> 'overdue'
         order by created_at desc, id desc
         limit 50`,
  );
}

/** Sets "Pause reminders"; false when the invoice is not the user's. The trigger has the scheduler look again. */
export async function setRemindersPaused(
  tx: DbExecutor,
  userId: string,
  invoiceId: string,
  paused: boolean,
): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    tx,
    sql`update invoices set reminders_paused = ${paused}
         where id = ${invoiceId} and user_id = ${userId}
     returning id`,
  );
  return updated.length === 1;
}
