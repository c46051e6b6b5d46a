import { formatLongUsDate, isIsoDate } from '@invoicer/domain/dates';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, formatMoneyForReader } from '@invoicer/domain/money';
import { formatDateTime } from '../../../lib/format';

/** £ when an invoice carries no currency of its own (docs/product/money-and-totals.md#how-amounts-are-shown). */
export const DEFAULT_DISPLAY_CURRENCY: CurrencyCode = 'GBP';

/** A contract amount (a decimal number in the currency's decimals) as the PDF prints it: '€1,234.50', '¥1,235 JPY'. */
export function formatAmount(amount: number | null | undefined, currency: CurrencyCode | null | undefined): string {
  const code = currency || DEFAULT_DISPLAY_CURRENCY;
  return formatMoneyForReader(amountToMinor(amount ?? 0, code), code);
}

const shortGb = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
const shortGbLocal = new Intl.DateTimeFormat('en-GB');

/**
 * The list's date, British short form: '21/11/2026' (docs/product/messages-and-limits.md#formats). A calendar date is
 * read in UTC so no timezone moves it a day; a timestamp is shown in the viewer's own day.
 */
export function formatShortDate(value: string | null | undefined): string {
  if (!value) return '—';
  if (isIsoDate(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return shortGb.format(Date.UTC(year, month - 1, day));
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? '—' : shortGbLocal.format(time);
}

/** The detail page's date, US English long form: 'November 21, 2026' (docs/product/messages-and-limits.md#formats). */
export function formatLongDate(value: string | null | undefined): string {
  return value && isIsoDate(value) ? formatLongUsDate(value) : 'Not set';
}

/**
 * The Amount Due of the list and the invoice page: what is still owed (the server's amount_due:
 * nothing once paid, later the balance after payments), and the total beside it only when the two
 * differ ('€0.00' of '€1,234.00').
 */
export function amountDueView(invoice: {
  amount_due: number;
  total_amount: number;
  currency?: { code?: CurrencyCode } | null;
}): { due: string; total: string | null } {
  const currency = invoice.currency?.code;
  const due = formatAmount(invoice.amount_due, currency);
  const total = formatAmount(invoice.total_amount, currency);
  return { due, total: due === total ? null : total };
}

/** The Viewed marker's longer text: 'Viewed 3 times, first on November 21, 2026 at 3:04 PM'. */
export function viewedDescription(viewedAt: string, viewCount: number): string {
  const times = viewCount === 1 ? 'once' : `${viewCount} times`;
  return `Viewed ${times}, first on ${formatDateTime(viewedAt)}`;
}
