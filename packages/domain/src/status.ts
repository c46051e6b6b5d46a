import { z } from 'zod';

/** Stored invoice statuses (docs/product/states-and-transitions.md#invoice-statuses). */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The list's filter chips: All, Draft, Sent, Paid, Overdue. */
export const STATUS_FILTERS = ['all', ...INVOICE_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_MESSAGE = 'Status must be one of draft, sent, paid or overdue.';

const STATUS_SET: ReadonlySet<string> = new Set(INVOICE_STATUSES);

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && STATUS_SET.has(value);
}

/** A stored or submitted status, case-insensitive; the legacy 'in progress' means sent. Null when not a status. */
export function normalizeStatus(input: unknown): InvoiceStatus | null {
  if (typeof input !== 'string') return null;
  const value = input
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (value === 'in progress') return 'sent';
  return isInvoiceStatus(value) ? value : null;
}

/**
 * The status every view reports: a sent invoice whose due date has passed is overdue.
 * Dates are YYYY-MM-DD, so string order is date order; the due day itself is not overdue.
 */
export function effectiveStatus(stored: InvoiceStatus | string, dueDate: string | null, today: string): InvoiceStatus {
  const status = normalizeStatus(stored) ?? 'draft';
  if (status === 'sent' && dueDate && dueDate < today) return 'overdue';
  return status;
}

const LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue' };

/** Badge text: known statuses by name ('in progress' shows as Sent), anything else capitalised. */
export function statusLabel(status: string): string {
  const known = normalizeStatus(status);
  if (known) return LABELS[known];
  const text = status.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A status in a request body: any of the four (or 'in progress'), any case. */
export const statusInputSchema = z.string({ error: STATUS_MESSAGE }).transform((value, ctx): InvoiceStatus => {
  const status = normalizeStatus(value);
  if (!status) {
    ctx.addIssue({ code: 'custom', message: STATUS_MESSAGE });
    return z.NEVER;
  }
  return status;
});

/** A status as responses carry it (always one of the four). */
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, { error: STATUS_MESSAGE });

/** What each status means, one line each, as the status menu explains them (docs/product/invoices.md#status-changes). */
export const STATUS_DESCRIPTIONS: Record<InvoiceStatus, string> = {
  draft: 'Not sent yet',
  sent: 'Waiting for payment; becomes Overdue after the due date',
  paid: 'Payment received',
  overdue: 'Not paid by the due date',
};

/** A status as the menu offers it. */
export interface StatusOption {
  value: InvoiceStatus;
  label: string;
  /** One line on what the status means, or on what choosing it will show. */
  description: string;
  /** The invoice reads this status now (its effective status). */
  current: boolean;
  /** What the invoice will read once this status is set: differs from `value` only for Sent past the due date. */
  showsAs: InvoiceStatus;
}

/**
 * The menu's choices for an invoice that reads `current` (its effective status). Any status may be
 * set from any status (docs/decisions/0029-invoice-statuses-and-the-overdue-rule.md), so every
 * option is enabled; Sent on an invoice past its due date says beforehand that it will read Overdue.
 * `today` is YYYY-MM-DD in UTC, as the overdue rule reads it.
 */
export function statusOptions(current: InvoiceStatus, dueDate: string | null, today: string): StatusOption[] {
  return INVOICE_STATUSES.map((value) => {
    const showsAs = effectiveStatus(value, dueDate, today);
    return {
      value,
      label: LABELS[value],
      description:
        showsAs === value ? STATUS_DESCRIPTIONS[value] : `Past its due date, so it shows as ${LABELS[showsAs]}`,
      current: value === current,
      showsAs,
    };
  });
}

/**
 * What a status change did, said to the user: `requested` is the status chosen, `effectiveAfter`
 * the status the invoice reads afterwards (the server's answer). They differ when a sent invoice is
 * past its due date (docs/product/states-and-transitions.md#the-overdue-rule).
 */
export function statusChangeMessage(requested: InvoiceStatus, effectiveAfter: InvoiceStatus): string {
  const marked = `Marked as ${requested}`;
  if (requested === effectiveAfter) return marked;
  if (requested === 'sent' && effectiveAfter === 'overdue')
    return `${marked}; it is past its due date, so it shows as Overdue`;
  return `${marked}; it shows as ${LABELS[effectiveAfter]}`;
}
