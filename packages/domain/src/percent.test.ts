import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPercentRate,
  MAX_PERCENT_RATE,
  parsePercentRate,
  percentDecimalToRate,
  percentRateToDecimal,
} from './percent';

describe('parsePercentRate', () => {
  it('reads a decimal percent with up to 3 decimals as thousandths of a percent, exactly', () => {
    expect(parsePercentRate(8.875)).toBe(8_875);
    expect(parsePercentRate('8.875')).toBe(8_875);
    expect(parsePercentRate(' 8.25 ')).toBe(8_250);
    expect(parsePercentRate(8)).toBe(8_000);
    expect(parsePercentRate('0.001')).toBe(1);
    expect(parsePercentRate(0.1)).toBe(100);
    expect(parsePercentRate(100)).toBe(MAX_PERCENT_RATE);
    expect(parsePercentRate('007.500')).toBe(7_500);
  });

  it('refuses a fourth decimal, signs, exponents and anything not a plain decimal', () => {
    for (const value of [8.8755, '8.8755', '0.0001', -1, '-1', '1e3', 1e-7, '', '.5', '5.', 'abc', NaN, Infinity]) {
      expect(parsePercentRate(value)).toBeNull();
    }
  });
});

describe('formatPercentRate', () => {
  it('prints up to 3 decimals without trailing zeros', () => {
    expect([8_875, 8_250, 8_000, 7_500, 1, 10, 0, 100_000, 12_340].map(formatPercentRate)).toEqual([
      '8.875',
      '8.25',
      '8',
      '7.5',
      '0.001',
      '0.01',
      '0',
      '100',
      '12.34',
    ]);
  });
});

describe('rates on the wire', () => {
  it('round-trips every rate through the decimal the contract carries and the text it prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PERCENT_RATE }), (rate) => {
        const decimal = percentRateToDecimal(rate);
        expect(parsePercentRate(decimal)).toBe(rate);
        expect(percentDecimalToRate(decimal)).toBe(rate);
        expect(parsePercentRate(formatPercentRate(rate))).toBe(rate);
        expect(String(decimal)).toBe(formatPercentRate(rate));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a percent with more decimals than the contract carries as the nearest thousandth, never below 0', () => {
    expect(percentDecimalToRate(8.8755)).toBe(8_876);
    expect(percentDecimalToRate(8.8754)).toBe(8_875);
    expect(percentDecimalToRate(-3)).toBe(0);
    expect(percentDecimalToRate(NaN)).toBe(0);
  });
});
