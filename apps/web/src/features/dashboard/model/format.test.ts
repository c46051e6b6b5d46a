import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactMoney, formatDashboardDate, initials, monthAndYear, shortMonth } from './format';

describe('the dashboard formats', () => {
  it('initials from the first two words, UC for nobody', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('  Globex ')).toBe('G');
    expect(initials('')).toBe('UC');
    expect(initials('Unknown Customer')).toBe('UC');
  });

  it('initials of any name are at most two upper-case characters and never empty', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const letters = initials(name);
        expect(letters.length).toBeGreaterThan(0);
        // Two words; one letter may upper-case to two ('ß' -> 'SS').
        expect(letters.length).toBeLessThanOrEqual(4);
        expect(letters).toBe(letters.toUpperCase());
      }),
    );
  });

  it('dates as day, short month, year, in UTC; months of the chart', () => {
    expect(formatDashboardDate('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDashboardDate('2026-01-05T23:30:00Z')).toBe('5 Jan 2026');
    expect(formatDashboardDate('garbage')).toBe('garbage');
    expect(shortMonth('2026-03')).toBe('Mar');
    expect(monthAndYear('2026-12')).toBe('Dec 2026');
    expect(shortMonth('2026-13')).toBe('2026-13');
  });

  it('axis labels only in compact form', () => {
    expect(compactMoney(1234, '€')).toBe('€1.2K');
    expect(compactMoney(0, '$')).toBe('$0');
  });
});
