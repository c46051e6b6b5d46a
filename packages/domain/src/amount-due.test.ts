import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountDueMinor } from './amount-due';
import { MAX_MONEY_MINOR } from './money';
import { INVOICE_STATUSES } from './status';

describe('amountDueMinor', () => {
  it('is nothing once paid', () => {
    expect(amountDueMinor({ status: 'paid', totalMinor: 123_400 })).toBe(0);
  });

  it('is the whole total for every other status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INVOICE_STATUSES.filter((status) => status !== 'paid')),
        fc.integer({ min: 0, max: MAX_MONEY_MINOR }),
        (status, totalMinor) => amountDueMinor({ status, totalMinor }) === totalMinor,
      ),
    );
  });

  it('never exceeds the total nor goes below zero', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INVOICE_STATUSES),
        fc.integer({ min: 0, max: MAX_MONEY_MINOR }),
        (status, total) => {
          const due = amountDueMinor({ status, totalMinor: total });
          return due >= 0 && due <= total;
        },
      ),
    );
  });
});
