import {
  DEFAULT_INVOICE_SORT,
  DEFAULT_SORT_ORDER,
  INVOICE_SORTS,
  SORT_ORDERS,
  type InvoiceSort,
  type SortOrder,
} from '@invoicer/domain/api/invoices';
import { STATUS_FILTERS, type StatusFilter } from '@invoicer/domain/status';

/**
 * What the list shows, kept in the URL (?search=&status=&sort=&order=&page=) so reload and Back
 * keep it. The sort is the server's (GET /api/invoices sorts every matching invoice, not the page).
 */
export interface ListQuery {
  page: number;
  search: string;
  status: StatusFilter;
  sort: InvoiceSort;
  order: SortOrder;
}

export const STATUS_CHIPS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
];

function isStatusFilter(value: string): value is StatusFilter {
  return (STATUS_FILTERS as readonly string[]).includes(value);
}
function isSort(value: string): value is InvoiceSort {
  return (INVOICE_SORTS as readonly string[]).includes(value);
}
function isOrder(value: string): value is SortOrder {
  return (SORT_ORDERS as readonly string[]).includes(value);
}

/** Reads the URL leniently: anything unexpected falls back to the default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const status = (params.get('status') ?? '').toLowerCase();
  const sortText = (params.get('sort') ?? '').toLowerCase();
  const sort = isSort(sortText) ? sortText : DEFAULT_INVOICE_SORT;
  const orderText = (params.get('order') ?? '').toLowerCase();
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    status: isStatusFilter(status) ? status : 'all',
    sort,
    order: isOrder(orderText) ? orderText : DEFAULT_SORT_ORDER[sort],
  };
}

/** True for the list's own order (newest first), which the URL leaves out. */
export function isDefaultSort(query: Pick<ListQuery, 'sort' | 'order'>): boolean {
  return query.sort === DEFAULT_INVOICE_SORT && query.order === DEFAULT_SORT_ORDER[DEFAULT_INVOICE_SORT];
}

/**
 * The URL form; defaults are left out so a plain /invoices means page 1 of everything, newest
 * first. A sort is written with its order (`?sort=amount&order=desc`), so a shared link says both.
 */
export function toSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status !== 'all') params.set('status', query.status);
  if (!isDefaultSort(query)) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** What a sortable column's header does: the same column turns the order around, another starts at its own. */
export function nextSort(
  current: Pick<ListQuery, 'sort' | 'order'>,
  column: InvoiceSort,
): Pick<ListQuery, 'sort' | 'order'> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: DEFAULT_SORT_ORDER[column] };
}

/** The narrow screens' Sort menu (cards have no headers): every sort in both orders, in words. */
export const SORT_CHOICES: { sort: InvoiceSort; order: SortOrder; label: string }[] = [
  { sort: 'created', order: 'desc', label: 'Newest first' },
  { sort: 'created', order: 'asc', label: 'Oldest first' },
  { sort: 'number', order: 'asc', label: 'Invoice #, ascending' },
  { sort: 'number', order: 'desc', label: 'Invoice #, descending' },
  { sort: 'client', order: 'asc', label: 'Client, A to Z' },
  { sort: 'client', order: 'desc', label: 'Client, Z to A' },
  { sort: 'amount', order: 'desc', label: 'Amount due, highest first' },
  { sort: 'amount', order: 'asc', label: 'Amount due, lowest first' },
  { sort: 'status', order: 'asc', label: 'Status, overdue first' },
  { sort: 'status', order: 'desc', label: 'Status, paid first' },
  { sort: 'issued', order: 'desc', label: 'Date issued, newest first' },
  { sort: 'issued', order: 'asc', label: 'Date issued, oldest first' },
];
