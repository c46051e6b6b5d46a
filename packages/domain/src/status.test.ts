import { describe, expect, it } from 'vitest';
import { effectiveStatus, normalizeStatus, statusInputSchema, statusLabel } from './status';

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
