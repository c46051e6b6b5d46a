import type { Client } from '@invoicer/domain/api/clients';
import { Plus, Search, Trash2, Upload, Users } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useClient, useClientList } from '../hooks/client-queries';
import { useDeleteClients, type ClientDeletion } from '../hooks/use-delete-clients';
import { failureMessage } from '../../../lib/api-client';
import { keptCopiesText } from '../../../lib/invoice-count';
import { useElementWidth } from '../../../lib/use-element-width';
import { CLIENT_TOASTS } from '../model/client-form';
import type { ClientAction } from './client-actions-menu';
import { ClientCards, ClientTable } from './client-list-views';

/** Typing settles this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The narrowest list box the table is drawn in: squeezed to the least it can take the table is 491 px
 * wide; 760 leaves the name and e-mail room to read. A narrower box (phones, tablets beside the sidebar
 * up to an 880 px window) shows cards (docs/decisions/0042-layouts-for-every-width.md).
 */
export const CLIENT_TABLE_MIN_WIDTH = 760;

export interface ClientsPageProps {
  /** The search text and page as they stand in the URL. */
  search: string;
  page: number;
  /** 10, or 5 under 768 px (docs/product/messages-and-limits.md#lists-and-pages). */
  perPage: number;
  /** A phone: cards instead of the table (they are also shown wherever the table would not fit). */
  mobile: boolean;
  /** A new search; the host puts it in the URL and goes back to page 1. */
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
  onAdd: () => void;
  /** Import from a CSV file, with the button the dialog gives focus back to (docs/product/importing.md). */
  onImport: (opener: HTMLElement) => void;
  /** A row's Edit Client, with the menu button the dialog gives focus back to. */
  onEdit: ClientAction;
}

/** What a confirmation asks about, with how many invoices are linked (the server's invoice_count). */
type PendingDeletion = (
  (ClientDeletion & { kind: 'one'; name: string; opener: HTMLElement | null }) | (ClientDeletion & { kind: 'selected' })
) & {
  invoices: number;
};

function confirmText(deletion: PendingDeletion): React.ReactNode {
  const question =
    deletion.kind === 'one'
      ? `Are you sure you want to delete "${deletion.name}"? This action cannot be undone.`
      : `Are you sure you want to delete ${deletion.ids.length} selected ${deletion.ids.length === 1 ? 'client' : 'clients'}? This action cannot be undone.`;
  const kept = keptCopiesText(deletion.invoices, deletion.kind === 'one' ? "this client's" : "these clients'");
  return (
    <>
      {question}
      {kept && <span className="mt-2 block">{kept}</span>}
    </>
  );
}

/** The search box: the text is the user's while typing, and follows the URL when it changes (back and forward). */
function SearchBox({ search, onSearchChange }: { search: string; onSearchChange: (search: string) => void }) {
  const [text, setText] = useState(search);
  // The URL's search changed under the box (back, forward): the box shows it, unless it already says so.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    if (text.trim() !== search) setText(search);
  }

  const commit = useEffectEvent((next: string) => onSearchChange(next));
  useEffect(() => {
    const next = text.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search]);

  return (
    <div className="relative w-full sm:max-w-sm">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        type="search"
        aria-label="Search clients"
        placeholder="Search clients..."
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        className="h-11 pl-9 md:h-10"
      />
    </div>
  );
}

/**
 * The client list (docs/product/clients-and-businesses.md#the-clients-page): server-side search and pages, a table on
 * desktop and cards on phones, selection with a bulk delete, a row menu, empty states and confirmations.
 */
