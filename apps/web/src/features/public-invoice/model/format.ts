import type { CurrencyCode } from '@invoicer/domain/currencies';
import { formatDateForReader, isIsoDate } from '@invoicer/domain/dates';
import { labelsFor, type DocumentLabels } from '@invoicer/domain/document-labels';
import { amountToMinor, formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentForReader, percentDecimalToRate } from '@invoicer/domain/percent';
import type { InvoiceStatus } from '@invoicer/domain/status';

/*
 * The page prints in the invoice's language with the functions its PDF uses (docs/decisions/0061-the-document-language.md,
 * docs/decisions/0075-the-account-default-language.md): English documents read exactly as before.
 */

/** An amount of the answer (a decimal) as the PDF prints it: '€1,234.50', '¥1,235 JPY', '−£5.00', '1.234,50 €'. */
export function money(amount: number, currency: CurrencyCode, language?: string | null): string {
  return formatMoneyForReader(amountToMinor(amount, currency), currency, language);
}

/**
 * 'November 21, 2026' ('21. November 2026' in German), or 'Not set' in the language ('Nicht angegeben')
 * (docs/product/messages-and-limits.md#formats).
 */
export function longDate(value: string | null, language?: string | null): string {
  return value && isIsoDate(value) ? formatDateForReader(value, language) : labelsFor(language).notSet;
}

/** The status badge's text in the invoice's language. */
export function statusText(status: InvoiceStatus, labels: DocumentLabels): string {
  const texts: Record<InvoiceStatus, string> = {
    draft: labels.statusDraft,
    sent: labels.statusSent,
    paid: labels.statusPaid,
    overdue: labels.statusOverdue,
  };
  return texts[status];
}

/**
 * A sentence with a value the page shows apart (a bold name, a link) as the text before and after it, so each
 * language keeps its own word order: "{name} sent you this invoice.", "أرسل إليك {name} هذه الفاتورة.".
 */
export function aroundValue(sentence: (value: string) => string): [string, string] {
  const [before = '', after = ''] = sentence('\u0000').split('\u0000');
  return [before, after];
}

/** Non-blank lines of a From or To block. */
export function blockLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** 'Tax (8.875%)' for a percent ('Steuer (19 %)' in German), 'Tax' for a fixed amount, as on the PDF. */
export function adjustmentLabel(name: string, percent: number | null, language?: string | null): string {
  return percent === null ? name : `${name} (${formatPercentForReader(percentDecimalToRate(percent), language)})`;
}
