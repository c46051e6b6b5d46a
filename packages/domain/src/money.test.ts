import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountToMinor, MAX_MONEY_MINOR, toDecimal } from './money';

describe('amountToMinor', () => {
  it('reads every amount the contract carries back exactly, whatever its sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR }), (minor) => {
        expect(amountToMinor(toDecimal(minor))).toBe(minor);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the amounts a float multiplication gets wrong', () => {
    expect(amountToMinor(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(amountToMinor(1.15)).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(amountToMinor(4.35)).toBe(435);
    expect(amountToMinor(-10.01)).toBe(-1001);
    expect(amountToMinor(999_999_999_999.99)).toBe(MAX_MONEY_MINOR);
  });

  it('rounds more than 2 decimals half away from zero from the decimal text the number prints', () => {
    expect(amountToMinor(1.005)).toBe(101); // Math.round(1.005 * 100) gives 100
    expect(amountToMinor(1.004)).toBe(100);
    expect(amountToMinor(-1.005)).toBe(-101);
    expect(amountToMinor(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(amountToMinor(2.675)).toBe(268);
    expect(amountToMinor(0.000001)).toBe(0);
    expect(amountToMinor(1e-7)).toBe(0);
    expect(amountToMinor(-0)).toBe(0);
  });

  it('agrees with an exact rounding of the printed decimal for any number of decimals', () => {
    // The oracle: the number's shortest decimal text, scaled exactly with BigInt, then rounded.
    const oracle = (value: number): number => {
      const [whole, fraction = ''] = String(Math.abs(value)).split('.');
      const digits = BigInt(`${whole}${fraction}`);
      const scale = 10n ** BigInt(fraction.length);
      const cents = (digits * 100n * 2n + scale) / (2n * scale);
      return Number(value < 0 ? -cents : cents);
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 99_999 }),
        (whole, fraction) => {
          const value = Number(`${whole < 0 ? '-' : ''}${Math.abs(whole)}.${String(fraction).padStart(5, '0')}`);
          expect(amountToMinor(value)).toBe(oracle(value));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('refuses what no answer can hold instead of showing a made-up figure', () => {
    expect(() => amountToMinor(Number.NaN)).toThrow(RangeError);
    expect(() => amountToMinor(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => amountToMinor(1e21)).toThrow(RangeError);
    expect(() => amountToMinor(2 ** 60)).toThrow(RangeError);
  });
});
