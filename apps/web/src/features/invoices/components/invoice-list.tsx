import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { INVOICES_DEFAULT_PER_PAGE } from '@invoicer/domain/api/invoices';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { Plus, Upload } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import {
  useBulkDownload,
  useDeleteInvoice,
  useDownloadInvoice,
  useInvoiceList,
  useSetInvoiceStatus,
} from '../hooks/use-invoices';
import { useElementWidth } from '../../../lib/use-element-width';
import { useListQuery } from '../hooks/use-list-query';
import { INVOICE_TOASTS } from '../model/messages';
import {
  checkedIds,
  NO_SELECTION,
  offersAllMatching,
  selectedCount,
  toggleRow,
  togglePage,
  type Selection,
} from '../model/selection';
import { InvoiceCards } from './invoice-cards';
import { InvoiceTable } from './invoice-table';
import { ListToolbar } from './list-toolbar';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
import { SelectionBar } from './selection-bar';

/**
 * The narrowest list box the table is drawn in: squeezed to the least it can take (the largest amount,
 * number and client wrapped to a few letters a line), the table is 778 px wide with its sort buttons
 * (742 px without them, as measured in ADR 42); 880 leaves the number and client room to read. A narrower box (every phone, tablets beside the sidebar up to a 1000 px
 * window) shows cards, so no action is ever cut off (docs/decisions/0042-layouts-for-every-width.md).
 */
export const INVOICE_TABLE_MIN_WIDTH = 880;

/**
 * /invoices (docs/product/invoices.md#the-invoice-list): search, status and sort in the URL, a table (cards under 768 px and wherever
 * the table would not fit), row actions, selection with one-ZIP download, and pagination of 10.
 */
export function InvoiceList({
  onSend,
  onImport,
}: {
  /** A row's Send: the route page opens the Send dialog, focus returning to `trigger` when it closes. */
  onSend: (invoice: InvoiceListItem, trigger: HTMLButtonElement) => void;
  /** Import invoices from a file (docs/product/importing.md), focus returning to `trigger` when the dialog closes. */
  onImport: (trigger: HTMLButtonElement) => void;
}) {
  const { query, setSearch, setStatus, setSort, setPage } = useListQuery();
  const list = useInvoiceList(query);
  const [listBox, listWidth] = useElementWidth<HTMLElement>();
  const cards = listWidth < INVOICE_TABLE_MIN_WIDTH;

  // The selection belongs to the page on screen (or, once chosen, to every invoice the search and
  // filter match): another page, search, filter or sort starts with nothing selected.
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const viewKey = [query.search, query.status, query.sort, query.order, query.page].join('\u0000');
  const [selectionKey, setSelectionKey] = useState(viewKey);
  if (viewKey !== selectionKey) {
    setSelectionKey(viewKey);
    setSelection(NO_SELECTION);
  }

  const [toDelete, setToDelete] = useState<InvoiceListItem | null>(null);
  const remove = useDeleteInvoice({
    onDeleted: (id) => {
      setToDelete(null);
      setSelection((current) => {
        if (current.allMatching || !current.ids.has(id)) return current;
        const ids = new Set(current.ids);
        ids.delete(id);
        return { ids, allMatching: false };
      });
    },
  });
  const download = useDownloadInvoice({ failure: INVOICE_TOASTS.downloadFailed });
  const status = useSetInvoiceStatus({ failure: INVOICE_TOASTS.statusFailed });
  const bulk = useBulkDownload({ onDone: () => setSelection(NO_SELECTION) });

  const busyIds = useMemo(() => {
    const ids = new Set<string>();
    if (download.isPending && download.variables) ids.add(download.variables.id);
    if (status.isPending && status.variables) ids.add(status.variables.id);
    return ids;
  }, [download.isPending, download.variables, status.isPending, status.variables]);

  const data = list.data;
  const invoices = data?.invoices ?? [];
  const pagination = data?.pagination;

  // A page past the end (the last row of the last page deleted, an old link): go to the last page.
  useEffect(() => {
    if (pagination && invoices.length === 0 && query.page > 1 && !list.isPlaceholderData) {
      setPage(Math.min(query.page - 1, pagination.pages), true);
    }
  }, [pagination, invoices.length, query.page, list.isPlaceholderData, setPage]);

  const pageIds = invoices.map((invoice) => invoice.id);
  const total = pagination?.total ?? 0;
  const count = selectedCount(selection, pageIds, total);
  const filtered = query.search !== '' || query.status !== 'all';

  const rowProps = {
    invoices,
    selected: checkedIds(selection, pageIds),
    onToggle: (id: string, checked: boolean) => setSelection(toggleRow(selection, pageIds, id, checked)),
    onToggleAll: (checked: boolean) => setSelection(togglePage(pageIds, checked)),
    sort: { sort: query.sort, order: query.order },
    onSort: setSort,
    busyIds,
    onDownload: (invoice: InvoiceListItem) => download.mutate(invoice),
    onDelete: (invoice: InvoiceListItem) => setToDelete(invoice),
    onStatusChange: (invoice: InvoiceListItem, next: InvoiceStatus) => status.mutate({ id: invoice.id, status: next }),
    onSend,
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Invoices · Invoicer</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Invoices</h1>
          <p className="text-sm text-slate-600">Find, download and follow up your invoices.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={(event) => onImport(event.currentTarget)} className="h-11 md:h-10">
            <Upload className="h-4 w-4" aria-hidden />
            Import
          </Button>
          <Link
            to="/new"
            className="inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:h-10"
          >
            <Plus className="h-4 w-4" aria-hidden />
            New Invoice
          </Link>
        </div>
      </div>

      <div className="mt-6 space-y-4">
        <ListToolbar search={query.search} status={query.status} onSearch={setSearch} onStatus={setStatus} />

        {count > 0 && (
          <SelectionBar
            count={count}
            pageCount={pageIds.length}
            total={total}
            offerAll={offersAllMatching(selection, pageIds, total)}
            allMatching={selection.allMatching}
            filtered={filtered}
            downloading={bulk.isPending}
            received={bulk.received}
            onSelectAll={() => setSelection({ ids: new Set(pageIds), allMatching: true })}
            onDownload={() =>
              bulk.mutate({
                selection: selection.allMatching
                  ? { matching: { search: query.search, status: query.status, sort: query.sort, order: query.order } }
                  : { ids: pageIds.filter((id) => selection.ids.has(id)) },
                count,
              })
            }
            onClear={() => setSelection(NO_SELECTION)}
          />
        )}

        <section
          ref={listBox}
          aria-label="Invoice list"
          aria-busy={list.isFetching}
          className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {list.isPending ? (
            <ListSkeleton />
          ) : !data ? (
            <ListError onRetry={() => void list.refetch()} />
          ) : invoices.length === 0 ? (
            <ListEmpty filtered={filtered} />
          ) : (
            <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              {cards ? (
                <InvoiceCards {...rowProps} />
              ) : (
                <div className="overflow-x-auto">
                  <InvoiceTable {...rowProps} />
                </div>
              )}
            </div>
          )}
          {pagination && invoices.length > 0 && (
            <Pagination
              page={pagination.page}
              pages={pagination.pages}
              total={pagination.total}
              perPage={pagination.per_page || INVOICES_DEFAULT_PER_PAGE}
              noun="invoices"
              label="Invoice pages"
              onPageChange={(page) => setPage(page)}
            />
          )}
        </section>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Confirm Deletion"
        description="Are you sure you want to delete this invoice? This action cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onError: () => setToDelete(null) })}
      />
    </div>
  );
}
