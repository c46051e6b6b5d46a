import { describe, expect, it } from 'vitest';
import { compactMoney, formatDashboardDate, monthAndYear, shortMonth } from './format';

describe('the dashboard formats', () => {
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
