import { EMAIL_PATTERN } from './api/common';
import { addDays, formatLongUsDate } from './dates';
import { isCurrencyCode } from './currencies';
import { formatAmount, formatDigits, type Minor } from './money';

/**
 * Automatic reminders (docs/product/reminders.md, docs/decisions/0050-automatic-reminders.md): the account's
 * schedule, the stages it makes of an invoice's due date, and what is due on a given day. Pure: the server's
 * scheduler and its jobs ask `reminderPlan` what to do and when to look again, the Settings page describes the
 * schedule with `describeReminderSchedule`. Days are calendar days in UTC, as the overdue rule reads them
 * (docs/decisions/0029-invoice-statuses-and-the-overdue-rule.md).
 */

export interface ReminderSchedule {
  /** Off: no invoice of the account gets a reminder (the overdue notice to the owner still comes). */
  enabled: boolean;
  /** A reminder this many days before the due date; 0: none before it. */
  before_days: number;
  /** A reminder on the due day. */
  on_due: boolean;
  /** A reminder this many days after the due date; 0: none after it (and so no repeats). */
  after_days: number;
  /** Then one every this many days… */
  repeat_days: number;
  /** …at most this many times (0: no repeats). */
  max: number;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  enabled: true,
  before_days: 3,
  on_due: true,
  after_days: 7,
  repeat_days: 14,
  max: 3,
};

/** The bounds of each number of the schedule (inclusive): a month ahead, a quarter after, ten repeats. */
export const REMINDER_LIMITS = {
  before_days: { min: 0, max: 30 },
  after_days: { min: 0, max: 90 },
  repeat_days: { min: 1, max: 90 },
  max: { min: 0, max: 10 },
} as const;

/** A stage of the schedule: `before`, `due`, `after`, then `repeat_1` … `repeat_{max}`. */
export type ReminderStage = 'before' | 'due' | 'after' | `repeat_${number}`;

export interface PlannedStage {
  stage: ReminderStage;
  /** YYYY-MM-DD (UTC) on which it is due. */
  date: string;
}

/** The stage's place in the schedule: a stage is never sent after a later one of the same due date. */
export function stageRank(stage: string): number {
  if (stage === 'before') return 0;
  if (stage === 'due') return 1;
  if (stage === 'after') return 2;
  const repeat = /^repeat_([1-9]\d?)$/.exec(stage);
  return repeat ? 2 + Number(repeat[1]) : -1;
}

export function isReminderStage(stage: string): stage is ReminderStage {
  return stageRank(stage) >= 0;
}

/**
 * The stages of an invoice due on `dueDate`, in date order. A stage dated on or before the issued date is left out:
 * a client who receives an invoice due in two days is not reminded of it the same day.
 */
export function reminderStages(
  schedule: ReminderSchedule,
  dueDate: string,
  issuedDate: string | null = null,
): PlannedStage[] {
  const stages: PlannedStage[] = [];
  if (schedule.before_days > 0) stages.push({ stage: 'before', date: addDays(dueDate, -schedule.before_days) });
  if (schedule.on_due) stages.push({ stage: 'due', date: dueDate });
  if (schedule.after_days > 0) {
    stages.push({ stage: 'after', date: addDays(dueDate, schedule.after_days) });
    for (let k = 1; k <= schedule.max; k++) {
      stages.push({ stage: `repeat_${k}`, date: addDays(dueDate, schedule.after_days + k * schedule.repeat_days) });
    }
  }
  return issuedDate ? stages.filter((stage) => stage.date > issuedDate) : stages;
}

export interface ReminderInput {
  /** The stored status: only sent and overdue invoices are reminded. */
  status: string;
  dueDate: string | null;
  issuedDate: string | null;
  /** What is still owed, in minor units: nothing owed, nothing to remind. */
  amountDue: Minor;
  /** "Pause reminders" on the invoice. */
  paused: boolean;
  schedule: ReminderSchedule;
  /** The stages already done for this due date (sent, or recorded as not sendable). */
  done: readonly string[];
  /** The owner was told already that the invoice became overdue. */
  overdueNoticed: boolean;
  /** YYYY-MM-DD (UTC). */
  today: string;
}

export interface ReminderPlan {
  /** The stage to remind now: the latest one due and not done, never an earlier one as well. */
  remindNow: PlannedStage | null;
  /** Tell the owner now that the invoice became overdue (once per invoice). */
  noticeOverdueNow: boolean;
  /**
   * The next day something falls due once what is due now is done; null when nothing will, unless the invoice, its
   * pause or the schedule changes.
   */
  nextDate: string | null;
}

/** True when the invoice may get client reminders at all. */
export function remindable(input: Omit<ReminderInput, 'done' | 'overdueNoticed' | 'today'>): boolean {
  return (
    input.schedule.enabled &&
    !input.paused &&
    (input.status === 'sent' || input.status === 'overdue') &&
    input.dueDate !== null &&
    input.amountDue > 0
  );
}

/**
 * What is due for an invoice on `today`. Client reminders: of the stages later than every one already done, the
 * latest whose date has come is sent, and the earlier ones are skipped for good (an invoice that becomes eligible
 * past several stages gets one reminder, never a burst). The owner's overdue notice: the day after the due day, for
 * an invoice stored as sent (one marked overdue by hand was marked by the owner), once.
 */
