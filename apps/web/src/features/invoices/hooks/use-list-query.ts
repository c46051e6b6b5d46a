import type { InvoiceSort, SortOrder } from '@invoicer/domain/api/invoices';
import type { StatusFilter } from '@invoicer/domain/status';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseListQuery, toSearchParams, type ListQuery } from '../model/list-query';

/**
 * The list's search, status, sort and page live in the URL, so a reload or Back shows the same
 * list. A new search, status or sort starts again at page 1 (docs/product/states-and-transitions.md#list-search-filters-and-pages). Typing replaces the
 * history entry (no entry per keystroke); a chip, a sort or a page is a step Back can undo.
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params), [params]);

  const update = useCallback(
    (changes: Partial<ListQuery>, replace: boolean) =>
      setParams((current) => toSearchParams({ ...parseListQuery(current), ...changes }), { replace }),
    [setParams],
  );

  return {
    query,
    setSearch: useCallback((search: string) => update({ search: search.trim(), page: 1 }, true), [update]),
    setStatus: useCallback((status: StatusFilter) => update({ status, page: 1 }, false), [update]),
    setSort: useCallback((sort: InvoiceSort, order: SortOrder) => update({ sort, order, page: 1 }, false), [update]),
    setPage: useCallback((page: number, replace = false) => update({ page }, replace), [update]),
  };
}
