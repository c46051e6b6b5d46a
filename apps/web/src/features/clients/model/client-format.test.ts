import { describe, expect, it } from 'vitest';
import { formatAdded } from './client-format';

describe("a client's 'Added' date", () => {
  it('is en-GB short, nothing for a broken date', () => {
    expect(formatAdded('2026-11-21T12:00:00Z')).toBe('21 Nov 2026');
    expect(formatAdded('garbage')).toBe('');
  });
});