export function ClientsPage({
  search,
  page,
  perPage,
  mobile,
  onSearchChange,
  onPageChange,
  onAdd,
  onImport,
  onEdit,
}: ClientsPageProps) {
  const headingId = useId();
  const [listBox, listWidth] = useElementWidth<HTMLElement>();
  const cards = mobile || listWidth < CLIENT_TABLE_MIN_WIDTH;
  const query = useClientList({ page, perPage, search });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingDeletion | null>(null);

  // A selection belongs to one page of one search.
  const listKey = `${search}\u0000${page}\u0000${perPage}`;
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    setSelected(new Set());
  }

  // One client's count is asked again as the confirmation opens, so it says what the server knows now.
  const pendingClient = useClient(pending?.kind === 'one' ? pending.id : null);
  const freshCount = pendingClient.data?.invoice_count;
  const pendingWithCount = pending && freshCount !== undefined ? { ...pending, invoices: freshCount } : pending;

  const deletion = useDeleteClients({
    onDeleted: (ids) => {
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
    },
  });

  // A failed load is a toast, besides the Retry on the page (docs/product/clients-and-businesses.md#the-clients-page).
  const errorAt = query.isError ? query.errorUpdatedAt : 0;
  const loadError = query.error;
  useEffect(() => {
    if (errorAt) toast.error(failureMessage(loadError, CLIENT_TOASTS.fetchFailed));
  }, [errorAt, loadError]);

  const data = query.isPlaceholderData ? undefined : query.data;
  const pagination = query.data?.pagination;
  // A page past the end (its last row deleted, or an old link) goes to the last page there is.
  useEffect(() => {
    if (data && page > data.pagination.pages) onPageChange(data.pagination.pages);
  }, [data, page, onPageChange]);

  const clients = query.data?.clients ?? [];
  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Set(clients.map((client) => client.id)) : new Set());
  const selectedIds = clients.filter((client) => selected.has(client.id)).map((client) => client.id);

  const views = {
    clients,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    onEdit,
    onDelete: (client: Client, opener: HTMLElement | null) =>
      setPending({ kind: 'one', id: client.id, name: client.name, invoices: client.invoice_count, opener }),
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-slate-600">
        <Spinner label="Loading clients" />
        <p>Loading clients...</p>
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="font-medium text-slate-900">{CLIENT_TOASTS.fetchFailed}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} className="h-11 md:h-10">
          Retry
        </Button>
      </div>
    );
  } else if (pagination && pagination.total === 0) {
    body = (
      <div className="flex flex-col items-center px-4 py-16 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Users className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">No clients found</h2>
        <p className="mt-1 text-sm text-slate-600">
          {search ? 'No clients match your search criteria.' : 'Get started by adding your first client.'}
        </p>
        {!search && (
          <Button onClick={onAdd} className="mt-5 h-11 md:h-10">
            <Plus className="h-4 w-4" aria-hidden />
            Add First Client
          </Button>
        )}
      </div>
    );
  } else {
    body = cards ? <ClientCards {...views} /> : <ClientTable {...views} />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
            Clients
          </h1>
          <p className="text-sm text-slate-600">The people and companies you invoice.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={(event) => onImport(event.currentTarget)} className="h-11 md:h-10">
            <Upload className="h-4 w-4" aria-hidden />
            Import
          </Button>
          <Button onClick={onAdd} className="h-11 md:h-10">
            <Plus className="h-4 w-4" aria-hidden />
            Add Client
          </Button>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox search={search} onSearchChange={onSearchChange} />
        {query.isFetching && !query.isPending && <Spinner label="Updating clients" className="text-slate-400" />}
      </div>

      <div aria-live="polite" className="mt-4 empty:hidden">
        {selectedIds.length > 0 && (
          <div className="flex items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-2">
            <p className="text-sm font-medium text-indigo-900">{selectedIds.length} selected</p>
            <div className="flex items-center gap-2">
              <Button variant="ghost" size="sm" className="h-11 md:h-8" onClick={() => setSelected(new Set())}>
                Clear
              </Button>
              <Button
                variant="danger"
                size="sm"
                className="h-11 md:h-8"
                onClick={() =>
                  setPending({
                    kind: 'selected',
                    ids: selectedIds,
                    invoices: clients
                      .filter((client) => selected.has(client.id))
                      .reduce((sum, client) => sum + client.invoice_count, 0),
                  })
                }
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete
              </Button>
            </div>
          </div>
        )}
      </div>

      <section
        ref={listBox}
        aria-labelledby={headingId}
        className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <div className={cards ? undefined : 'overflow-x-auto'}>{body}</div>
        {pagination && pagination.total > 0 && (
          <Pagination
            page={pagination.page}
            pages={pagination.pages}
            total={pagination.total}
            perPage={pagination.per_page}
            noun="clients"
            onPageChange={onPageChange}
            pageLabel={(current, count) => `${current} / ${count}`}
            label="Clients pages"
          />
        )}
      </section>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.kind === 'selected' ? 'Delete Clients' : 'Delete Client'}
        description={pending ? confirmText(pendingWithCount ?? pending) : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deletion.isPending}
        destructive
        returnFocus={pending?.kind === 'one' ? pending.opener : null}
        onConfirm={() => {
          if (!pending) return;
          // Closed once the list has been refreshed (or the failure toasted).
          deletion.mutate(
            pending.kind === 'one' ? { kind: 'one', id: pending.id } : { kind: 'selected', ids: pending.ids },
            {
              onSettled: () => setPending(null),
            },
          );
        }}
      />
    </div>
  );
}
