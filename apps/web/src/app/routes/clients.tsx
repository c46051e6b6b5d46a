import type { Client } from '@invoicer/domain/api/clients';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ClientFormDialog } from '../../features/clients/components/client-form-dialog';
import { ClientsPage } from '../../features/clients/components/clients-page';
import { useClient } from '../../features/clients/hooks/client-queries';
import { CLIENT_TOASTS } from '../../features/clients/model/client-form';
import { ClientImportDialog } from '../../features/imports/components/client-import-dialog';
import { ApiError, failureMessage } from '../../lib/api-client';
import { goBack, hasInAppHistory } from '../../lib/in-app-history';
import { useIsMobile } from '../../lib/use-media-query';

/** 10 clients a page, 5 under 768 px (docs/product/messages-and-limits.md#lists-and-pages). */
const PER_PAGE = { desktop: 10, mobile: 5 };

function pageOf(value: string | null): number {
  const page = value && /^\d{1,7}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

/**
 * /clients, /clients/new and /clients/edit/{id} (docs/product/clients-and-businesses.md#the-clients-page). The search
 * text and page live in the URL. /clients/new and /clients/edit/{id} open the modal over the list and, once it is saved
 * or cancelled, go back where the user came from (the editor links here); ?edit={id} (from the invoice page) opens the
 * edit modal over the list and stays on it.
 */
export function ClientsRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { id: pathEditId } = useParams();
  const [params, setParams] = useSearchParams();
  const mobile = useIsMobile();

  const search = params.get('search') ?? '';
  const page = pageOf(params.get('page'));
  const routedCreate = location.pathname.replace(/\/+$/, '') === '/clients/new';
  const routed = routedCreate || pathEditId !== undefined;
  const editId = pathEditId ?? params.get('edit');

  // The modal opened from this page (Add Client, a row's Edit Client).
  const [local, setLocal] = useState<{ client: Client | null; opener?: HTMLElement | null } | null>(null);
  const editing = useClient(local ? null : editId);
  // The import dialog, and the button that opened it (focus goes back to it).
  const [importing, setImporting] = useState<{ opener: HTMLElement } | null>(null);

  const updateParams = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Routed mode: back one step when the user came from a page of this site, else the plain list. */
  const leaveRoutedModal = useCallback(() => {
    if (hasInAppHistory()) goBack(navigate);
    else void navigate('/clients', { replace: true });
  }, [navigate]);

  const closeModal = useCallback(() => {
    if (local) setLocal(null);
    else if (routed) leaveRoutedModal();
    else updateParams((next) => next.delete('edit'));
  }, [local, routed, leaveRoutedModal, updateParams]);

  // An id that is not one of the user's clients: say so and show the plain list.
  const editError = editing.isError ? editing.error : null;
  useEffect(() => {
    if (!editError) return;
    const missing = editError instanceof ApiError && (editError.status === 404 || editError.status === 400);
    toast.error(missing ? CLIENT_TOASTS.notFound : failureMessage(editError, CLIENT_TOASTS.fetchFailed));
    if (pathEditId !== undefined) void navigate('/clients', { replace: true });
    else updateParams((next) => next.delete('edit'));
  }, [editError, pathEditId, navigate, updateParams]);

  const changePage = useCallback(
    (target: number) =>
      updateParams((next) => {
        if (target > 1) next.set('page', String(target));
        else next.delete('page');
      }),
    [updateParams],
  );

  let dialogClient: Client | null = null;
  let dialogOpen = false;
  if (local) {
    dialogOpen = true;
    dialogClient = local.client;
  } else if (routedCreate) {
    dialogOpen = true;
  } else if (editId && editing.data) {
    dialogOpen = true;
    dialogClient = editing.data;
  }

  return (
    <>
      <title>Clients · Invoicer</title>
      <ClientsPage
        search={search}
        page={page}
        perPage={mobile ? PER_PAGE.mobile : PER_PAGE.desktop}
        mobile={mobile}
        onSearchChange={(text) =>
          updateParams((next) => {
            if (text) next.set('search', text);
            else next.delete('search');
            next.delete('page');
          })
        }
        onPageChange={changePage}
        onAdd={() => setLocal({ client: null })}
        onImport={(opener) => setImporting({ opener })}
        onEdit={(client, opener) => setLocal({ client, opener })}
      />
      <ClientFormDialog
        open={dialogOpen}
        client={dialogClient}
        onClose={closeModal}
        onSaved={() => undefined}
        returnFocus={local?.opener ?? null}
      />
      <ClientImportDialog
        open={importing !== null}
        onClose={() => setImporting(null)}
        returnFocus={importing?.opener ?? null}
      />
    </>
  );
}
