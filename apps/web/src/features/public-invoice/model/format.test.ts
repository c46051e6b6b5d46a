import { describe, expect, it } from 'vitest';
import { labelsFor } from '@invoicer/domain/document-labels';
import { adjustmentLabel, aroundValue, blockLines, longDate, money, statusText } from './format';

describe('the public invoice page prints as the PDF does', () => {
  it('amounts with the currency symbol, negative ones with a leading minus', () => {
    expect(money(104.28, 'GBP')).toBe('£104.28');
    expect(money(1234.5, 'EUR')).toBe('€1,234.50');
    expect(money(-5, 'GBP')).toBe('−£5.00'); // U+2212, a true minus sign
    expect(money(1234, 'JPY')).toBe('¥1,234 JPY');
  });

  it('long dates, Not set without one', () => {
    expect(longDate('2026-11-21')).toBe('November 21, 2026');
    expect(longDate(null)).toBe('Not set');
  });

  it("in the document's language, with the functions the PDF uses (ADR 75)", () => {
    expect(money(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(money(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(longDate('2026-11-28', 'de')).toBe('28. November 2026');
    expect(longDate('2026-11-28', 'ja')).toBe('2026年11月28日');
    expect(adjustmentLabel('Steuer', 19, 'de')).toBe('Steuer (19\u00a0%)');
    expect(adjustmentLabel('Tax', 8.875, 'en')).toBe('Tax (8.875%)');
  });

  it('blocks as their non-blank lines, adjustments with their percent', () => {
    expect(blockLines('  Acme  \r\n\n1 Main Street\r')).toEqual(['Acme', '1 Main Street']);
    expect(adjustmentLabel('Tax', 7.5)).toBe('Tax (7.5%)');
    expect(adjustmentLabel('Tax', 8.875)).toBe('Tax (8.875%)');
    expect(adjustmentLabel('Tax', 8)).toBe('Tax (8%)');
    expect(adjustmentLabel('Discount', null)).toBe('Discount');
  });

  it('the texts around the invoice in German and Arabic: Not set, the status, the sender line (issue 16)', () => {
    expect(longDate(null, 'de')).toBe('Nicht angegeben');
    expect(longDate(null, 'ar')).toBe('غير محدد');
    expect(statusText('overdue', labelsFor('de'))).toBe('Überfällig');
    expect(statusText('paid', labelsFor('ar'))).toBe('مدفوعة');
    expect(statusText('sent', labelsFor('en'))).toBe('Sent');
    expect(aroundValue(labelsFor('en').sentYouThis)).toEqual(['', ' sent you this invoice.']);
    expect(aroundValue(labelsFor('de').sentYouThis)).toEqual(['', ' hat Ihnen diese Rechnung gesendet.']);
    // Arabic puts the sender inside the sentence.
    expect(aroundValue(labelsFor('ar').sentYouThis)).toEqual(['أرسل إليك ', ' هذه الفاتورة.']);
    expect(aroundValue(labelsFor('ja').sentWith)).toEqual(['', 'で送信']);
  });
});
