import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDueMinor, amountDueSummary, statusAfterPayments } from './amount-due';
import { MAX_MONEY_MINOR } from './money';
import { INVOICE_STATUSES } from './status';

const total = fc.integer({ min: 0, max: MAX_MONEY_MINOR });

describe('amountDueMinor', () => {
  it('is nothing once paid', () => {
    expect(amountDueMinor({ status: 'paid', totalMinor: 123_400, amountPaidMinor: 0 })).toBe(0);
    expect(amountDueMinor({ status: 'paid', totalMinor: 123_400, amountPaidMinor: 123_400 })).toBe(0);
  });

  it('is the total less what was paid for every other status', () => {
    expect(amountDueMinor({ status: 'sent', totalMinor: 20_000, amountPaidMinor: 12_000 })).toBe(8_000);
    fc.assert(
      fc.property(
        fc.constantFrom(...INVOICE_STATUSES.filter((status) => status !== 'paid')),
        total,
        (status, totalMinor) => amountDueMinor({ status, totalMinor, amountPaidMinor: 0 }) === totalMinor,
      ),
    );
  });

  it('never exceeds the total nor goes below zero', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INVOICE_STATUSES), total, total, (status, totalMinor, amountPaidMinor) => {
        const due = amountDueMinor({ status, totalMinor, amountPaidMinor });
        return due >= 0 && due <= totalMinor;
      }),
    );
  });
});

describe('statusAfterPayments', () => {
  it('is paid once payments cover the total', () => {
    for (const status of INVOICE_STATUSES) {
      expect(statusAfterPayments({ status, totalMinor: 10_000, amountPaidMinor: 10_000 })).toBe('paid');
    }
  });

  it('moves a paid invoice that owes something again back to sent', () => {
    expect(statusAfterPayments({ status: 'paid', totalMinor: 10_000, amountPaidMinor: 4_000 })).toBe('sent');
    expect(statusAfterPayments({ status: 'paid', totalMinor: 10_000, amountPaidMinor: 0 })).toBe('sent');
  });

  it('takes a draft out of draft with its first payment', () => {
    expect(statusAfterPayments({ status: 'draft', totalMinor: 10_000, amountPaidMinor: 1 })).toBe('sent');
    expect(statusAfterPayments({ status: 'draft', totalMinor: 10_000, amountPaidMinor: 0 })).toBe('draft');
  });

  it('leaves sent and overdue alone while something is owed, and a paid invoice of nothing paid', () => {
    expect(statusAfterPayments({ status: 'sent', totalMinor: 10_000, amountPaidMinor: 5_000 })).toBe('sent');
    expect(statusAfterPayments({ status: 'overdue', totalMinor: 10_000, amountPaidMinor: 0 })).toBe('overdue');
    expect(statusAfterPayments({ status: 'sent', totalMinor: 0, amountPaidMinor: 0 })).toBe('sent');
    expect(statusAfterPayments({ status: 'paid', totalMinor: 0, amountPaidMinor: 0 })).toBe('paid');
  });

  it('agrees with amountDueMinor: paid exactly when nothing is due of a total that was paid', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INVOICE_STATUSES), total, total, (status, totalMinor, paid) => {
        const amountPaidMinor = Math.min(paid, totalMinor);
        const after = statusAfterPayments({ status, totalMinor, amountPaidMinor });
        const due = amountDueMinor({ status: after, totalMinor, amountPaidMinor });
        return amountPaidMinor > 0 ? (after === 'paid') === (due === 0) : true;
      }),
    );
  });
});

describe('amountDueSummary (issue 16: what is due and by when)', () => {
  it('says the amount, in the reader format, and the due date when there is one', () => {
    const due = { amountDueMinor: 117_249, amountPaidMinor: 0, currency: 'GBP' as const, dueDate: '2026-11-09' };
    expect(amountDueSummary(due)).toBe('Amount due £1,172.49 by November 9, 2026');
    expect(amountDueSummary({ ...due, dueDate: null })).toBe('Amount due £1,172.49');
    expect(amountDueSummary({ ...due, currency: 'JPY', amountDueMinor: 1_172 })).toBe(
      'Amount due ¥1,172 JPY by November 9, 2026',
    );
    expect(amountDueSummary({ ...due, amountDueMinor: 0, amountPaidMinor: 117_249 })).toBe('Paid in full');
    expect(amountDueSummary({ ...due, amountDueMinor: 0 })).toBe('Amount due £0.00 by November 9, 2026');
  });
});
