import { formatLongUsDate } from '@invoicer/domain/dates';
import { statusLabel, type InvoiceStatus } from '@invoicer/domain/status';
import { notifications } from '../db/schema';
import type { DbExecutor } from '../plugins/database';

/**
 * Every notification the product records, and the one way to record it. The features that report
 * an event (accounts, invoices and their links, clients, businesses, support) write here; the notifications feature
 * reads what they wrote. Each text is here so the page's wording is seen and changed in one place.
 */

export type NewNotification = typeof notifications.$inferInsert;

/**
 * Records a notification for a real event. Pass the transaction of the write it reports, so both
 * land or neither does.
 */
export async function insertNotification(db: DbExecutor, values: NewNotification): Promise<void> {
  await db.insert(notifications).values(values);
}

type Owned = { userId: string };

export const welcomeNotification = ({ userId }: Owned): NewNotification => ({
  userId,
  type: 'success',
  title: 'Welcome to Invoicer!',
  message: 'Your account is ready. Create your first invoice to get started.',
  relatedEntityType: 'create',
});

export const invoiceCreatedNotification = (
  userId: string,
  invoice: { id: string; invoiceNumber: string; clientName?: string | undefined },
): NewNotification => ({
  userId,
  type: 'success',
  title: 'Invoice created',
  message: invoice.clientName
    ? `Invoice ${invoice.invoiceNumber} for ${invoice.clientName} was created.`
    : `Invoice ${invoice.invoiceNumber} was created.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

const STATUS_NOTIFICATION_TYPE: Record<InvoiceStatus, 'success' | 'warning' | 'info'> = {
  paid: 'success',
  overdue: 'warning',
  sent: 'info',
  draft: 'info',
};

export const invoiceStatusNotification = (
  userId: string,
  invoice: { id: string; invoiceNumber: string },
  from: string,
  to: InvoiceStatus,
): NewNotification => ({
  userId,
  type: STATUS_NOTIFICATION_TYPE[to],
  title: `Invoice ${invoice.invoiceNumber} marked as ${to}`,
  message: `Invoice ${invoice.invoiceNumber} changed from ${statusLabel(from)} to ${statusLabel(to)}.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/**
 * Payments recorded on the invoice now cover its total (docs/product/payments.md#activity-and-notifications); a
 * status change asked for through the status menu or Mark as Paid reads as invoiceStatusNotification instead.
 */
export const invoicePaidNotification = (
  userId: string,
  invoice: { id: string; invoiceNumber: string },
  total: string,
): NewNotification => ({
  userId,
  type: 'success',
  title: `Invoice ${invoice.invoiceNumber} is paid in full`,
  message: `The payments recorded on invoice ${invoice.invoiceNumber} now cover its total of ${total}.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/** The first time someone other than the owner opens the invoice's public link (docs/product/public-links-and-activity.md#views). */
export const invoiceViewedNotification = (
  userId: string,
  invoice: { id: string; invoiceNumber: string },
): NewNotification => ({
  userId,
  type: 'info',
  title: `Invoice ${invoice.invoiceNumber} was viewed`,
  message: `Invoice ${invoice.invoiceNumber} was opened from its public link for the first time.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/**
 * An invoice sent by e-mail (docs/product/sending-invoices.md#what-sending-changes): on its way, or, on a server
 * without SMTP_URL, waiting in the outbox. Never "delivered": the message leaves after this is written.
 */
export const invoiceSentNotification = (
  userId: string,
  invoice: { id: string; invoiceNumber: string },
  to: readonly string[],
  delivering: boolean,
): NewNotification => ({
  userId,
  type: delivering ? 'success' : 'warning',
  title: `Invoice ${invoice.invoiceNumber} sent`,
  message: delivering
    ? `Invoice ${invoice.invoiceNumber} is on its way to ${to.join(', ')}.`
    : `Invoice ${invoice.invoiceNumber} to ${to.join(', ')} is waiting in the outbox: e-mail delivery is not configured on this server.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

const PARTY_LABELS = {
  client: { one: 'Client', many: 'clients' },
  business: { one: 'Business', many: 'businesses' },
} as const;

/** "Client created" / "Business created", for the party a client or business feature just inserted. */
export const partyCreatedNotification =
  (kind: keyof typeof PARTY_LABELS) =>
  (row: Owned & { id: string; name: string }): NewNotification => ({
    userId: row.userId,
    type: 'success',
    title: `${PARTY_LABELS[kind].one} created`,
    message: `${PARTY_LABELS[kind].one} "${row.name}" has been added to your ${PARTY_LABELS[kind].many}.`,
    relatedEntityType: kind,
    relatedEntityId: row.id,
  });

/** `issue` is the label of the request's issue type, as the support form shows it. */
export const supportRequestNotification = (userId: string, issue: string, replyTo: string): NewNotification => ({
  userId,
  type: 'success',
  title: 'Support request sent',
  message: `We received your request about "${issue}" and will reply to ${replyTo}, typically within 24 hours.`,
  relatedEntityType: null,
  relatedEntityId: null,
});

type InvoiceRef = { id: string; invoiceNumber: string };

/** The first time an invoice becomes overdue (docs/product/reminders.md#the-owners-overdue-notice). */
export const invoiceOverdueNotification = (userId: string, invoice: InvoiceRef, dueDate: string): NewNotification => ({
  userId,
  type: 'warning',
  title: `Invoice ${invoice.invoiceNumber} is overdue`,
  message: `Invoice ${invoice.invoiceNumber} was due on ${formatLongUsDate(dueDate)} and is not paid yet.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/** An automatic reminder went to the client (docs/product/reminders.md#what-a-reminder-does). */
export const reminderSentNotification = (userId: string, invoice: InvoiceRef, to: string): NewNotification => ({
  userId,
  type: 'info',
  title: `Reminder sent for invoice ${invoice.invoiceNumber}`,
  message: `A payment reminder for invoice ${invoice.invoiceNumber} was e-mailed to ${to}.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/** A reminder was due but the client has no e-mail address (docs/product/reminders.md#what-a-reminder-does). */
export const reminderNotSentNotification = (userId: string, invoice: InvoiceRef): NewNotification => ({
  userId,
  type: 'warning',
  title: `Reminder for invoice ${invoice.invoiceNumber} not sent`,
  message: `A payment reminder for invoice ${invoice.invoiceNumber} was due, but its client has no e-mail address. Add one to the client or the invoice's To block.`,
  relatedEntityType: 'invoice',
  relatedEntityId: invoice.id,
});

/** One notification for a whole import (docs/product/importing.md), not one per client or invoice it wrote. */
export const clientsImportedNotification = (userId: string, imported: number, skipped: number): NewNotification => ({
  userId,
  type: 'success',
  title: 'Clients imported',
  message: `${imported.toLocaleString('en-US')} ${imported === 1 ? 'client was' : 'clients were'} imported from a CSV file${
    skipped > 0 ? `; ${skipped.toLocaleString('en-US')} ${skipped === 1 ? 'row was' : 'rows were'} skipped` : ''
  }.`,
  relatedEntityType: 'client',
});

export const invoicesImportedNotification = (userId: string, summary: string, source: string): NewNotification => ({
  userId,
  type: 'success',
  title: 'Invoices imported',
  message: `${summary} From: ${source}.`,
  relatedEntityType: 'invoice',
});
