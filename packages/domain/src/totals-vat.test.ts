import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VAT_CATEGORIES } from './einvoice/einvoice-model';
import { computeTotals, computeVatBreakdown, type TotalsInput } from './totals';

// VAT mode and discount before tax (docs/decisions/0069-vat-categories-and-discounts-before-tax.md).

const off = { enabled: false, type: 'percent', value: 0 } as const;
const base: TotalsInput = { items: [], tax: off, discount: off, shipping: { enabled: false, amount: 0 } };

describe('computeTotals, simple mode with the discount before tax', () => {
  it('taxes the subtotal less the discount (the issue example: $14,008.88, 5 % off, 8.25 % tax)', () => {
    const input: TotalsInput = {
      ...base,
      items: [{ quantity: 1, unitCost: 1_400_888 }],
      tax: { enabled: true, type: 'percent', value: 8_250 },
      discount: { enabled: true, type: 'percent', value: 5_000 },
    };
    const after = computeTotals(input);
    const before = computeTotals({ ...input, discountBeforeTax: true });
    expect(after.tax).toBe(115_573); // 8.25 % of 14,008.88
    expect(before.discount).toBe(70_044);
    expect(before.tax).toBe(109_795); // 8.25 % of 13,308.44 = 1,097.946…
    expect(after.tax - before.tax).toBe(5_778); // the $57.78 of the issue
    expect(before.total).toBe(1_400_888 - 70_044 + 109_795);
    expect(before.vat).toBeUndefined();
  });

  it('changes nothing without a discount or with a fixed tax', () => {
    const input: TotalsInput = {
      ...base,
      items: [{ quantity: 3, unitCost: 999 }],
      tax: { enabled: true, type: 'fixed', value: 500 },
      discount: { enabled: true, type: 'fixed', value: 100 },
    };
    expect(computeTotals({ ...input, discountBeforeTax: true })).toEqual(computeTotals(input));
  });
});

describe('computeTotals, VAT mode', () => {
  it('groups lines by category and rate and rounds each group once', () => {
    const totals = computeTotals({
      ...base,
      items: [
        { quantity: 1, unitCost: 50, vatCategory: 'S', vatRate: 19_000 },
        { quantity: 1, unitCost: 50, vatCategory: 'S', vatRate: 19_000 },
        { quantity: 1.5, unitCost: 2_000, vatCategory: 'S', vatRate: 7_000 },
        { quantity: 1, unitCost: 1_000, vatCategory: 'E', vatRate: 0, vatExemptionReason: 'UStG 19' },
      ],
      // The document-level tax is not used in VAT mode.
      tax: { enabled: true, type: 'percent', value: 50_000 },
    });
    expect(totals.vat?.groups).toEqual([
      { category: 'S', rate: 19_000, taxable: 100, tax: 19, exemption_reason: undefined },
      { category: 'S', rate: 7_000, taxable: 3_000, tax: 210, exemption_reason: undefined },
      { category: 'E', rate: 0, taxable: 1_000, tax: 0, exemption_reason: 'UStG 19' },
    ]);
    expect(totals).toMatchObject({ subtotal: 4_100, tax: 229, total: 4_329 });
  });

  it('takes the discount off the tax base and splits discount and shipping over the groups exactly', () => {
    const totals = computeTotals({
      ...base,
      items: [
        { quantity: 1, unitCost: 10_000, vatCategory: 'S', vatRate: 19_000 },
        { quantity: 1, unitCost: 5_000, vatCategory: 'S', vatRate: 7_000 },
      ],
      discount: { enabled: true, type: 'fixed', value: 1_000 },
      shipping: { enabled: true, amount: 500 },
    });
    expect(totals.vat?.allowances).toEqual([
      { amount: 667, category: 'S', rate: 19_000 },
      { amount: 333, category: 'S', rate: 7_000 },
    ]);
    expect(totals.vat?.charges).toEqual([
      { amount: 333, category: 'S', rate: 19_000 },
      { amount: 167, category: 'S', rate: 7_000 },
    ]);
    // 19 %: 10,000 − 667 + 333 = 9,666 → 1,836.54 → 1,837; 7 %: 5,000 − 333 + 167 = 4,834 → 338.38 → 338.
    expect(totals.vat?.groups.map((group) => [group.taxable, group.tax])).toEqual([
      [9_666, 1_837],
      [4_834, 338],
    ]);
    expect(totals).toMatchObject({ subtotal: 15_000, discount: 1_000, shipping: 500, tax: 2_175, total: 16_675 });
  });

  const item = fc.record({
    quantity: fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000),
    unitCost: fc.integer({ min: 0, max: 10_000_000 }),
    vatCategory: fc.constantFrom(...VAT_CATEGORIES),
    vatRate: fc.integer({ min: 1, max: 30_000 }),
  });

  it('holds the EN 16931 sums for random invoices (BR-CO-10, 13, 14, 15, BR-S-08)', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (raw, discountRate, shipping) => {
          const items = raw.map((entry) => ({ ...entry, vatRate: entry.vatCategory === 'S' ? entry.vatRate : 0 }));
          const totals = computeTotals({
            ...base,
            items,
            discount: { enabled: true, type: 'percent', value: discountRate },
            shipping: { enabled: true, amount: shipping },
          });
          const vat = totals.vat!;
          const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
          expect(sum(vat.allowances.map((entry) => entry.amount))).toBe(totals.discount);
          expect(sum(vat.charges.map((entry) => entry.amount))).toBe(totals.shipping);
          expect(sum(vat.groups.map((group) => group.taxable))).toBe(
            totals.subtotal - totals.discount + totals.shipping,
          );
          expect(sum(vat.groups.map((group) => group.tax))).toBe(totals.tax);
          for (const group of vat.groups) {
            const exact = (group.taxable * group.rate) / 100_000;
            if (group.category === 'S') expect(Math.abs(group.tax - exact)).toBeLessThanOrEqual(0.5);
            else expect(group.tax).toBe(0);
          }
          expect(totals.total).toBe(Math.max(0, totals.subtotal - totals.discount + totals.shipping + totals.tax));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rounds a half unit away from zero, also below zero', () => {
    const line = (net: bigint) => ({ net, category: 'S' as const, rate: 10_000 });
    expect(computeVatBreakdown([line(5n)]).groups[0]!.tax).toBe(1);
    expect(computeVatBreakdown([line(5n)], 10n).groups[0]!.tax).toBe(-1);
  });
});
