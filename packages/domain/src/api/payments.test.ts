import { describe, expect, it } from 'vitest';
import {
  latestPaymentDate,
  localToday,
  overpaymentMessage,
  PAYMENT_MESSAGES,
  PAYMENT_NOTE_MAX,
  paymentAmountMinor,
  paymentBodySchema,
} from './payments';

const errorOf = (input: unknown): string | undefined => {
  const result = paymentBodySchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};
const valid = { amount: 120, date: '2026-01-15', method: 'bank_transfer' };

describe('paymentBodySchema (docs/product/payments.md#recording-a-payment)', () => {
  it('reads a decimal amount as minor units of the invoice currency, exactly', () => {
    const minor = (input: Record<string, unknown>, currency: 'EUR' | 'JPY' | 'KRW' = 'EUR') =>
      paymentAmountMinor(paymentBodySchema.parse({ ...valid, ...input }).amount, currency);
    expect(paymentBodySchema.parse(valid)).toEqual({ ...valid, amount: '120', note: null, user_id: undefined });
    expect(minor({})).toEqual({ ok: true, value: 12_000 });
    expect(minor({ amount: '0.1' })).toEqual({ ok: true, value: 10 });
    expect(minor({ amount: 0.29 })).toEqual({ ok: true, value: 29 });
    expect(minor({ amount: ' 1234.56 ' })).toEqual({ ok: true, value: 123_456 });
    // JPY and KRW have no minor unit (ISO 4217 exponent 0): 1 unit is 1 yen, a fraction is refused by name.
    expect(minor({ amount: 1234 }, 'JPY')).toEqual({ ok: true, value: 1234 });
    expect(minor({ amount: '1234.5' }, 'JPY')).toEqual({ ok: false, message: 'Amount must be a whole number in JPY.' });
    expect(minor({ amount: 0.5 }, 'KRW')).toEqual({ ok: false, message: 'Amount must be a whole number in KRW.' });
  });

  it('refuses 0, negatives, more than 2 decimals, text and blanks with the form messages', () => {
    expect(errorOf({ ...valid, amount: 0 })).toBe(PAYMENT_MESSAGES.amountPositive);
    expect(errorOf({ ...valid, amount: '0.00' })).toBe(PAYMENT_MESSAGES.amountPositive);
    expect(errorOf({ ...valid, amount: -5 })).toBe(PAYMENT_MESSAGES.amountPositive);
    expect(errorOf({ ...valid, amount: '-5.50' })).toBe(PAYMENT_MESSAGES.amountPositive);
    expect(errorOf({ ...valid, amount: 1.234 })).toBe(PAYMENT_MESSAGES.amountFormat);
    expect(errorOf({ ...valid, amount: 'ten' })).toBe(PAYMENT_MESSAGES.amountFormat);
    expect(errorOf({ ...valid, amount: '' })).toBe(PAYMENT_MESSAGES.amountRequired);
    expect(errorOf({ ...valid, amount: null })).toBe(PAYMENT_MESSAGES.amountRequired);
    expect(errorOf({ ...valid, amount: '99999999999999999999' })).toBe(PAYMENT_MESSAGES.amountTooLarge);
    expect(errorOf({ ...valid, amount: 1e15 })).toBe(PAYMENT_MESSAGES.amountTooLarge);
  });

  it('takes dates up to today anywhere on Earth, and refuses later and malformed ones', () => {
    const latest = latestPaymentDate();
    expect(paymentBodySchema.parse({ ...valid, date: latest }).date).toBe(latest);
    const [y, m, d] = latest.split('-').map(Number) as [number, number, number];
    const after = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    expect(errorOf({ ...valid, date: after })).toBe(PAYMENT_MESSAGES.dateFuture);
    expect(errorOf({ ...valid, date: '2026-02-30' })).toBe(PAYMENT_MESSAGES.dateFormat);
    expect(errorOf({ ...valid, date: '15/01/2026' })).toBe(PAYMENT_MESSAGES.dateFormat);
    expect(errorOf({ ...valid, date: '1999-12-31' })).toBe(PAYMENT_MESSAGES.dateFormat);
    expect(errorOf({ ...valid, date: '' })).toBe(PAYMENT_MESSAGES.dateRequired);
    expect(errorOf({ ...valid, date: undefined })).toBe(PAYMENT_MESSAGES.dateRequired);
  });

  it('is at most one day past UTC’s today', () => {
    expect(latestPaymentDate(new Date('2026-03-01T09:59:59Z'))).toBe('2026-03-01');
    expect(latestPaymentDate(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-02');
    expect(localToday(new Date(2026, 0, 31, 23, 30))).toBe('2026-01-31');
  });

  it('knows the five methods only', () => {
    for (const method of ['bank_transfer', 'card', 'cash', 'cheque', 'other']) {
      expect(errorOf({ ...valid, method })).toBeUndefined();
    }
    expect(errorOf({ ...valid, method: 'paypal' })).toBe(PAYMENT_MESSAGES.method);
    expect(errorOf({ ...valid, method: undefined })).toBe(PAYMENT_MESSAGES.method);
  });

  it('trims a note, keeps none as null, and limits its length', () => {
    expect(paymentBodySchema.parse({ ...valid, note: '  ref 42  ' }).note).toBe('ref 42');
    expect(paymentBodySchema.parse({ ...valid, note: '   ' }).note).toBeNull();
    expect(errorOf({ ...valid, note: 'x'.repeat(PAYMENT_NOTE_MAX + 1) })).toBe(PAYMENT_MESSAGES.noteTooLong);
    expect(errorOf({ ...valid, note: 'a\u0000b' })).toBe('Note contains a character that is not allowed.');
  });

  it('says how much is due when a payment is too large', () => {
    expect(overpaymentMessage(15_000, 12_000, 'EUR')).toBe(
      'This payment (€150.00) is more than the balance due of €120.00. Enter at most €120.00.',
    );
  });
});
