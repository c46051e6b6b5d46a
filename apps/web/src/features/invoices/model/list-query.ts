import { STATUS_FILTERS, type StatusFilter } from '@invoicer/domain/status';

/** What the list shows, kept in the URL (?search=&status=&page=) so reload and Back keep it. */
export interface ListQuery {
  page: number;
  search: string;
  status: StatusFilter;
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

/** Reads the URL leniently: anything unexpected falls back to the default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const status = (params.get('status') ?? '').toLowerCase();
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    status: isStatusFilter(status) ? status : 'all',
  };
}

/** The URL form; defaults are left out so a plain /invoices means page 1 of everything. */
export function toSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
