import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, listCurrencies, type CurrencyCode } from './currencies';
import {
  amountToMinor,
  formatAmount,
  formatMoney,
  formatMoneyForReader,
  MAX_MONEY_MINOR,
  MINUS_SIGN,
  minorToFixed,
  parseMinor,
  symbolIsShared,
  toDecimal,
} from './money';

describe('amountToMinor', () => {
  it('reads every amount the contract carries back exactly, whatever its sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR }), (minor) => {
        expect(amountToMinor(toDecimal(minor, 'EUR'), 'EUR')).toBe(minor);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the amounts a float multiplication gets wrong', () => {
    expect(amountToMinor(0.29, 'EUR')).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(amountToMinor(1.15, 'EUR')).toBe(115); // 1.15 * 100 = 114.99999999999999
    expect(amountToMinor(4.35, 'EUR')).toBe(435);
    expect(amountToMinor(-10.01, 'EUR')).toBe(-1001);
    expect(amountToMinor(999_999_999_999.99, 'EUR')).toBe(MAX_MONEY_MINOR);
  });

  it('rounds more than 2 decimals half away from zero from the decimal text the number prints', () => {
    expect(amountToMinor(1.005, 'EUR')).toBe(101); // Math.round(1.005 * 100) gives 100
    expect(amountToMinor(1.004, 'EUR')).toBe(100);
    expect(amountToMinor(-1.005, 'EUR')).toBe(-101);
    expect(amountToMinor(0.1 + 0.2, 'EUR')).toBe(30); // 0.30000000000000004
    expect(amountToMinor(2.675, 'EUR')).toBe(268);
    expect(amountToMinor(0.000001, 'EUR')).toBe(0);
    expect(amountToMinor(1e-7, 'EUR')).toBe(0);
    expect(amountToMinor(-0, 'EUR')).toBe(0);
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
          expect(amountToMinor(value, 'EUR')).toBe(oracle(value));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('refuses what no answer can hold instead of showing a made-up figure', () => {
    expect(() => amountToMinor(Number.NaN, 'EUR')).toThrow(RangeError);
    expect(() => amountToMinor(Number.POSITIVE_INFINITY, 'EUR')).toThrow(RangeError);
    expect(() => amountToMinor(1e21, 'EUR')).toThrow(RangeError);
    expect(() => amountToMinor(2 ** 60, 'EUR')).toThrow(RangeError);
  });
});

describe('amounts in the currency decimals of ISO 4217 (ADR 59)', () => {
  it('JPY and KRW have no minor unit; every other listed currency has 2 (ISO 4217 list one)', () => {
    const iso4217: Record<CurrencyCode, number> = {
      USD: 2,
      EUR: 2,
      GBP: 2,
      NGN: 2,
      CAD: 2,
      AUD: 2,
      JPY: 0,
      CNY: 2,
      INR: 2,
      ZAR: 2,
      BRL: 2,
      MXN: 2,
      CHF: 2,
      SEK: 2,
      NOK: 2,
      DKK: 2,
      RUB: 2,
      KRW: 0,
      SGD: 2,
      HKD: 2,
    };
    for (const currency of listCurrencies()) expect(currency.decimals).toBe(iso4217[currency.code]);
    expect(Object.keys(iso4217).sort()).toEqual(
      listCurrencies()
        .map((c) => c.code)
        .sort(),
    );
  });

  it('parses, converts and formats yen and won as whole units', () => {
    expect(parseMinor('1234', 'JPY')).toBe(1234);
    expect(parseMinor('1234.5', 'JPY')).toBeNull();
    expect(parseMinor(0.5, 'KRW')).toBeNull();
    expect(parseMinor('1234.5', 'EUR')).toBe(123_450);
    expect(toDecimal(1234, 'JPY')).toBe(1234);
    expect(toDecimal(1234, 'EUR')).toBe(12.34);
    expect(minorToFixed(1234, 'JPY')).toBe('1234');
    expect(formatAmount(1_234_567, 'KRW')).toBe('1,234,567');
    expect(formatMoney(1_234_567, 'JPY')).toBe('¥1,234,567');
    expect(formatMoney(-1234, 'JPY')).toBe('-¥1,234');
    expect(formatMoney(123_450, 'EUR')).toBe('€1,234.50');
    // An answer's number with a fraction (a float from elsewhere) is rounded half away from zero to the yen.
    expect(amountToMinor(1234.5, 'JPY')).toBe(1235);
    expect(amountToMinor(1234.49, 'JPY')).toBe(1234);
    expect(amountToMinor(-0.5, 'KRW')).toBe(-1);
  });

  it('reads every whole amount back exactly in JPY', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR }), (minor) => {
        expect(amountToMinor(toDecimal(minor, 'JPY'), 'JPY')).toBe(minor);
        expect(parseMinor(minorToFixed(Math.abs(minor), 'JPY'), 'JPY')).toBe(Math.abs(minor));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('amounts a reader cannot misread (issue 16)', () => {
  it('prints the ISO code exactly where the symbol is shared: ¥, kr and the bare $', () => {
    const shared = listCurrencies()
      .filter((currency) => symbolIsShared(currency.code))
      .map((currency) => currency.code)
      .sort();
    expect(shared).toEqual(['CNY', 'DKK', 'JPY', 'NOK', 'SEK', 'USD']);
    expect(formatMoneyForReader(123_456, 'JPY')).toBe('¥123,456 JPY');
    expect(formatMoneyForReader(123_456, 'CNY')).toBe('¥1,234.56 CNY');
    expect(formatMoneyForReader(123_456, 'NOK')).toBe('kr1,234.56 NOK');
    expect(formatMoneyForReader(500, 'USD')).toBe('$5.00 USD');
    expect(formatMoneyForReader(500, 'CAD')).toBe('C$5.00');
    expect(formatMoneyForReader(117_249, 'GBP')).toBe('£1,172.49');
  });

  it('writes a negative amount with a true minus sign (U+2212), never a hyphen', () => {
    expect(formatMoneyForReader(-500, 'EUR')).toBe('\u2212€5.00');
    expect(formatMoneyForReader(-500, 'USD')).toBe('\u2212$5.00 USD');
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR }),
        fc.constantFrom(...CURRENCY_CODES),
        (minor, code) => {
          const text = formatMoneyForReader(minor, code);
          expect(text.includes('-')).toBe(false);
          expect(text.startsWith(MINUS_SIGN)).toBe(minor < 0);
          // The reader format is the plain one with the sign and, where needed, the code: the same digits.
          expect(text.replace(MINUS_SIGN, '-').replace(/ [A-Z]{3}$/, '')).toBe(formatMoney(minor, code));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
