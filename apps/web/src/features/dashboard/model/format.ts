/** A recent invoice without a client name (docs/product/dashboard.md#recent-invoices). */
export const UNKNOWN_CUSTOMER = 'Unknown Customer';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '21 Nov 2026' (docs/product/messages-and-limits.md#formats). Dates are YYYY-MM-DD or ISO timestamps. */
export function formatDashboardDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayMonthYear.format(date);
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Nov' */
export function shortMonth(month: string): string {
  return SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
}

/** 'YYYY-MM' → 'Nov 2026' */
export function monthAndYear(month: string): string {
  return `${shortMonth(month)} ${month.slice(0, 4)}`;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis labels only: '€1.2K'. Every amount a reader relies on is shown in full elsewhere. */
export function compactMoney(amount: number, symbol: string): string {
  return `${symbol}${compact.format(amount)}`;
}
