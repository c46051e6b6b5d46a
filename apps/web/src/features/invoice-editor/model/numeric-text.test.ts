import { MAX_MONEY_MINOR, minorToFixed } from '@invoicer/domain/money';
import { formatPercentRate, MAX_PERCENT_RATE } from '@invoicer/domain/percent';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptQuantityText,
  acceptUnitCostText,
  adjustmentTextToValue,
  decimalTextToMinor,
  moneyTextError,
  normalizeDecimalText,
  percentTextToRate,
  QUANTITY_MAX_LENGTH,
  quantityInputText,
  quantityTextError,
  quantityTextToNumber,
  sanitizeAdjustmentText,
  stripLeadingZeros,
} from './numeric-text';

/** What a user may type: any text, and text made of the characters a number field sees most. */
const typed = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[0-9.eE+\- ]{0,16}$/),
  fc.stringMatching(/^\d{0,14}(\.\d{0,4})?$/),
);
/** A decimal as a money input holds it: up to 12 whole digits and 2 decimals. */
const moneyText = fc
  .tuple(fc.stringMatching(/^\d{1,12}$/), fc.stringMatching(/^\d{0,2}$/))
  .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : whole));

describe('quantity text', () => {
  it('takes empty and up to 10 whole digits with at most 3 decimals, nothing else', () => {
    expect(acceptQuantityText('')).toBe(true);
    expect(acceptQuantityText('12')).toBe(true);
    expect(acceptQuantityText('1.5')).toBe(true);
    expect(acceptQuantityText('2.125')).toBe(true);
    expect(acceptQuantityText(`${'1'.repeat(10)}.125`)).toBe(true);
    expect(`${'1'.repeat(10)}.125`.length).toBe(QUANTITY_MAX_LENGTH);
    expect(acceptQuantityText('1'.repeat(11))).toBe(false);
    for (const refused of ['1.2345', '-1', '1e3', ' 1', '٣', '１', '1,5', '1.2.3']) {
      expect(acceptQuantityText(refused)).toBe(false);
    }
  });

  it('turns a typed decimal comma into the point, so the box shows what is billed', () => {
    expect(quantityInputText('1,5')).toBe('1.5');
    expect(quantityInputText('2,125')).toBe('2.125');
    expect(quantityInputText('05')).toBe('5');
    expect(quantityInputText('1,2345')).toBeNull();
    expect(quantityInputText('1,000,000')).toBeNull();
    expect(quantityInputText('abc')).toBeNull();
  });

  it('reads quantities with up to 3 decimals; anything else is 0, never NaN', () => {
    expect(quantityTextToNumber(' 42 ')).toBe(42);
    expect(quantityTextToNumber('')).toBe(0);
    expect(quantityTextToNumber('4.5')).toBe(4.5);
    expect(quantityTextToNumber('2.125')).toBe(2.125);
    expect(quantityTextToNumber('2.')).toBe(2);
    expect(quantityTextToNumber('.5')).toBe(0.5);
    expect(quantityTextToNumber('4.5555')).toBe(0);
    expect(quantityTextToNumber('9'.repeat(20))).toBe(0);
    fc.assert(
      fc.property(typed, (text) => {
        const quantity = quantityTextToNumber(text);
        expect(Number.isFinite(quantity) && quantity >= 0).toBe(true);
        expect(Number.isSafeInteger(Math.round(quantity * 1000))).toBe(true);
      }),
    );
  });

  it('names a quantity over the largest one, as the server would', () => {
    expect(quantityTextError('1000000000')).toBeNull();
    expect(quantityTextError('1000000000.001')).toBe('Quantity must be at most 1,000,000,000.');
    expect(quantityTextError('1.5')).toBeNull();
  });

  it('reads back what the input accepted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,9}(\.\d{1,3})?$/), (text) => {
        expect(acceptQuantityText(text)).toBe(true);
        expect(quantityTextToNumber(text)).toBe(Number(text));
      }),
    );
  });
});

