import { z } from 'zod';
import { isCurrencyCode } from '../currencies';
import { amountToMinor, formatMoney } from '../money';
import { reminderStageLabel } from '../reminders';
import { statusLabel } from '../status';
import { timestampSchema } from './common';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from './payments';

/**
 * An invoice's activity log (docs/product/public-links-and-activity.md#activity): what happened to it, newest
 * first. The server writes an entry in the transaction of the event (apps/server/src/shared/activity.ts); the
 * invoice page turns each into a sentence with activitySentence, so the wording lives here once.
 *
 * `data` by kind (every field optional when read: an entry is never refused for what it lacks):
 * - created: nothing
 * - edited: `count` (saves merged into the entry), `last_at` (the latest of them)
 * - status_changed: `from`, `to` (stored statuses)
 * - link_created: `replaced` (true when it replaced a link that was on)
 * - link_revoked: nothing
 * - viewed: `first: true` for the first view ever; later views are merged: `count`, `last_at`
 * - sent: `to` (the addresses), `cc` (the owner's own, when a copy went to them), `marked_sent: true` when the
 *   sending moved a draft to sent (docs/product/sending-invoices.md#what-sending-changes)
 * - reminder: `to` (the address), `stage` (packages/domain/src/reminders.ts); `skipped: 'no_recipient'` when the
 *   client had no e-mail address, so nothing was sent
 * - payment: `amount` (decimal), `currency` (code), `method` (a payment method), `source` (`mark_as_paid` when a
 *   status change to Paid recorded it; docs/product/payments.md#activity-and-notifications)
 * - payment_deleted: the same fields, of the payment that was deleted (also when setting the status back from Paid
 *   removed it: `source` says so)
 */
export const ACTIVITY_KINDS = [
  'created',
  'edited',
  'status_changed',
  'link_created',
  'link_revoked',
  'viewed',
  'sent',
  'reminder',
  'payment',
  'payment_deleted',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /api/invoices/{id}/activity answers at most this many entries, the newest. */
export const ACTIVITY_LIST_MAX = 50;

export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  data: z.record(z.string(), z.unknown()),
  created_at: timestampSchema,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListResponseSchema = z.object({
  success: z.literal(true),
  activity: z.array(activityEntrySchema),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

const count = (data: Record<string, unknown>): number =>
  typeof data.count === 'number' && Number.isSafeInteger(data.count) && data.count > 0 ? data.count : 1;

const addresses = (data: Record<string, unknown>): string[] =>
  Array.isArray(data.to) ? data.to.filter((entry): entry is string => typeof entry === 'string') : [];

/** The sentence the invoice page shows for an entry ("Viewed for the first time", "Status changed to Paid"). */
export function activitySentence(entry: Pick<ActivityEntry, 'kind' | 'data'>): string {
  const { data } = entry;
  switch (entry.kind) {
    case 'created':
      return 'Created';
    case 'edited': {
      const saves = count(data);
      return saves > 1 ? `Edited (${saves} saves)` : 'Edited';
    }
    case 'status_changed':
      return typeof data.to === 'string' ? `Status changed to ${statusLabel(data.to)}` : 'Status changed';
    case 'link_created':
      return data.replaced === true ? 'Link replaced' : 'Link created';
    case 'link_revoked':
      return 'Link turned off';
    case 'viewed': {
      if (data.first === true) return 'Viewed for the first time';
      const views = count(data);
      return views > 1 ? `Viewed ${views} more times` : 'Viewed again';
    }
    case 'sent': {
      const to = addresses(data);
      const sent = to.length > 0 ? `Sent to ${to.join(', ')}` : 'Sent';
      return data.marked_sent === true ? `${sent}; marked as Sent` : sent;
    }
    case 'reminder': {
      if (data.skipped === 'no_recipient') return 'Reminder not sent: the client has no e-mail address';
      const to = addresses(data);
      const stage = typeof data.stage === 'string' ? ` (${reminderStageLabel(data.stage)})` : '';
      return to.length > 0 ? `Reminder sent to ${to.join(', ')}${stage}` : `Reminder sent${stage}`;
    }
    case 'payment': {
      const amount = paymentAmount(data);
      if (!amount) return 'Payment recorded';
      if (data.source === 'mark_as_paid') return `Marked as paid: payment of ${amount} recorded`;
      const method = paymentMethodLabel(data);
      return method ? `Payment of ${amount} recorded (${method})` : `Payment of ${amount} recorded`;
    }
    case 'payment_deleted': {
      const amount = paymentAmount(data);
      if (!amount) return 'Payment deleted';
      const method = paymentMethodLabel(data);
      return method ? `Payment of ${amount} deleted (${method})` : `Payment of ${amount} deleted`;
    }
  }
}

/** "€120.00" from a payment entry's decimal amount and currency code; null when either is missing or unreadable. */
function paymentAmount(data: Record<string, unknown>): string | null {
  if (typeof data.amount !== 'number' || !Number.isFinite(data.amount) || !isCurrencyCode(data.currency)) return null;
  try {
    return formatMoney(amountToMinor(data.amount, data.currency), data.currency);
  } catch {
    return null;
  }
}

function paymentMethodLabel(data: Record<string, unknown>): string | null {
  const method = PAYMENT_METHODS.find((known) => known === data.method);
  return method ? PAYMENT_METHOD_LABELS[method].toLowerCase() : null;
}
