import { INVOICE_MESSAGES } from '@invoicer/domain/api/invoices';
import { readReminderSchedule, type InvoiceReminders } from '@invoicer/domain/api/reminders';
import { addDays } from '@invoicer/domain/dates';
import { firstLine, INVOICE_LINK_PLACEHOLDER } from '@invoicer/domain/invoice-email';
import {
  reminderMessage,
  reminderPlan,
  reminderRecipient,
  upcomingReminder,
  type ReminderInput,
  type ReminderPlan,
} from '@invoicer/domain/reminders';
import type { Database, DbExecutor } from '../../plugins/database';
import { notFound } from '../../plugins/errors';
import { recordActivity } from '../../shared/activity';
import {
  insertNotification,
  invoiceOverdueNotification,
  reminderNotSentNotification,
  reminderSentNotification,
} from '../../shared/notifications';
import {
  claimDueChecks,
  findPlanRow,
  findPlanRows,
  findRecipientSource,
  listReminders,
  lockAndCountSentToday,
  lockReminderInvoice,
  recordReminder,
  setRemindersPaused,
  storeNextChecks,
  todayUtc,
  type PlanRow,
} from './reminders.queries';

/**
 * Automatic reminders (docs/decisions/0050-automatic-reminders.md): the scheduler's pass, the job that reminds one
 * invoice, and an invoice's reminders as its page shows them. What is due when is the domain's reminderPlan; this
 * module applies it, in the job's transaction, so each stage happens exactly once.
 */

/** Invoices looked at by one pass; a full batch queues the next pass in the same transaction. */
export const SCAN_BATCH = 500;
/**
 * An invoice handed to a reminder job is looked at again after this long should that job never complete (it failed
 * for good): a lease, not a schedule. The job stores the real next date when it completes.
 */
const JOB_LEASE_MS = 60 * 60 * 1000;

/** The start of a UTC day, as next_check_at holds it. */
const startOfDay = (date: string | null) => (date === null ? null : `${date}T00:00:00Z`);

/**
 * What reminderPlan is asked about an invoice. An account whose address is not verified e-mails nobody
 * (docs/decisions/0052-account-links-verification-and-sessions.md): its schedule counts as off, so no stage is sent or
 * skipped while it waits, and the owner's overdue notice (a notification, no e-mail) still comes. Verifying has the
 * scheduler look at the account's invoices again, and the latest stage due then goes out, never a burst. `asSet`
 * answers the schedule as the account set it (the invoice page shows what is planned).
 */
function planInput(row: PlanRow, today: string, asSet = false): ReminderInput {
  const schedule = readReminderSchedule(row.schedule);
  return {
    status: row.status,
    dueDate: row.due_date,
    issuedDate: row.issued_date,
    amountDue: Number(row.amount_due_minor),
    paused: row.reminders_paused,
    schedule: row.email_verified || asSet ? schedule : { ...schedule, enabled: false },
    done: row.done,
    overdueNoticed: row.noticed,
    today,
  };
}

const hasWork = (plan: ReminderPlan) => plan.remindNow !== null || plan.noticeOverdueNow;

export interface ScanDeps {
  /** Queues the job that reminds one invoice, in the pass's transaction. */
  queueInvoice(tx: DbExecutor, invoiceId: string): Promise<void>;
  /** Queues the next pass, in this pass's transaction (a full batch: more may be due). */
  queueNextPass(tx: DbExecutor): Promise<void>;
}

/**
 * One pass of the scheduler, in the transaction of its job: claims the invoices whose next check has come, asks
 * reminderPlan about each, queues a reminder job for those with something due now and stores the next date of the
 * others. Everything it writes commits with the pass's completion, or not at all.
 */
export async function scanPass(tx: DbExecutor, deps: ScanDeps): Promise<{ claimed: number; queued: number }> {
  const claimed = await claimDueChecks(tx, SCAN_BATCH);
  if (claimed.length === 0) return { claimed: 0, queued: 0 };
  const today = await todayUtc(tx);
  const lease = new Date(Date.now() + JOB_LEASE_MS).toISOString();
  const next: Array<{ id: string; at: string | null }> = [];
  let queued = 0;
  for (const row of await findPlanRows(tx, claimed)) {
    const plan = reminderPlan(planInput(row, today));
    if (hasWork(plan)) {
      await deps.queueInvoice(tx, row.id);
      queued++;
      next.push({ id: row.id, at: lease });
    } else {
      next.push({ id: row.id, at: startOfDay(plan.nextDate) });
    }
  }
  await storeNextChecks(tx, next);
  if (claimed.length === SCAN_BATCH) await deps.queueNextPass(tx);
  return { claimed: claimed.length, queued };
}

export interface ReminderEmail {
  invoiceId: string;
  userId: string;
  to: string;
  subject: string;
  /** The text, with INVOICE_LINK_PLACEHOLDER where the invoice's public link goes. */
  message: string;
}

export interface ProcessDeps {
  /** Reminder e-mails an account may send per UTC day (REMINDERS_PER_ACCOUNT_PER_DAY). */
  perDay: number;
  /**
   * Queues the e-mail in this transaction, with the invoice's public link and its PDF (shared/invoice-email.ts,
   * through the outbox and the job queue); the invoice's row lock is held.
   */
  queueEmail(tx: DbExecutor, email: ReminderEmail): Promise<void>;
}

