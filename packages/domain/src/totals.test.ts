import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceDocumentInputSchema, MESSAGES } from './invoice-document';
import { MAX_MONEY_MINOR } from './money';
import { computeTotals, lineAmount, type Adjustment, type TotalsInput } from './totals';

// ---------------------------------------------------------------------------------------------
// An independent oracle: exact rationals over BigInt, fed the decimal text a user types.
// It shares no code with money.ts or totals.ts.

interface Rational {
  n: bigint;
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
function rational(n: bigint, d = 1n): Rational {
  const g = gcd(abs(n), d) || 1n;
  return { n: n / g, d: d / g };
}
const add = (a: Rational, b: Rational) => rational(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational) => rational(a.n * b.n, a.d * b.d);
const ZERO = rational(0n);

function decimal(text: string): Rational {
  const [whole, fraction = ''] = text.split('.');
  return rational(BigInt(`${whole}${fraction}`), 10n ** BigInt(fraction.length));
}

/** Rounds to whole cents (or whole minor units of a currency with `decimals`), half away from zero. */
function cents(value: Rational, decimals = 2): bigint {
  const scaled = value.n * 10n ** BigInt(decimals);
  const magnitude = abs(scaled);
  let whole = magnitude / value.d;
  if ((magnitude % value.d) * 2n >= value.d) whole += 1n;
  return scaled < 0n ? -whole : whole;
}

interface TextInvoice {
  /** Quantities as typed: up to 3 decimals (ADR 60). */
  items: { quantity: string; unitCost: string }[];
  tax: { enabled: boolean; type: 'percent' | 'fixed'; value: string };
  discount: { enabled: boolean; type: 'percent' | 'fixed'; value: string };
  shipping: { enabled: boolean; amount: string };
}

/**
 * The totals rule in minor units of a currency with `decimals` (2 for EUR, 0 for JPY and KRW): each line is the exact
 * product rounded once (ADR 60), the subtotal their sum.
 */
function oracle(invoice: TextInvoice, decimals = 2) {
  const lines = invoice.items.map((item) => cents(mul(decimal(item.quantity), decimal(item.unitCost)), decimals));
  const subtotal = lines.map((line) => rational(line, 10n ** BigInt(decimals))).reduce(add, ZERO);
  const adjustment = (a: TextInvoice['tax']): bigint =>
    !a.enabled
      ? 0n
      : a.type === 'fixed'
        ? cents(decimal(a.value), decimals)
        : cents(mul(subtotal, mul(decimal(a.value), rational(1n, 100n))), decimals);
  const tax = adjustment(invoice.tax);
  const discount = adjustment(invoice.discount);
  const shipping = invoice.shipping.enabled ? cents(decimal(invoice.shipping.amount), decimals) : 0n;
  const raw = cents(subtotal, decimals) + tax - discount + shipping;
  return {
    lines,
    subtotal: cents(subtotal, decimals),
    tax,
    discount,
    shipping,
    total: raw > 0n ? raw : 0n,
  };
}

/** The test's own text → minor units conversion (not money.parseMinor). */
const minor = (text: string) => Number(cents(decimal(text)));

/** The test's own percent text → thousandths of a percent (not percent.parsePercentRate); throws past 3 decimals. */
function thousandths(text: string): number {
  const value = mul(decimal(text), rational(1000n));
  if (value.d !== 1n) throw new Error(`${text} has more than 3 decimals`);
  return Number(value.n);
}

function toInput(invoice: TextInvoice): TotalsInput {
  const adjustment = (a: TextInvoice['tax']): Adjustment => ({
    enabled: a.enabled,
    type: a.type,
    value: a.type === 'percent' ? thousandths(a.value) : minor(a.value),
  });
  return {
    items: invoice.items.map((item) => ({ quantity: Number(item.quantity), unitCost: minor(item.unitCost) })),
    tax: adjustment(invoice.tax),
    discount: adjustment(invoice.discount),
    shipping: { enabled: invoice.shipping.enabled, amount: minor(invoice.shipping.amount) },
  };
}

// ---------------------------------------------------------------------------------------------
// Generators: amounts as typed text with 0, 1 or 2 decimals, biased towards .x5 and cap values.

const fraction = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 0, max: 9 }).map(String),
  fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
  fc.constantFrom('05', '15', '25', '45', '5', '95', '99'),
);
const wholeUpTo = (max: bigint) =>
  fc.oneof(fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 100_000n }), fc.bigInt({ min: 0n, max }));
