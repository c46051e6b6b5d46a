import { z } from 'zod';
import { DEFAULT_REMINDER_SCHEDULE, REMINDER_LIMITS, type ReminderSchedule } from '../reminders';
import { timestampSchema, userIdField } from './common';

/**
 * The HTTP contract of automatic reminders (docs/product/reminders.md): the account's schedule
 * (`GET`/`PUT /api/users/settings`) and an invoice's own state (`GET`/`PUT /api/invoices/{id}/reminders`). The
 * Settings form validates with the same schema the route does.
 */

export const REMINDER_MESSAGES = {
  enabled: 'Automatic reminders must be on or off.',
  onDue: 'The due-day reminder must be on or off.',
  beforeDays: `Days before the due date must be a whole number from ${REMINDER_LIMITS.before_days.min} to ${REMINDER_LIMITS.before_days.max}.`,
  afterDays: `Days after the due date must be a whole number from ${REMINDER_LIMITS.after_days.min} to ${REMINDER_LIMITS.after_days.max}.`,
  repeatDays: `Repeat every must be a whole number of days from ${REMINDER_LIMITS.repeat_days.min} to ${REMINDER_LIMITS.repeat_days.max}.`,
  max: `Repeats must be a whole number from ${REMINDER_LIMITS.max.min} to ${REMINDER_LIMITS.max.max}.`,
  remindersRequired: 'Please send the reminder settings.',
  paused: 'Paused must be true or false.',
  saved: 'Reminder settings saved',
  pausedNow: 'Reminders paused for this invoice',
  resumedNow: 'Reminders resumed for this invoice',
  /** The invoice page's reminders panel, for an account whose address is not verified. */
  waitingForVerification:
    'Reminders wait until you verify your e-mail address; then the latest one due goes out, not every one missed.',
} as const;

const wholeNumber = (limits: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int({ error: message }).min(limits.min, { error: message }).max(limits.max, {
    error: message,
  });

export const reminderScheduleSchema = z.object(
  {
    enabled: z.boolean({ error: REMINDER_MESSAGES.enabled }),
    before_days: wholeNumber(REMINDER_LIMITS.before_days, REMINDER_MESSAGES.beforeDays),
    on_due: z.boolean({ error: REMINDER_MESSAGES.onDue }),
    after_days: wholeNumber(REMINDER_LIMITS.after_days, REMINDER_MESSAGES.afterDays),
    repeat_days: wholeNumber(REMINDER_LIMITS.repeat_days, REMINDER_MESSAGES.repeatDays),
    max: wholeNumber(REMINDER_LIMITS.max, REMINDER_MESSAGES.max),
  },
  { error: REMINDER_MESSAGES.remindersRequired },
) satisfies z.ZodType<ReminderSchedule>;

/**
 * A stored schedule as the server reads it back: each field that is missing or no longer valid takes its default,
 * so settings saved by an older version (or never saved) always give a whole schedule.
 */
export function readReminderSchedule(stored: unknown): ReminderSchedule {
  const source =
    stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const shape = reminderScheduleSchema.shape;
  const schedule = { ...DEFAULT_REMINDER_SCHEDULE };
  for (const key of Object.keys(shape) as Array<keyof ReminderSchedule>) {
    const parsed = shape[key].safeParse(source[key]);
    if (parsed.success) (schedule as Record<string, unknown>)[key] = parsed.data;
  }
  return schedule;
}

/** The account's settings. Only reminders so far. */
export const userSettingsSchema = z.object({ reminders: reminderScheduleSchema });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/users/settings */
export const userSettingsBodySchema = z.object({ user_id: userIdField, reminders: reminderScheduleSchema });
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;

/** GET and PUT /api/users/settings answer. */
export const userSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: userSettingsSchema,
});
export type UserSettingsResponse = z.infer<typeof userSettingsResponseSchema>;

/** PUT /api/invoices/{id}/reminders */
export const invoiceRemindersBodySchema = z.object({
  user_id: userIdField,
  paused: z.boolean({ error: REMINDER_MESSAGES.paused }),
});
export type InvoiceRemindersBody = z.infer<typeof invoiceRemindersBodySchema>;

export const REMINDER_OUTCOMES = ['sent', 'no_recipient'] as const;

export const sentReminderSchema = z.object({
  stage: z.string(),
  due_date: z.string(),
  /** Where it went; null when the client had no e-mail address (nothing was sent). */
  to: z.string().nullable(),
  outcome: z.enum(REMINDER_OUTCOMES),
  created_at: timestampSchema,
});
export type SentReminder = z.infer<typeof sentReminderSchema>;

/** An invoice's reminders, as its page shows them. */
export const invoiceRemindersSchema = z.object({
  /** "Pause reminders" on this invoice. */
  paused: z.boolean(),
  /** The account's "Automatic reminders" switch. */
  account_enabled: z.boolean(),
  /**
   * The account's e-mail address is verified. Until it is, no reminder leaves: they wait, and the latest one due goes
   * out after verification (docs/decisions/0052-account-links-verification-and-sessions.md).
   */
  account_verified: z.boolean(),
  /** Where the next reminder would go; null when the client has no e-mail address. */
  recipient: z.string().nullable(),
  /** The next reminder the schedule holds for this invoice as it is now, or null. */
  next: z.object({ stage: z.string(), date: z.string() }).nullable(),
  /** Reminders already sent (or skipped for want of an address), newest first. */
  sent: z.array(sentReminderSchema),
});
export type InvoiceReminders = z.infer<typeof invoiceRemindersSchema>;

export const invoiceRemindersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  reminders: invoiceRemindersSchema,
});
export type InvoiceRemindersResponse = z.infer<typeof invoiceRemindersResponseSchema>;