export function reminderPlan(input: ReminderInput): ReminderPlan {
  let remindNow: PlannedStage | null = null;
  let nextReminder: string | null = null;
  if (remindable(input)) {
    const doneRank = Math.max(-1, ...input.done.map(stageRank));
    const ahead = reminderStages(input.schedule, input.dueDate!, input.issuedDate).filter(
      (stage) => stageRank(stage.stage) > doneRank,
    );
    for (const stage of ahead) {
      if (stage.date <= input.today) remindNow = stage;
      else {
        nextReminder = stage.date;
        break;
      }
    }
  }
  let noticeOverdueNow = false;
  let nextNotice: string | null = null;
  if (input.status === 'sent' && input.dueDate !== null && !input.overdueNoticed) {
    const overdueOn = addDays(input.dueDate, 1);
    if (overdueOn <= input.today) noticeOverdueNow = true;
    else nextNotice = overdueOn;
  }
  const nextDate = [nextReminder, nextNotice].filter((date): date is string => date !== null).sort()[0] ?? null;
  return { remindNow, noticeOverdueNow, nextDate };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The schedule in one sentence, as the Settings page previews it. */
export function describeReminderSchedule(schedule: ReminderSchedule): string {
  if (!schedule.enabled) return 'Automatic reminders are off: clients get no reminder from Invoicer.';
  const parts: string[] = [];
  if (schedule.before_days > 0) parts.push(`${plural(schedule.before_days, 'day')} before the due date`);
  if (schedule.on_due) parts.push('on the due date');
  if (schedule.after_days > 0) {
    let after = `${plural(schedule.after_days, 'day')} after it`;
    if (schedule.max > 0) {
      after += `, then every ${plural(schedule.repeat_days, 'day')} up to ${plural(schedule.max, 'more time')}`;
    }
    parts.push(after);
  }
  if (parts.length === 0) return 'Reminders are on, but no day is chosen: clients get no reminder.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Unpaid sent invoices are reminded ${list}, by e-mail to the client, until they are paid.`;
}

/** Where a reminder goes: the linked client's e-mail address, else the first address written in the To block. */
export function reminderRecipient(clientEmail: string | null | undefined, toBlock: string): string | null {
  const client = clientEmail?.trim();
  if (client && EMAIL_PATTERN.test(client)) return client;
  for (const word of toBlock.split(/[\s,;<>()]+/)) {
    if (word && EMAIL_PATTERN.test(word)) return word.replace(/[.:]+$/, '');
  }
  return null;
}

export interface ReminderMessageInput {
  stage: ReminderStage;
  invoiceNumber: string;
  /** First line of the From block: who the invoice is from. */
  senderName: string;
  amountDue: Minor;
  currency: string;
  dueDate: string;
  /** The day the reminder is written, YYYY-MM-DD (UTC). */
  today: string;
  /** The invoice's public page. */
  link: string;
}

/** Days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The default subject and text of a reminder e-mail ("Reminder: invoice 0042 is 7 days overdue"). */
export function reminderMessage(input: ReminderMessageInput): { subject: string; text: string } {
  const late = daysBetween(input.dueDate, input.today);
  const due = formatLongUsDate(input.dueDate);
  const digits = isCurrencyCode(input.currency)
    ? formatAmount(input.amountDue, input.currency)
    : formatDigits(input.amountDue, 2);
  const amount = `${digits} ${input.currency}`;
  const when =
    late < 0 ? `is due on ${due}` : late === 0 ? 'is due today' : `is ${plural(late, 'day')} overdue (due ${due})`;
  const subject = `Reminder: invoice ${input.invoiceNumber} ${late > 0 ? `is ${plural(late, 'day')} overdue` : when}`;
  const from = input.senderName ? ` from ${input.senderName}` : '';
  const text = [
    'Hello,',
    '',
    `This is a friendly reminder that invoice ${input.invoiceNumber}${from}, with ${amount} to pay, ${when}.`,
    '',
    `You can view it and download the PDF here: ${input.link}`,
    '',
    late > 0 ? 'If you have already paid, thank you, and please ignore this reminder.' : 'Thank you.',
  ].join('\n');
  return { subject, text };
}

/** A stage as the invoice page names it ("3 days before the due date" needs the schedule; this does not). */
export function reminderStageLabel(stage: string): string {
  if (stage === 'before') return 'before the due date';
  if (stage === 'due') return 'on the due date';
  if (stage === 'after') return 'after the due date';
  const repeat = /^repeat_(\d+)$/.exec(stage);
  return repeat ? `repeat ${repeat[1]}` : stage;
}

/** The reminder the invoice will get next as things stand: the one due now, else the first stage to come; or null. */
export function upcomingReminder(input: ReminderInput): PlannedStage | null {
  const plan = reminderPlan(input);
  if (plan.remindNow) return plan.remindNow;
  if (!remindable(input)) return null;
  const doneRank = Math.max(-1, ...input.done.map(stageRank));
  return (
    reminderStages(input.schedule, input.dueDate!, input.issuedDate).find(
      (stage) => stageRank(stage.stage) > doneRank && stage.date > input.today,
    ) ?? null
  );
}
