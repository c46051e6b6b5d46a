import { formatLongUsDate, isIsoDate } from '@invoicer/domain/dates';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentRate, percentDecimalToRate } from '@invoicer/domain/percent';

/** An amount of the answer (a decimal) as the PDF prints it: '€1,234.50', '¥1,235 JPY', '−£5.00'. */
export function money(amount: number, currency: CurrencyCode): string {
  return formatMoneyForReader(amountToMinor(amount, currency), currency);
}

/** 'November 21, 2026', or 'Not set' (docs/product/messages-and-limits.md#formats). */
export function longDate(value: string | null): string {
  return value && isIsoDate(value) ? formatLongUsDate(value) : 'Not set';
}

/** Non-blank lines of a From or To block. */
export function blockLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** 'Tax (8.875%)' for a percent, 'Tax' for a fixed amount, as on the PDF. */
export function adjustmentLabel(name: string, percent: number | null): string {
  return percent === null ? name : `${name} (${formatPercentRate(percentDecimalToRate(percent))}%)`;
}
