import { describe, expect, it } from 'vitest';
import {
  effectiveStatus,
  INVOICE_STATUSES,
  normalizeStatus,
  statusChangeMessage,
  statusInputSchema,
  statusLabel,
  statusOptions,
} from './status';

describe('normalizeStatus', () => {
  it('reads the four statuses in any case and "in progress" as sent', () => {
    expect(normalizeStatus('draft')).toBe('draft');
    expect(normalizeStatus(' PAID ')).toBe('paid');
    expect(normalizeStatus('Overdue')).toBe('overdue');
    expect(normalizeStatus('in progress')).toBe('sent');
    expect(normalizeStatus('In Progress')).toBe('sent');
    expect(normalizeStatus('in_progress')).toBe('sent');
  });

  it('returns null for anything else', () => {
    for (const value of ['', 'pending', 'all', null, undefined, 3, {}, ['sent']])
      expect(normalizeStatus(value)).toBeNull();
  });
});

describe('effectiveStatus', () => {
  const today = '2026-11-21';

  it('reports a sent invoice past its due date as overdue', () => {
    expect(effectiveStatus('sent', '2026-11-20', today)).toBe('overdue');
    expect(effectiveStatus('in progress', '2025-01-01', today)).toBe('overdue');
  });

  it('keeps sent on and before the due day, and without a due date', () => {
    expect(effectiveStatus('sent', today, today)).toBe('sent');
    expect(effectiveStatus('sent', '2026-12-01', today)).toBe('sent');
    expect(effectiveStatus('sent', null, today)).toBe('sent');
  });

  it('never changes draft, paid or a stored overdue', () => {
    expect(effectiveStatus('draft', '2020-01-01', today)).toBe('draft');
    expect(effectiveStatus('paid', '2020-01-01', today)).toBe('paid');
    expect(effectiveStatus('overdue', '2030-01-01', today)).toBe('overdue');
  });
});

describe('statusLabel', () => {
  it('names the statuses and capitalises unknown values', () => {
    expect(['draft', 'sent', 'paid', 'overdue'].map(statusLabel)).toEqual(['Draft', 'Sent', 'Paid', 'Overdue']);
    expect(statusLabel('in progress')).toBe('Sent');
    expect(statusLabel('cancelled')).toBe('Cancelled');
    expect(statusLabel('')).toBe('');
  });
});

describe('statusInputSchema', () => {
  it('accepts any status from any status, normalised', () => {
    expect(statusInputSchema.parse('PAID')).toBe('paid');
    expect(statusInputSchema.parse('in progress')).toBe('sent');
  });

  it('rejects unknown statuses with a clear message', () => {
    const result = statusInputSchema.safeParse('archived');
    expect(result.error?.issues[0]?.message).toBe('Status must be one of draft, sent, paid or overdue.');
    expect(statusInputSchema.safeParse(1).error?.issues[0]?.message).toBe(
      'Status must be one of draft, sent, paid or overdue.',
    );
  });
});

describe('statusChangeMessage', () => {
  // Every (requested, effective afterwards) pair, written out: the toast after a status change.
  const expected: Record<string, string> = {
    'draft draft': 'Marked as draft',
    'draft sent': 'Marked as draft; it shows as Sent',
    'draft paid': 'Marked as draft; it shows as Paid',
    'draft overdue': 'Marked as draft; it shows as Overdue',
    'sent draft': 'Marked as sent; it shows as Draft',
    'sent sent': 'Marked as sent',
    'sent paid': 'Marked as sent; it shows as Paid',
    'sent overdue': 'Marked as sent; it is past its due date, so it shows as Overdue',
    'paid draft': 'Marked as paid; it shows as Draft',
    'paid sent': 'Marked as paid; it shows as Sent',
    'paid paid': 'Marked as paid',
    'paid overdue': 'Marked as paid; it shows as Overdue',
    'overdue draft': 'Marked as overdue; it shows as Draft',
    'overdue sent': 'Marked as overdue; it shows as Sent',
    'overdue paid': 'Marked as overdue; it shows as Paid',
    'overdue overdue': 'Marked as overdue',
  };

  it('says what happened for every pair', () => {
    for (const requested of INVOICE_STATUSES)
      for (const after of INVOICE_STATUSES)
        expect(statusChangeMessage(requested, after), `${requested} -> ${after}`).toBe(
          expected[`${requested} ${after}`],
        );
    expect(Object.keys(expected)).toHaveLength(16);
  });

  it('explains Sent past the due date with the effective status the server answers', () => {
    const today = '2026-11-21';
    expect(statusChangeMessage('sent', effectiveStatus('sent', '2026-11-20', today))).toBe(
      'Marked as sent; it is past its due date, so it shows as Overdue',
    );
    expect(statusChangeMessage('sent', effectiveStatus('sent', today, today))).toBe('Marked as sent');
    expect(statusChangeMessage('paid', effectiveStatus('paid', '2026-11-20', today))).toBe('Marked as paid');
  });
});

describe('statusOptions', () => {
  const today = '2026-11-21';

  it('offers the four statuses, each with what it means, the current one marked', () => {
    const options = statusOptions('draft', '2026-12-01', today);
    expect(options.map((option) => [option.label, option.description, option.current, option.showsAs])).toEqual([
      ['Draft', 'Not sent yet', true, 'draft'],
      ['Sent', 'Waiting for payment; becomes Overdue after the due date', false, 'sent'],
      ['Paid', 'Payment received', false, 'paid'],
      ['Overdue', 'Not paid by the due date', false, 'overdue'],
    ]);
  });

  it('says beforehand that Sent will read Overdue once the due date has passed', () => {
    const options = statusOptions('overdue', '2026-11-20', today);
    const sent = options.find((option) => option.value === 'sent')!;
    expect(sent).toMatchObject({ showsAs: 'overdue', description: 'Past its due date, so it shows as Overdue' });
    expect(options.filter((option) => option.current).map((option) => option.value)).toEqual(['overdue']);
    // On the due day and without a due date, Sent stays Sent.
    expect(statusOptions('draft', today, today)[1]!.showsAs).toBe('sent');
    expect(statusOptions('draft', null, today)[1]!.showsAs).toBe('sent');
  });
});
