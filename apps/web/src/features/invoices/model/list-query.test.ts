import { STATUS_FILTERS, type StatusFilter } from '@invoicer/domain/status';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListQuery, toSearchParams, type ListQuery } from './list-query';

const query: fc.Arbitrary<ListQuery> = fc.record({
  page: fc.integer({ min: 1, max: 1_000_000 }),
  search: fc.string().map((text) => text.trim()),
  status: fc.constantFrom(...STATUS_FILTERS) as fc.Arbitrary<StatusFilter>,
});

describe('the list query in the URL', () => {
  it('leaves the defaults out, so a plain /invoices is page 1 of everything', () => {
    expect(toSearchParams({ page: 1, search: '', status: 'all' }).toString()).toBe('');
    expect(toSearchParams({ page: 3, search: 'acme ltd', status: 'paid' }).toString()).toBe(
      'search=acme+ltd&status=paid&page=3',
    );
  });

  it('reads back what it wrote, through the text of a URL', () => {
    fc.assert(
      fc.property(query, (written) => {
        const url = `/invoices?${toSearchParams(written).toString()}`;
        expect(parseListQuery(new URL(url, 'http://localhost').searchParams)).toEqual(written);
      }),
    );
  });

  it('reads any address leniently: a bad page is 1, an unknown status is all, the search trimmed', () => {
    expect(parseListQuery(new URLSearchParams('page=-2&status=PAID&search=%20x%20'))).toEqual({
      page: 1,
      search: 'x',
      status: 'paid',
    });
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseListQuery(new URLSearchParams(text));
        expect(Number.isSafeInteger(parsed.page) && parsed.page >= 1).toBe(true);
        expect(STATUS_FILTERS).toContain(parsed.status);
        expect(parsed.search).toBe(parsed.search.trim());
      }),
    );
  });
});
