import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  formatQuantityWithUnit,
  MAX_QUANTITY,
  parseQuantity,
  QUANTITY_MESSAGES,
  quantityThousandths,
} from './quantity';

describe('quantities with up to 3 decimals (ADR 60)', () => {
  it('reads numbers and decimal text exactly, and refuses what it would have to round', () => {
    expect(parseQuantity(1.5)).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity('2.125')).toEqual({ ok: true, value: 2.125 });
    expect(parseQuantity(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseQuantity('')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity(MAX_QUANTITY)).toEqual({ ok: true, value: MAX_QUANTITY });
    for (const refused of [1.2345, '1.2345', -1, '-1', 'abc', '1,5', '1e3', Number.NaN, Infinity]) {
      expect(parseQuantity(refused)).toEqual({ ok: false, message: QUANTITY_MESSAGES.decimals });
    }
    expect(parseQuantity(MAX_QUANTITY + 0.001)).toEqual({ ok: false, message: QUANTITY_MESSAGES.tooLarge });
    expect(parseQuantity('9'.repeat(30))).toEqual({ ok: false, message: QUANTITY_MESSAGES.tooLarge });
  });

  it('gives back, for every decimal text with up to 3 decimals, the number JSON would and its exact thousandths', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_QUANTITY * 1000 }), (thousandths) => {
        const text = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
        const parsed = parseQuantity(text);
        expect(parsed).toEqual({ ok: true, value: JSON.parse(text) as number });
        expect(quantityThousandths((parsed as { value: number }).value)).toBe(BigInt(thousandths));
      }),
      { numRuns: 2000 },
    );
  });

  it('prints as the documents do, grouped, without trailing zeros, with its unit', () => {
    expect([1, 1000, 1_000_000_000, 1.5, 2.125, 0.001, 1234.5].map((q) => formatQuantity(q))).toEqual([
      '1',
      '1,000',
      '1,000,000,000',
      '1.5',
      '2.125',
      '0.001',
      '1,234.5',
    ]);
    expect(formatQuantity(1234.5, 'de')).toBe('1.234,5');
    expect(formatQuantityWithUnit(1.5, 'hours')).toBe('1.5 hours');
    expect(formatQuantityWithUnit(2.125, 'kg')).toBe('2.125 kg');
    expect(formatQuantityWithUnit(3, '')).toBe('3');
    expect(formatQuantityWithUnit(3, undefined)).toBe('3');
  });
});
