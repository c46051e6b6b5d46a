import { PAYMENT_MESSAGES } from '@invoicer/domain/api/payments';
import { describe, expect, it } from 'vitest';
import { initialPaymentForm, validatePaymentForm } from './payment-form';

const context = { balanceDueMinor: 12_000, currency: 'EUR' as const, today: '2026-11-25' };
const valid = { amount: '50', date: '2026-11-20', method: 'cash' as const, note: '' };

describe('the Record payment form (docs/product/payments.md#recording-a-payment)', () => {
  it('opens with the balance, today in this time zone and bank transfer', () => {
    expect(initialPaymentForm(80.5, 'EUR', new Date(2026, 10, 25, 23, 59))).toEqual({
      amount: '80.50',
      date: '2026-11-25',
      method: 'bank_transfer',
      note: '',
    });
  });

  it('sends what the server reads', () => {
    expect(validatePaymentForm({ ...valid, note: 'Ref 7' }, context)).toEqual({
      body: { amount: '50', date: '2026-11-20', method: 'cash', note: 'Ref 7' },
      errors: null,
    });
  });

  it('says what the server would say, field by field', () => {
    const { errors } = validatePaymentForm({ amount: '0', date: '20/11/2026', method: '', note: '' }, context);
    expect(errors).toEqual({
      amount: PAYMENT_MESSAGES.amountPositive,
      date: PAYMENT_MESSAGES.dateFormat,
      method: PAYMENT_MESSAGES.method,
    });
    expect(validatePaymentForm({ ...valid, amount: '' }, context).errors).toEqual({
      amount: PAYMENT_MESSAGES.amountRequired,
    });
    expect(validatePaymentForm({ ...valid, amount: '1.234' }, context).errors).toEqual({
      amount: PAYMENT_MESSAGES.amountFormat,
    });
  });

  it('refuses more than the balance, saying how much is due, and a day after today', () => {
    expect(validatePaymentForm({ ...valid, amount: '120.01' }, context).errors).toEqual({
      amount: 'This payment (€120.01) is more than the balance due of €120.00. Enter at most €120.00.',
    });
    expect(validatePaymentForm({ ...valid, amount: '120' }, context).errors).toBeNull();
    expect(validatePaymentForm({ ...valid, date: '2026-11-26' }, context).errors).toEqual({
      date: PAYMENT_MESSAGES.dateFuture,
    });
  });
});
