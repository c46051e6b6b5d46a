import { describe, expect, it } from 'vitest';
import { formatDay, lastUsedText } from './last-used';

describe('lastUsedText', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:00Z', 'Active within the last hour'],
    ['2026-03-10T11:01:00Z', 'Active within the last hour'],
    ['2026-03-10T11:00:00Z', 'Last active about 1 hour ago'],
    ['2026-03-10T02:00:00Z', 'Last active about 10 hours ago'],
    ['2026-03-09T11:00:00Z', 'Last active 1 day ago'],
    ['2026-02-20T12:00:00Z', 'Last active 18 days ago'],
    ['2025-12-01T12:00:00Z', 'Last active on December 1, 2025'],
    // A clock a little ahead of the browser's: never "in the future".
    ['2026-03-10T12:05:00Z', 'Active within the last hour'],
    ['not a date', 'Last active: unknown'],
  ])('%s reads %s', (at, expected) => {
    expect(lastUsedText(at, now)).toBe(expected);
  });

  it('writes days in UTC', () => {
    expect(formatDay('2026-03-04T23:30:00Z')).toBe('March 4, 2026');
    expect(formatDay('nope')).toBe('');
  });
});
