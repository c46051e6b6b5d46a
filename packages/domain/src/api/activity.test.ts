import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, activityEntrySchema, activitySentence, type ActivityKind } from './activity';
import { PUBLIC_LINK_TOKEN_BYTES, PUBLIC_LINK_TOKEN_PATTERN, shareBodySchema } from './public-links';

describe('activitySentence (docs/product/public-links-and-activity.md#activity)', () => {
  const sentence = (kind: ActivityKind, data: Record<string, unknown> = {}) => activitySentence({ kind, data });

  it('says each kind in a sentence', () => {
    expect(sentence('created')).toBe('Created');
    expect(sentence('edited')).toBe('Edited');
    expect(sentence('edited', { count: 1 })).toBe('Edited');
    expect(sentence('edited', { count: 4 })).toBe('Edited (4 saves)');
    expect(sentence('status_changed', { from: 'sent', to: 'paid' })).toBe('Status changed to Paid');
    expect(sentence('link_created', { replaced: false })).toBe('Link created');
    expect(sentence('link_created', { replaced: true })).toBe('Link replaced');
    expect(sentence('link_revoked')).toBe('Link turned off');
    expect(sentence('viewed', { first: true })).toBe('Viewed for the first time');
    expect(sentence('viewed', { count: 1 })).toBe('Viewed again');
    expect(sentence('viewed', { count: 3 })).toBe('Viewed 3 more times');
    expect(sentence('sent', { to: ['a@example.com', 'b@example.com'] })).toBe('Sent to a@example.com, b@example.com');
    expect(sentence('sent', { to: ['a@example.com'], cc: ['me@example.com'], marked_sent: true })).toBe(
      'Sent to a@example.com; marked as Sent',
    );
    expect(sentence('reminder', { to: ['a@example.com'] })).toBe('Reminder sent to a@example.com');
    expect(sentence('payment', { amount: 120, currency: 'EUR', method: 'bank_transfer' })).toBe(
      'Payment of €120.00 recorded (bank transfer)',
    );
    expect(sentence('payment', { amount: 12.5, currency: 'GBP' })).toBe('Payment of £12.50 recorded');
    expect(sentence('payment', { amount: 1234.5, currency: 'EUR', method: 'other', source: 'mark_as_paid' })).toBe(
      'Marked as paid: payment of €1,234.50 recorded',
    );
    expect(sentence('payment_deleted', { amount: 40, currency: 'USD', method: 'cash' })).toBe(
      'Payment of $40.00 deleted (cash)',
    );
  });

  it('never fails on data it does not expect', () => {
    for (const kind of ACTIVITY_KINDS) {
      for (const data of [{}, { count: -1, to: 'x', from: 3 }, { count: 1.5, first: 'yes', amount: '12' }]) {
        expect(sentence(kind, data).length, kind).toBeGreaterThan(0);
      }
    }
    expect(sentence('status_changed', {})).toBe('Status changed');
    expect(sentence('edited', { count: 2.5 })).toBe('Edited');
    expect(sentence('payment', { amount: 12, currency: 'XXX' })).toBe('Payment recorded');
    expect(sentence('payment', { amount: Number.NaN, currency: 'EUR' })).toBe('Payment recorded');
    expect(sentence('payment_deleted', {})).toBe('Payment deleted');
  });

  it('reads entries of every kind and refuses unknown kinds', () => {
    for (const kind of ACTIVITY_KINDS) {
      expect(activityEntrySchema.safeParse({ id: '1', kind, data: {}, created_at: 'x' }).success).toBe(true);
    }
    expect(activityEntrySchema.safeParse({ id: '1', kind: 'deleted', data: {}, created_at: 'x' }).success).toBe(false);
  });
});

describe('public links', () => {
  it('has tokens of at least 128 bits, written in 24 base64url characters', () => {
    expect(PUBLIC_LINK_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(Math.ceil((PUBLIC_LINK_TOKEN_BYTES * 8) / 6)).toBe(24);
    expect(PUBLIC_LINK_TOKEN_PATTERN.test('A'.repeat(24))).toBe(true);
    expect(PUBLIC_LINK_TOKEN_PATTERN.test('A'.repeat(23) + '=')).toBe(false);
    expect(PUBLIC_LINK_TOKEN_PATTERN.test('A'.repeat(25))).toBe(false);
  });

  it('reads a share body: nothing, {}, or replace', () => {
    expect(shareBodySchema.parse(undefined)).toEqual({ replace: false });
    expect(shareBodySchema.parse(null)).toEqual({ replace: false });
    expect(shareBodySchema.parse({})).toEqual({ replace: false });
    expect(shareBodySchema.parse({ replace: true })).toEqual({ replace: true });
    expect(shareBodySchema.safeParse({ replace: 'true' }).success).toBe(false);
  });
});
