import {
  DEFAULT_SORT_ORDER,
  INVOICE_SORTS,
  SORT_ORDERS,
  type InvoiceSort,
  type SortOrder,
} from '@invoicer/domain/api/invoices';
import { STATUS_FILTERS, type StatusFilter } from '@invoicer/domain/status';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSort, parseListQuery, SORT_CHOICES, toSearchParams, type ListQuery } from './list-query';

const query: fc.Arbitrary<ListQuery> = fc.record({
  page: fc.integer({ min: 1, max: 1_000_000 }),
  search: fc.string().map((text) => text.trim()),
  status: fc.constantFrom(...STATUS_FILTERS) as fc.Arbitrary<StatusFilter>,
  sort: fc.constantFrom(...INVOICE_SORTS) as fc.Arbitrary<InvoiceSort>,
  order: fc.constantFrom(...SORT_ORDERS) as fc.Arbitrary<SortOrder>,
});
const newest = { sort: 'created', order: 'desc' } as const;

describe('the list query in the URL', () => {
  it('leaves the defaults out, so a plain /invoices is page 1 of everything', () => {
    expect(toSearchParams({ page: 1, search: '', status: 'all', ...newest }).toString()).toBe('');
    expect(toSearchParams({ page: 3, search: 'acme ltd', status: 'paid', ...newest }).toString()).toBe(
      'search=acme+ltd&status=paid&page=3',
    );
    expect(toSearchParams({ page: 2, search: '', status: 'all', sort: 'amount', order: 'desc' }).toString()).toBe(
      'sort=amount&order=desc&page=2',
    );
    expect(toSearchParams({ page: 1, search: '', status: 'all', sort: 'created', order: 'asc' }).toString()).toBe(
      'sort=created&order=asc',
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
      ...newest,
    });
    expect(parseListQuery(new URLSearchParams('sort=Client'))).toMatchObject({ sort: 'client', order: 'asc' });
    expect(parseListQuery(new URLSearchParams('sort=amount&order=sideways'))).toMatchObject({
      sort: 'amount',
      order: 'desc',
    });
    expect(parseListQuery(new URLSearchParams('sort=total&order=asc'))).toMatchObject({
      sort: 'created',
      order: 'asc',
    });
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseListQuery(new URLSearchParams(text));
        expect(Number.isSafeInteger(parsed.page) && parsed.page >= 1).toBe(true);
        expect(STATUS_FILTERS).toContain(parsed.status);
        expect(parsed.search).toBe(parsed.search.trim());
        expect(INVOICE_SORTS).toContain(parsed.sort);
        expect(SORT_ORDERS).toContain(parsed.order);
      }),
    );
  });
});

describe('sorting from the headers and the Sort menu', () => {
  it('turns the order around on the same column and starts another column at its own order', () => {
    expect(nextSort(newest, 'amount')).toEqual({ sort: 'amount', order: 'desc' });
    expect(nextSort({ sort: 'amount', order: 'desc' }, 'amount')).toEqual({ sort: 'amount', order: 'asc' });
    expect(nextSort({ sort: 'amount', order: 'asc' }, 'amount')).toEqual({ sort: 'amount', order: 'desc' });
    for (const sort of INVOICE_SORTS) {
      expect(nextSort({ sort: sort === 'number' ? 'client' : 'number', order: 'asc' }, sort)).toEqual({
        sort,
        order: DEFAULT_SORT_ORDER[sort],
      });
    }
  });

  it('offers every sort in both orders in the menu, once each', () => {
    const keys = SORT_CHOICES.map((choice) => `${choice.sort} ${choice.order}`);
    expect(new Set(keys).size).toBe(INVOICE_SORTS.length * SORT_ORDERS.length);
    expect(new Set(SORT_CHOICES.map((choice) => choice.label)).size).toBe(SORT_CHOICES.length);
  });
});