/**
 * The job of one invoice: under the invoice's row lock (a status change, a payment or a deletion waits for it, or it
 * for them), asks reminderPlan again, on today's data, and does what is due: the owner's overdue notice, and the
 * latest reminder stage: its record (whose unique key makes it once), the e-mail, the activity entry and the
 * owner's notification. Then stores the invoice's next date. All in the job's transaction, which completes the job:
 * a process that dies before the commit leaves nothing, and the job runs again from the start.
 */
export async function processInvoiceReminders(tx: DbExecutor, invoiceId: string, deps: ProcessDeps): Promise<void> {
  const invoice = await lockReminderInvoice(tx, invoiceId);
  if (!invoice) return; // deleted: its state went with it
  const today = await todayUtc(tx);
  const row = await findPlanRow(tx, invoiceId);
  if (!row) return;
  const plan = reminderPlan(planInput(row, today));
  const ref = { id: invoice.id, invoiceNumber: invoice.invoice_number };
  const userId = invoice.user_id;
  let deferredTo: string | null = null;

  if (plan.noticeOverdueNow && invoice.due_date) {
    const first = await recordReminder(tx, {
      invoiceId,
      userId,
      dueDate: invoice.due_date,
      stage: 'overdue',
      outcome: 'notified',
      recipient: null,
    });
    if (first) await insertNotification(tx, invoiceOverdueNotification(userId, ref, invoice.due_date));
  }

  if (plan.remindNow && invoice.due_date) {
    const stage = plan.remindNow.stage;
    const recipient = reminderRecipient(invoice.client_email, invoice.to_text);
    if (recipient && (await lockAndCountSentToday(tx, userId)) >= deps.perDay) {
      // The account's cap for today is reached: this one waits for tomorrow (UTC), still the latest stage then.
      deferredTo = addDays(today, 1);
    } else {
      const first = await recordReminder(tx, {
        invoiceId,
        userId,
        dueDate: invoice.due_date,
        stage,
        outcome: recipient ? 'sent' : 'no_recipient',
        recipient,
      });
      if (first && recipient) {
        const { subject, text } = reminderMessage({
          stage,
          invoiceNumber: invoice.invoice_number,
          senderName: firstLine(invoice.from_text),
          amountDue: Number(invoice.amount_due_minor),
          currency: invoice.currency,
          dueDate: invoice.due_date,
          today,
          link: INVOICE_LINK_PLACEHOLDER,
        });
        await deps.queueEmail(tx, { invoiceId, userId, to: recipient, subject, message: text });
        await recordActivity(tx, { invoiceId, userId, kind: 'reminder', data: { to: [recipient], stage } });
        await insertNotification(tx, reminderSentNotification(userId, ref, recipient));
      } else if (first) {
        await recordActivity(tx, { invoiceId, userId, kind: 'reminder', data: { stage, skipped: 'no_recipient' } });
        await insertNotification(tx, reminderNotSentNotification(userId, ref));
      }
    }
  }

  const after = await findPlanRow(tx, invoiceId);
  const nextPlan = after ? reminderPlan(planInput(after, today)) : null;
  let at: string | null;
  if (deferredTo) at = startOfDay(deferredTo);
  else if (nextPlan && hasWork(nextPlan))
    at = new Date().toISOString(); // changed meanwhile: the next pass looks again
  else at = startOfDay(nextPlan?.nextDate ?? null);
  await storeNextChecks(tx, [{ id: invoiceId, at }]);
}

/** GET /api/invoices/{id}/reminders: the pause, the account's switch, where and when the next reminder goes. */
export async function getInvoiceReminders(
  db: DbExecutor,
  userId: string,
  invoiceId: string,
): Promise<InvoiceReminders> {
  const row = await findPlanRow(db, invoiceId);
  if (!row || row.user_id !== userId) throw notFound(INVOICE_MESSAGES.notFound);
  const today = await todayUtc(db);
  const input = planInput(row, today, true);
  const invoice = await findRecipientSource(db, invoiceId);
  const next = upcomingReminder(input);
  const sent = await listReminders(db, userId, invoiceId);
  return {
    paused: row.reminders_paused,
    account_enabled: input.schedule.enabled,
    account_verified: row.email_verified,
    recipient: invoice ? reminderRecipient(invoice.client_email, invoice.to_text) : null,
    next: next && { stage: next.stage, date: next.date },
    sent: sent.map((entry) => ({
      stage: entry.stage,
      due_date: entry.due_date,
      to: entry.recipient,
      outcome: entry.outcome,
      created_at: new Date(entry.created_at).toISOString(),
    })),
  };
}

/** PUT /api/invoices/{id}/reminders: pauses or resumes the invoice's reminders (the trigger has the scheduler look again). */
export async function setInvoiceRemindersPaused(
  db: Database,
  userId: string,
  invoiceId: string,
  paused: boolean,
): Promise<InvoiceReminders> {
  return db.transaction(async (tx) => {
    if (!(await setRemindersPaused(tx, userId, invoiceId, paused))) throw notFound(INVOICE_MESSAGES.notFound);
    return getInvoiceReminders(tx, userId, invoiceId);
  });
}
