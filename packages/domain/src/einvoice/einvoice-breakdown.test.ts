import { describe, expect, it } from 'vitest';
import { computeEInvoiceTotals } from './einvoice-breakdown';
import type { EInvoice } from './einvoice-model';

const base: EInvoice = {
  number: '1',
  issue_date: '2026-11-28',
  currency: 'EUR',
  seller: { name: 'Seller', country: 'DE', vat_id: 'DE123456789' },
  buyer: { name: 'Buyer', country: 'FR', vat_id: 'FR12345678901' },
  lines: [],
  allowances: [],
  charges: [],
};

describe('computeEInvoiceTotals', () => {
  it('groups lines by category and rate, and rounds each group once, half away from zero', () => {
    const totals = computeEInvoiceTotals({
      ...base,
      lines: [
        { name: 'a', quantity: 1, unit_price: 50, vat_category: 'S', vat_rate: 19_000 },
        { name: 'b', quantity: 1, unit_price: 50, vat_category: 'S', vat_rate: 19_000 },
        { name: 'c', quantity: 3, unit_price: 1_000, vat_category: 'S', vat_rate: 7_000 },
      ],
    });
    // 1.00 × 19 % = 0.19 (per line it would be 2 × 0.095 → 0.10 + 0.10).
    expect(totals.vat).toEqual([
      { category: 'S', rate: 19_000, taxable: 100, tax: 19, exemption_reason: undefined },
      { category: 'S', rate: 7_000, taxable: 3_000, tax: 210, exemption_reason: undefined },
    ]);
    expect(totals).toMatchObject({ line_total: 3_100, tax_total: 229, tax_inclusive: 3_329, payable: 3_329 });
  });

  it('rounds 0.5 of a cent away from zero', () => {
    const totals = computeEInvoiceTotals({
      ...base,
      lines: [{ name: 'a', quantity: 1, unit_price: 50, vat_category: 'S', vat_rate: 1_000 }],
    });
    expect(totals.vat[0]!.tax).toBe(1);
  });

  it('takes allowances off and adds charges to their group before the VAT', () => {
    const totals = computeEInvoiceTotals({
      ...base,
      lines: [{ name: 'a', quantity: 2, unit_price: 10_000, vat_category: 'S', vat_rate: 20_000 }],
      allowances: [{ amount: 1_000, reason: '5 % off', vat_category: 'S', vat_rate: 20_000 }],
      charges: [{ amount: 500, reason: 'Shipping', vat_category: 'S', vat_rate: 20_000 }],
    });
    expect(totals.vat[0]).toMatchObject({ taxable: 19_500, tax: 3_900 });
    expect(totals).toMatchObject({ allowance_total: 1_000, charge_total: 500, tax_exclusive: 19_500, payable: 23_400 });
  });

  it('charges no VAT outside the standard rate and gives exempt groups a reason', () => {
    const totals = computeEInvoiceTotals({
      ...base,
      lines: [
        { name: 'a', quantity: 1, unit_price: 1_000, vat_category: 'AE', vat_rate: 0 },
        {
          name: 'b',
          quantity: 1,
          unit_price: 1_000,
          vat_category: 'E',
          vat_rate: 0,
          vat_exemption_reason: 'Kleinunternehmer, UStG 19',
        },
        { name: 'c', quantity: 1, unit_price: 1_000, vat_category: 'Z', vat_rate: 0 },
      ],
    });
    expect(totals.vat.map((group) => [group.category, group.tax, group.exemption_reason])).toEqual([
      ['AE', 0, 'Reverse charge'],
      ['E', 0, 'Kleinunternehmer, UStG 19'],
      ['Z', 0, undefined],
    ]);
    expect(totals.payable).toBe(3_000);
  });
});