const amountText = (max: bigint) =>
  fc.tuple(wholeUpTo(max), fraction).map(([whole, frac]) => (frac ? `${whole}.${frac}` : `${whole}`));
// Percentages have up to 3 decimals (8.875 %, ADR 44), biased towards x.xx5 where rounding is decided.
const percentFraction = fc.oneof(
  fraction,
  fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0')),
  fc.constantFrom('875', '125', '375', '005', '995', '999', '001'),
);
const percentText = fc
  .tuple(fc.integer({ min: 0, max: 100 }), percentFraction)
  .map(([whole, frac]) => (whole === 100 || !frac ? `${whole}` : `${whole}.${frac}`));
// Quantities have up to 3 decimals (1.5 hours, 2.125 kg; ADR 60), biased towards halves where a line rounds.
const quantityFraction = fc.oneof(
  fc.constant(''),
  fc.constant(''),
  fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0').replace(/0+$/, '')),
  fc.constantFrom('5', '25', '125', '005', '875', '333', '999', '001'),
);
const quantity = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 0, max: 10 }),
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 999_999_999 }),
    ),
    quantityFraction,
  )
  .map(([whole, frac]) => (frac ? `${whole}.${frac}` : `${whole}`));
const adjustment = fc.oneof(
  fc.record({ enabled: fc.boolean(), type: fc.constant('percent' as const), value: percentText }),
  fc.record({ enabled: fc.boolean(), type: fc.constant('fixed' as const), value: amountText(999_999_999_999n) }),
);
const textInvoice: fc.Arbitrary<TextInvoice> = fc.record({
  items: fc.array(fc.record({ quantity, unitCost: amountText(999_999_999_999n) }), { maxLength: 30 }),
  tax: adjustment,
  discount: adjustment,
  shipping: fc.record({ enabled: fc.boolean(), amount: amountText(999_999_999_999n) }),
});

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