describe('unit cost text', () => {
  it('takes a number with at most 2 decimals and 12 whole digits', () => {
    for (const accepted of ['', '.', '0', '12.', '.5', '12.34', '999999999999.99']) {
      expect(acceptUnitCostText(accepted, 'EUR')).toBe(true);
    }
    for (const refused of ['1.234', '1,5', '-1', '1e2', '1234567890123', 'abc']) {
      expect(acceptUnitCostText(refused, 'EUR')).toBe(false);
    }
  });

  it('every accepted text is a non-negative amount the product can hold', () => {
    fc.assert(
      fc.property(typed, (text) => {
        if (!acceptUnitCostText(text, 'EUR')) return;
        const minor = decimalTextToMinor(text, 'EUR');
        expect(Number.isSafeInteger(minor) && minor >= 0 && minor <= MAX_MONEY_MINOR).toBe(true);
      }),
    );
  });
});

describe('decimalTextToMinor', () => {
  it('counts hundredths exactly, and empty, "." and anything invalid as 0', () => {
    expect(decimalTextToMinor('12.3', 'EUR')).toBe(1230);
    expect(decimalTextToMinor('0.29', 'EUR')).toBe(29);
    expect(decimalTextToMinor('.5', 'EUR')).toBe(50);
    expect(decimalTextToMinor('7.', 'EUR')).toBe(700);
    for (const zero of ['', '.', 'abc', '1.234', '-3', '1e3']) expect(decimalTextToMinor(zero, 'EUR')).toBe(0);
  });

  it('inverts minorToFixed for every amount the product holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY_MINOR }), (minor) => {
        expect(decimalTextToMinor(minorToFixed(minor, 'EUR'), 'EUR')).toBe(minor);
      }),
    );
  });

  it('never throws and never gives a negative or fractional count on free text', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const minor = decimalTextToMinor(text, 'EUR');
        expect(Number.isInteger(minor) && minor >= 0).toBe(true);
      }),
    );
  });
});

describe('percentTextToRate', () => {
  it('counts thousandths of a percent exactly, and empty, "." and anything invalid as 0', () => {
    expect(percentTextToRate('8.875')).toBe(8_875);
    expect(percentTextToRate('8.25')).toBe(8_250);
    expect(percentTextToRate('8.')).toBe(8_000);
    expect(percentTextToRate('.5')).toBe(500);
    expect(percentTextToRate('100')).toBe(MAX_PERCENT_RATE);
    for (const zero of ['', '.', 'abc', '8.8755', '-3', '1e3']) expect(percentTextToRate(zero)).toBe(0);
  });

  it('inverts formatPercentRate for every rate from 0 to 100 %', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PERCENT_RATE }), (rate) => {
        expect(percentTextToRate(formatPercentRate(rate))).toBe(rate);
      }),
    );
  });

  it('reads a box by its type: a percent in thousandths, an amount in minor units', () => {
    expect(adjustmentTextToValue('8.875', 'percent', 'EUR')).toBe(8_875);
    expect(adjustmentTextToValue('8.87', 'fixed', 'EUR')).toBe(887);
    expect(adjustmentTextToValue('8.875', 'fixed', 'EUR')).toBe(0);
  });
});

