import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { INVOICES_DEFAULT_PER_PAGE } from '@invoicer/domain/api/invoices';
import type { InvoiceStatus } from '@invoicer/domain/status';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import {
  useBulkDownload,
  useDeleteInvoice,
  useDownloadInvoice,
  useInvoiceList,
  useSetInvoiceStatus,
} from '../hooks/use-invoices';
import { useIsMobile } from '../../../lib/use-media-query';
import { useListQuery } from '../hooks/use-list-query';
import { INVOICE_TOASTS } from '../model/messages';
import { InvoiceCards } from './invoice-cards';
import { InvoiceTable } from './invoice-table';
import { ListToolbar } from './list-toolbar';
import { ListEmpty, ListError, ListSkeleton } from './list-states';
import { SelectionBar } from './selection-bar';

/**
 * /invoices (docs/product/invoices.md#the-invoice-list): search and status in the URL, a table (cards under 768 px),
 * row actions, selection with one-ZIP download, and pagination of 10.
 */
export function InvoiceList() {
  const { query, setSearch, setStatus, setPage } = useListQuery();
  const list = useInvoiceList(query);
  const isMobile = useIsMobile();

  // The selection belongs to one search and status; it survives paging so pages can be combined.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const filterKey = `${query.search}\u0000${query.status}`;
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (filterKey !== selectionKey) {
    setSelectionKey(filterKey);
    setSelected(new Set());
  }

  const [toDelete, setToDelete] = useState<InvoiceListItem | null>(null);
  const remove = useDeleteInvoice({
    onDeleted: (id) => {
      setToDelete(null);
      setSelected((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    },
  });
  const download = useDownloadInvoice({ failure: INVOICE_TOASTS.downloadFailed });
  const status = useSetInvoiceStatus({ failure: INVOICE_TOASTS.statusFailed });
  const bulk = useBulkDownload({ onDone: () => setSelected(new Set()) });

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

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const invoice of invoices) {
        if (checked) next.add(invoice.id);
        else next.delete(invoice.id);
      }
      return next;
    });

  const rowProps = {
    invoices,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    busyIds,
    onDownload: (invoice: InvoiceListItem) => download.mutate(invoice),
    onDelete: (invoice: InvoiceListItem) => setToDelete(invoice),
    onStatusChange: (invoice: InvoiceListItem, next: InvoiceStatus) => status.mutate({ id: invoice.id, status: next }),
  };
  const filtered = query.search !== '' || query.status !== 'all';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Invoices · Invoicer</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Invoices</h1>
          <p className="text-sm text-slate-600">Find, download and follow up your invoices.</p>
        </div>
        <Link
          to="/new"
          className="inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:h-10"
        >
          <Plus className="h-4 w-4" aria-hidden />
          New Invoice
        </Link>
      </div>

      <div className="mt-6 space-y-4">
        <ListToolbar search={query.search} status={query.status} onSearch={setSearch} onStatus={setStatus} />

        {selected.size > 0 && (
          <SelectionBar
            count={selected.size}
            downloading={bulk.isPending}
            received={bulk.received}
            onDownload={() => bulk.mutate([...selected])}
            onClear={() => setSelected(new Set())}
          />
        )}

        <section
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
              {isMobile ? (
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
