import type { InvoiceData } from '@invoicer/domain/api/invoices';
import { describe, expect, it } from 'vitest';
import { amountDueView, formatAmount, formatLongDate, formatShortDate, viewedDescription } from './format';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { addressLines, invoiceTotals, placeholderClient } from './invoice-view';

describe('the invoice pages format', () => {
  it('amounts from the contract with their symbol, £ without one, exactly', () => {
    expect(formatAmount(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatAmount(0.29, 'USD')).toBe('$0.29 USD'); // $ alone is six listed currencies' sign
    expect(formatAmount(-10.01, 'USD')).toBe('−$10.01 USD');
    expect(formatAmount(1234, 'JPY')).toBe('¥1,234 JPY');
    expect(formatAmount(1234, 'CNY')).toBe('¥1,234.00 CNY');
    expect(formatAmount(99.5, 'SEK')).toBe('kr99.50 SEK');
    expect(formatAmount(null, null)).toBe('£0.00');
    expect(formatAmount(5, undefined)).toBe('£5.00');
  });

  it('what is due, with the total beside it only when the two differ', () => {
    const euro = { code: 'EUR' as const };
    expect(amountDueView({ amount_due: 1234, total_amount: 1234, currency: euro })).toEqual({
      due: '€1,234.00',
      total: null,
    });
    expect(amountDueView({ amount_due: 0, total_amount: 1234, currency: euro })).toEqual({
      due: '€0.00',
      total: '€1,234.00',
    });
    expect(amountDueView({ amount_due: 0, total_amount: 0, currency: null })).toEqual({ due: '£0.00', total: null });
  });

  it('short en-GB dates, a calendar date in UTC so no time zone moves it', () => {
    expect(formatShortDate('2026-11-21')).toBe('21/11/2026');
    expect(formatShortDate(null)).toBe('—');
    expect(formatShortDate('not a date')).toBe('—');
  });

  it("long US dates on the detail page, 'Not set' without one", () => {
    expect(formatLongDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatLongDate(null)).toBe('Not set');
    expect(formatLongDate('21/11/2026')).toBe('Not set');
  });

  it('the ZIP progress in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024 + 100_000)).toBe('5.1 MB');
  });
});

describe('the invoice page', () => {
  it('builds a placeholder client from To: the first line the name, the rest the address', () => {
    expect(placeholderClient('Globex\n\n 42 Main Road \nSpringfield')).toMatchObject({
      id: null,
      name: 'Globex',
      address: '42 Main Road\nSpringfield',
      company: '',
    });
    expect(placeholderClient('  ').name).toBe('Unknown Customer');
    expect(addressLines('a\r\nb\rc\n\n')).toEqual(['a', 'b', 'c']);
  });

  it('computes its figures with the one totals function from the stored decimals', () => {
    const data: InvoiceData = {
      from: 'A',
      to: 'B',
      invoice_number: '1',
      issued_date: null,
      due_date: null,
      currency: 'GBP',
      currency_symbol: '£',
      currency_label: 'British Pound',
      logo_url: null,
      items: [
        { id: '1', name: 'x', description: '', showDesc: false, quantity: 3, unit: '', unit_cost: 10.01 },
        { id: '2', name: 'y', description: '', showDesc: false, quantity: 1, unit: '', unit_cost: 0.29 },
      ],
      show_tax: true,
      tax_percent: 7.5,
      tax_type: 'percent',
      show_discount: true,
      discount_percent: 1.5,
      discount_type: 'fixed',
      show_shipping: true,
      shipping_amount: 4.35,
      payment_details: '',
      payment_instructions: '',
      terms: '',
      template: null,
      accent_color: null,
      paper: null,
      language: null,
    };
    // 30.03 + 0.29 = 30.32; tax 7.5 % = 2.274 -> 2.27; - 1.50 + 4.35 = 35.44
    expect(invoiceTotals(data)).toMatchObject({
      lines: [3003, 29],
      subtotal: 3032,
      tax: 227,
      discount: 150,
      total: 3544,
    });
    // Rates with 3 decimals: tax 8.875 % = 2.6908 -> 2.69; a 12.125 % discount = 3.6763 -> 3.68
    expect(
      invoiceTotals({ ...data, tax_percent: 8.875, discount_type: 'percent', discount_percent: 12.125 }),
    ).toMatchObject({ subtotal: 3032, tax: 269, discount: 368, total: 3032 + 269 - 368 + 435 });
  });

  it("dates and times of the activity log and the Viewed marker, in the reader's zone", () => {
    const at = '2026-11-21T15:04:00.000Z';
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(at));
    expect(formatDateTime(at)).toBe(local);
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('nonsense')).toBe('—');
    expect(viewedDescription(at, 1)).toBe(`Viewed once, first on ${local}`);
    expect(viewedDescription(at, 3)).toBe(`Viewed 3 times, first on ${local}`);
  });
});