describe('sanitizeAdjustmentText', () => {
  it('is never negative, a percent at most 100 with 3 decimals, an amount with 2', () => {
    expect(sanitizeAdjustmentText('', 'percent', '5', 'EUR')).toBe('');
    expect(sanitizeAdjustmentText('150', 'percent', '5', 'EUR')).toBe('100');
    expect(sanitizeAdjustmentText('100.001', 'percent', '100.00', 'EUR')).toBe('100');
    expect(sanitizeAdjustmentText('99999999999999999999', 'percent', '5', 'EUR')).toBe('100');
    expect(sanitizeAdjustmentText('-3', 'fixed', '5', 'EUR')).toBe('0');
    expect(sanitizeAdjustmentText('8.875', 'percent', '8.87', 'EUR')).toBe('8.875');
    expect(sanitizeAdjustmentText('8.8755', 'percent', '8.875', 'EUR')).toBe('8.875');
    expect(sanitizeAdjustmentText('7.125', 'fixed', '7.12', 'EUR')).toBe('7.12');
    expect(sanitizeAdjustmentText('05', 'fixed', '0', 'EUR')).toBe('5');
    expect(sanitizeAdjustmentText('abc', 'fixed', '1', 'EUR')).toBe('0');
    expect(sanitizeAdjustmentText('1e3', 'fixed', '0', 'EUR')).toBe('1000');
    expect(sanitizeAdjustmentText('1e30', 'fixed', '0', 'EUR')).toBe(minorToFixed(MAX_MONEY_MINOR, 'EUR'));
  });

  it('keeps any text within the rules of its kind, whatever is typed', () => {
    fc.assert(
      fc.property(typed, fc.constantFrom('percent', 'fixed') as fc.Arbitrary<'percent' | 'fixed'>, (raw, kind) => {
        const previous = '1.5';
        const kept = sanitizeAdjustmentText(raw, kind, previous, 'EUR');
        if (kept === '' || kept === previous) return;
        if (kind === 'percent') {
          expect(kept).toMatch(/^\d{0,3}\.?\d{0,3}$/);
          expect(percentTextToRate(kept)).toBeLessThanOrEqual(MAX_PERCENT_RATE);
          return;
        }
        expect(kept).toMatch(/^\d*\.?\d{0,2}$/);
        expect(decimalTextToMinor(kept, 'EUR')).toBeLessThanOrEqual(MAX_MONEY_MINOR);
      }),
    );
  });

  it('leaves an acceptable amount as typed (but for leading zeros)', () => {
    fc.assert(
      fc.property(moneyText, (text) => {
        expect(sanitizeAdjustmentText(text, 'fixed', 'x', 'EUR')).toBe(stripLeadingZeros(text));
      }),
    );
  });
});

describe('normalizeDecimalText', () => {
  it("tidies a number field on leaving it: '' and '.' are 0, '5.' is 5, '.5' is 0.5", () => {
    expect(normalizeDecimalText('')).toBe('0');
    expect(normalizeDecimalText('.')).toBe('0');
    expect(normalizeDecimalText('5.')).toBe('5');
    expect(normalizeDecimalText('.5')).toBe('0.5');
    expect(normalizeDecimalText('12.30')).toBe('12.30');
    expect(normalizeDecimalText('abc')).toBe('0');
  });

  it('keeps the amount and is idempotent', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const once = normalizeDecimalText(text);
        expect(normalizeDecimalText(once)).toBe(once);
        if (/^\d*\.?\d{0,2}$/.test(text.trim()))
          expect(decimalTextToMinor(once, 'EUR')).toBe(decimalTextToMinor(text, 'EUR'));
      }),
    );
  });
});

describe('stripLeadingZeros', () => {
  it("drops the zeros a field that showed 0 was typed into, keeping '0.5'", () => {
    expect(stripLeadingZeros('05')).toBe('5');
    expect(stripLeadingZeros('007.5')).toBe('7.5');
    expect(stripLeadingZeros('0.5')).toBe('0.5');
    expect(stripLeadingZeros('0')).toBe('0');
  });
});

describe('amounts in a currency without a minor unit (ADR 59)', () => {
  it('reads whole yen and names a fraction in the shared schema words', () => {
    expect(decimalTextToMinor('1234', 'JPY')).toBe(1234);
    expect(decimalTextToMinor('1234.5', 'JPY')).toBe(0);
    expect(moneyTextError('1234.5', 'Rate', 'JPY')).toBe('Rate must be a whole number in JPY.');
    expect(moneyTextError('0.01', 'Shipping', 'KRW')).toBe('Shipping must be a whole number in KRW.');
    expect(moneyTextError('1234', 'Rate', 'JPY')).toBeNull();
    expect(moneyTextError('1234.5', 'Rate', 'EUR')).toBeNull();
    expect(moneyTextError('', 'Rate', 'JPY')).toBeNull();
    // A yen box takes 14 whole digits (¥99,999,999,999,999), a euro box 12.
    expect(acceptUnitCostText('99999999999999', 'JPY')).toBe(true);
    expect(acceptUnitCostText('99999999999999', 'EUR')).toBe(false);
    expect(sanitizeAdjustmentText('1e30', 'fixed', '0', 'JPY')).toBe('99999999999999');
  });
});