describe('computeTotals against an exact rational oracle', () => {
  it('agrees on every amount, or throws RangeError exactly when an amount leaves the safe range', () => {
    fc.assert(
      fc.property(textInvoice, (invoice) => {
        const expected = oracle(invoice);
        const all = [...expected.lines, expected.subtotal, expected.tax, expected.discount, expected.shipping];
        if (all.some((value) => value > SAFE) || expected.total > SAFE) {
          expect(() => computeTotals(toInput(invoice))).toThrow(RangeError);
          return;
        }
        const totals = computeTotals(toInput(invoice));
        expect(totals.lines.map(BigInt)).toEqual(expected.lines);
        expect(BigInt(totals.subtotal)).toBe(expected.subtotal);
        expect(BigInt(totals.tax)).toBe(expected.tax);
        expect(BigInt(totals.discount)).toBe(expected.discount);
        expect(BigInt(totals.shipping)).toBe(expected.shipping);
        expect(BigInt(totals.total)).toBe(expected.total);
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees end to end through the invoice schema, numbers or text, and rejects overflow with a message', () => {
    fc.assert(
      fc.property(textInvoice, fc.boolean(), (invoice, asNumbers) => {
        const value = (text: string) => (asNumbers ? Number(text) : text);
        const body = {
          from: 'Me',
          to: 'You',
          items: [
            { name: 'Named', quantity: 0, unit_cost: value('0') },
            ...invoice.items.map((item) => ({
              name: 'Item',
              quantity: value(item.quantity),
              unit_cost: value(item.unitCost),
            })),
          ],
          tax_type: invoice.tax.type,
          tax_percent: value(invoice.tax.value),
          show_tax: invoice.tax.enabled,
          discount_type: invoice.discount.type === 'fixed' ? 'flat' : 'percent',
          discount_percent: value(invoice.discount.value),
          show_discount: invoice.discount.enabled,
          shipping_amount: value(invoice.shipping.amount),
          show_shipping: invoice.shipping.enabled,
        };
        const expected = oracle(invoice);
        const fits = [...expected.lines, expected.subtotal, expected.tax, expected.discount, expected.total].every(
          (amount) => amount <= BigInt(MAX_MONEY_MINOR),
        );
        const result = invoiceDocumentInputSchema.safeParse(body);
        if (!fits) {
          expect(result.success).toBe(false);
          expect(result.error?.issues.map((issue) => issue.message)).toContain(MESSAGES.tooLarge);
          return;
        }
        expect(result.success).toBe(true);
        const totals = computeTotals(result.data!);
        expect(BigInt(totals.subtotal)).toBe(expected.subtotal);
        expect(BigInt(totals.tax)).toBe(expected.tax);
        expect(BigInt(totals.discount)).toBe(expected.discount);
        expect(BigInt(totals.shipping)).toBe(expected.shipping);
        expect(BigInt(totals.total)).toBe(expected.total);
      }),
      { numRuns: 1000 },
    );
  });
});

// Currencies without a minor unit (ISO 4217 exponent 0, ADR 59): amounts are whole yen or won, and minor units are
// whole units, so the same rule rounds a percent to the whole yen.
const wholeText = (max: bigint) => wholeUpTo(max).map(String);
const wholeAdjustment = fc.oneof(
  fc.record({ enabled: fc.boolean(), type: fc.constant('percent' as const), value: percentText }),
  fc.record({ enabled: fc.boolean(), type: fc.constant('fixed' as const), value: wholeText(99_999_999_999_999n) }),
);
const wholeInvoice: fc.Arbitrary<TextInvoice> = fc.record({
  items: fc.array(fc.record({ quantity, unitCost: wholeText(99_999_999_999_999n) }), { maxLength: 30 }),
  tax: wholeAdjustment,
  discount: wholeAdjustment,
  shipping: fc.record({ enabled: fc.boolean(), amount: wholeText(99_999_999_999_999n) }),
});

function wholeBody(invoice: TextInvoice, currency: 'JPY' | 'KRW', asNumbers: boolean) {
  const value = (text: string) => (asNumbers ? Number(text) : text);
  return {
    from: 'Me',
    to: 'You',
    currency,
    items: invoice.items.map((item) => ({
      name: 'Item',
      quantity: value(item.quantity),
      unit_cost: value(item.unitCost),
    })),
    tax_type: invoice.tax.type,
    tax_percent: value(invoice.tax.value),
    show_tax: invoice.tax.enabled,
    discount_type: invoice.discount.type,
    discount_percent: value(invoice.discount.value),
    show_discount: invoice.discount.enabled,
    shipping_amount: value(invoice.shipping.amount),
    show_shipping: invoice.shipping.enabled,
  };
}

describe('JPY and KRW totals (no minor unit, ADR 59)', () => {
  it('agree with the oracle in whole units end to end through the schema, or refuse overflow', () => {
    fc.assert(
      fc.property(wholeInvoice, fc.constantFrom('JPY' as const, 'KRW' as const), fc.boolean(), (invoice, code, num) => {
        fc.pre(invoice.items.length > 0);
        const expected = oracle(invoice, 0);
        const fits = [...expected.lines, expected.subtotal, expected.tax, expected.discount, expected.total].every(
          (amount) => amount <= BigInt(MAX_MONEY_MINOR),
        );
        const result = invoiceDocumentInputSchema.safeParse(wholeBody(invoice, code, num));
        if (!fits) {
          expect(result.success).toBe(false);
          return;
        }
        expect(result.success).toBe(true);
        const totals = computeTotals(result.data!);
        expect(totals.lines.map(BigInt)).toEqual(expected.lines);
        expect(BigInt(totals.subtotal)).toBe(expected.subtotal);
        expect(BigInt(totals.tax)).toBe(expected.tax);
        expect(BigInt(totals.discount)).toBe(expected.discount);
        expect(BigInt(totals.shipping)).toBe(expected.shipping);
        expect(BigInt(totals.total)).toBe(expected.total);
        expect(Number.isInteger(totals.total)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuse any fraction of a yen or won by name, and never round it', () => {
    fc.assert(
      fc.property(
        wholeInvoice,
        fc.constantFrom('JPY' as const, 'KRW' as const),
        fc.constantFrom('.5', '.05', '.1', '.99', '.01'),
        (invoice, code, fraction) => {
          fc.pre(invoice.items.length > 0);
          const body = wholeBody(invoice, code, false);
          body.items[0]!.unit_cost = `${invoice.items[0]!.unitCost}${fraction}`;
          const result = invoiceDocumentInputSchema.safeParse(body);
          expect(result.success).toBe(false);
          expect(result.error!.issues).toContainEqual(
            expect.objectContaining({
              path: ['items', 0, 'unit_cost'],
              message: `Rate must be a whole number in ${code}.`,
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round a percent tax once, on the subtotal, to the whole yen', () => {
    const tax = { enabled: true, type: 'percent', value: 10_000 } as const; // 10 %
    const off = { enabled: false, type: 'percent', value: 0 } as const;
    // 3 × ¥115 = ¥345; 10 % = ¥34.5 → ¥35 (per line it would be 3 × ¥12 = ¥36)
    const items = [1, 2, 3].map(() => ({ quantity: 1, unitCost: 115 }));
    const totals = computeTotals({ items, tax, discount: off, shipping: { enabled: false, amount: 0 } });
    expect(totals).toMatchObject({ subtotal: 345, tax: 35, total: 380 });
  });

  it('round a fractional quantity once per line to the whole yen or won', () => {
    const off = { enabled: false, type: 'percent', value: 0 } as const;
    // 1.5 × ¥115 = ¥172.5 → ¥173; 2.125 × ₩999 = ₩2,122.875 → ₩2,123; 0.001 × ¥499 = ¥0.499 → ¥0
    const items = [
      { quantity: 1.5, unitCost: 115 },
      { quantity: 2.125, unitCost: 999 },
      { quantity: 0.001, unitCost: 499 },
    ];
    const totals = computeTotals({ items, tax: off, discount: off, shipping: { enabled: false, amount: 0 } });
    expect(totals).toMatchObject({ lines: [173, 2123, 0], subtotal: 2296, total: 2296 });
  });
});

describe('decimal quantities (up to 3 decimals, rounded once per line; ADR 60)', () => {
  const off = { enabled: false, type: 'percent', value: 0 } as const;
  const totalsOf = (items: TotalsInput['items']) =>
    computeTotals({ items, tax: off, discount: off, shipping: { enabled: false, amount: 0 } });

  it('bills 1.5 hours at $80 as $120.00 and 2.125 kg at €3.99 as €8.48', () => {
    expect(totalsOf([{ quantity: 1.5, unitCost: 8000 }]).lines).toEqual([12000]);
    expect(totalsOf([{ quantity: 2.125, unitCost: 399 }]).lines).toEqual([848]); // 8.47875
  });

  it('rounds each line once, half away from zero, and sums the rounded lines', () => {
    // 0.5 × 1¢ = 0.5¢ → 1¢ each; the exact sum would be 1.5¢ → 2¢, the rounded lines make 3¢.
    const totals = totalsOf([
      { quantity: 0.5, unitCost: 1 },
      { quantity: 0.5, unitCost: 1 },
      { quantity: 0.5, unitCost: 1 },
    ]);
    expect(totals).toMatchObject({ lines: [1, 1, 1], subtotal: 3, total: 3 });
    expect(totalsOf([{ quantity: 0.333, unitCost: 1 }]).lines).toEqual([0]);
    expect(totalsOf([{ quantity: 0.999, unitCost: 1 }]).lines).toEqual([1]);
  });

  it('equals the BigInt reference for every quantity with up to 3 decimals, never a float product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1_000_000_000_000n }),
        fc.bigInt({ min: 0n, max: 99_999_999_999n }),
        (thousandths, unitCost) => {
          const quantity = Number(thousandths) / 1000;
          // Half away from zero: floor((q × u + 500) / 1000) for non-negative q in thousandths.
          const reference = (thousandths * unitCost + 500n) / 1000n;
          if (reference > SAFE) {
            expect(() => lineAmount(quantity, Number(unitCost))).toThrow(RangeError);
            return;
          }
          expect(BigInt(lineAmount(quantity, Number(unitCost)))).toBe(reference);
          expect(BigInt(totalsOf([{ quantity, unitCost: Number(unitCost) }]).lines[0]!)).toBe(reference);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a quantity with a fourth decimal or a sign rather than round it', () => {
    expect(() => lineAmount(1.0005, 100)).toThrow(RangeError);
    expect(() => lineAmount(-1, 100)).toThrow(RangeError);
    expect(() => lineAmount(Number.NaN, 100)).toThrow(RangeError);
  });
});

describe('computeTotals edge cases', () => {
  const off = { enabled: false, type: 'percent', value: 0 } as const;
  const base: TotalsInput = { items: [], tax: off, discount: off, shipping: { enabled: false, amount: 0 } };
  const items = (...pairs: [number, number][]) => pairs.map(([q, unitCost]) => ({ quantity: q, unitCost }));

  it('a 100% discount leaves 0', () => {
    const totals = computeTotals({
      ...base,
      items: items([3, 12_345]),
      discount: { enabled: true, type: 'percent', value: 100_000 },
    });
    expect(totals).toMatchObject({ subtotal: 37_035, discount: 37_035, total: 0 });
  });

  it('a fixed discount larger than the subtotal gives 0, never a negative total, even with shipping', () => {
    const totals = computeTotals({
      ...base,
      items: items([1, 1_000]),
      discount: { enabled: true, type: 'fixed', value: 5_000 },
      shipping: { enabled: true, amount: 500 },
    });
    expect(totals).toMatchObject({ subtotal: 1_000, discount: 5_000, shipping: 500, total: 0 });
  });

  it('rounds a percent once, on the subtotal, half away from zero', () => {
    const tenPercent = { enabled: true, type: 'percent', value: 10_000 } as const;
    // 3 × 1.15 = 3.45; 10% = 0.345 → 0.35 (per line it would be 3 × 0.12 = 0.36)
    expect(computeTotals({ ...base, items: items([1, 115], [1, 115], [1, 115]), tax: tenPercent }).tax).toBe(35);
    // 101 × 0.05 = 5.05; 10% = 0.505 → 0.51 (per line: 101 × 0.01 = 1.01)
    const many = Array.from({ length: 101 }, () => ({ quantity: 1, unitCost: 5 }));
    expect(computeTotals({ ...base, items: many, tax: tenPercent }).tax).toBe(51);
    // exact halves go up, just below half goes down
    expect(computeTotals({ ...base, items: items([1, 5]), tax: tenPercent }).tax).toBe(1); // 0.005
    expect(computeTotals({ ...base, items: items([1, 4]), tax: tenPercent }).tax).toBe(0); // 0.004
    const twelveAndHalf = { enabled: true, type: 'percent', value: 12_500 } as const;
    expect(computeTotals({ ...base, items: items([1, 4]), tax: twelveAndHalf }).tax).toBe(1); // 0.005
    expect(computeTotals({ ...base, items: items([1, 3]), tax: twelveAndHalf }).tax).toBe(0); // 0.00375
    // the same rule for a discount
    expect(computeTotals({ ...base, items: items([1, 115], [1, 115], [1, 115]), discount: tenPercent }).discount).toBe(
      35,
    );
  });

  it('treats quantity 0 as a zero line', () => {
    const totals = computeTotals({ ...base, items: items([0, 99_999], [2, 250]) });
    expect(totals.lines).toEqual([0, 500]);
    expect(totals.total).toBe(500);
  });

  it('stays exact for very large quantities and amounts, and throws beyond the safe range', () => {
    const big = computeTotals({ ...base, items: items([1_000_000_000, 9_007_199]) });
    expect(big.subtotal).toBe(9_007_199_000_000_000);
    const cap = computeTotals({
      ...base,
      items: items([1, MAX_MONEY_MINOR]),
      tax: { enabled: true, type: 'percent', value: 100_000 },
    });
    expect(cap.tax).toBe(MAX_MONEY_MINOR);
    expect(cap.total).toBe(2 * MAX_MONEY_MINOR);
    expect(() => computeTotals({ ...base, items: items([1_000_000_000, MAX_MONEY_MINOR]) })).toThrow(RangeError);
  });

  it('ignores tax, discount and shipping values that are not shown', () => {
    const totals = computeTotals({
      items: items([2, 1_000]),
      tax: { enabled: false, type: 'percent', value: 20_000 },
      discount: { enabled: false, type: 'fixed', value: 500 },
      shipping: { enabled: false, amount: 700 },
    });
    expect(totals).toMatchObject({ subtotal: 2_000, tax: 0, discount: 0, shipping: 0, total: 2_000 });
  });

  it('reads the same value as a percent or as a fixed amount by type', () => {
    const input = { ...base, items: items([1, 20_000]) };
    expect(computeTotals({ ...input, tax: { enabled: true, type: 'percent', value: 10_000 } }).tax).toBe(2_000);
    expect(computeTotals({ ...input, tax: { enabled: true, type: 'fixed', value: 1_000 } }).tax).toBe(1_000);
    const totals = computeTotals({
      ...input,
      tax: { enabled: true, type: 'percent', value: 20_000 },
      discount: { enabled: true, type: 'fixed', value: 1_500 },
      shipping: { enabled: true, amount: 999 },
    });
    // 200.00 + 40.00 − 15.00 + 9.99
    expect(totals.total).toBe(23_499);
  });
});

describe('percent rates with 3 decimals (thousandths of a percent, ADR 44)', () => {
  const off = { enabled: false, type: 'percent', value: 0 } as const;
  const percent = (text: string): Adjustment => ({ enabled: true, type: 'percent', value: thousandths(text) });
  const oneLine = (unitCost: number): TotalsInput => ({
    items: [{ quantity: 1, unitCost }],
    tax: off,
    discount: off,
    shipping: { enabled: false, amount: 0 },
  });

  it("computes New York City's 8.875 % exactly: $14,008.88 gives $1,243.29 tax and $15,252.17 total", () => {
    // 14,008.88 × 8.875 / 100 = 1,243.2881 → 1,243.29
    const totals = computeTotals({ ...oneLine(1_400_888), tax: percent('8.875') });
    expect(totals).toMatchObject({ subtotal: 1_400_888, tax: 124_329, total: 1_525_217 });
  });

  it('rounds the third decimal half away from zero at the cent, as with two', () => {
    // 100.00 × 8.875 % = 8.875 → 8.88; 99.99 × 8.875 % = 8.8741125 → 8.87
    expect(computeTotals({ ...oneLine(10_000), tax: percent('8.875') }).tax).toBe(888);
    expect(computeTotals({ ...oneLine(9_999), tax: percent('8.875') }).tax).toBe(887);
    // 4.00 × 0.125 % = 0.005 → 0.01; 3.99 × 0.125 % = 0.0049875 → 0.00; and a discount the same way
    expect(computeTotals({ ...oneLine(400), tax: percent('0.125') }).tax).toBe(1);
    expect(computeTotals({ ...oneLine(399), tax: percent('0.125') }).tax).toBe(0);
    expect(computeTotals({ ...oneLine(10_000), discount: percent('8.875') })).toMatchObject({
      discount: 888,
      total: 9_112,
    });
  });

  const subtotalMinor = fc.oneof(
    fc.bigInt({ min: 0n, max: 10_000n }),
    fc.bigInt({ min: 0n, max: 100_000_000n }),
    fc.bigInt({ min: 0n, max: BigInt(MAX_MONEY_MINOR) }),
  );
  const threeDecimalPercent = fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 999 }))
    .map(([whole, frac]) => `${whole}.${String(frac).padStart(3, '0')}`);

  it('agrees with the rational oracle to the cent for every 3-decimal rate, tax and discount alike', () => {
    fc.assert(
      fc.property(subtotalMinor, threeDecimalPercent, threeDecimalPercent, (subtotal, taxText, discountText) => {
        const unitCost = Number(subtotal);
        const invoice: TextInvoice = {
          items: [{ quantity: '1', unitCost: `${subtotal / 100n}.${String(subtotal % 100n).padStart(2, '0')}` }],
          tax: { enabled: true, type: 'percent', value: taxText },
          discount: { enabled: true, type: 'percent', value: discountText },
          shipping: { enabled: false, amount: '0' },
        };
        const expected = oracle(invoice);
        const totals = computeTotals({ ...oneLine(unitCost), tax: percent(taxText), discount: percent(discountText) });
        expect(BigInt(totals.tax)).toBe(expected.tax);
        expect(BigInt(totals.discount)).toBe(expected.discount);
        expect(BigInt(totals.total)).toBe(expected.total);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives every old basis-point rate the same totals at ten times its value (the stored rates migration)', () => {
    // Before ADR 44 a rate was basis points and tax = round(subtotal × bp / 10,000), half away from
    // zero; the migration multiplies stored rates by 10. Checked against the old rule, written here.
    const oldRule = (subtotal: bigint, basisPoints: bigint) => {
      const scaled = subtotal * basisPoints;
      return scaled / 10_000n + ((scaled % 10_000n) * 2n >= 10_000n ? 1n : 0n);
    };
    fc.assert(
      fc.property(subtotalMinor, fc.integer({ min: 0, max: 10_000 }), (subtotal, basisPoints) => {
        const totals = computeTotals({
          ...oneLine(Number(subtotal)),
          tax: { enabled: true, type: 'percent', value: basisPoints * 10 },
        });
        expect(BigInt(totals.tax)).toBe(oldRule(subtotal, BigInt(basisPoints)));
      }),
      { numRuns: 3000 },
    );
  });
});
