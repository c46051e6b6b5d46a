import type { Business } from '@invoicer/domain/api/businesses';
import { useMutation } from '@tanstack/react-query';
import { Building2, Plus, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { deleteBusiness } from '../api/businesses-api';
import { useBusiness, useBusinessList } from '../hooks/business-queries';
import { useOnlineStatus } from '../hooks/use-online-status';
import { failureMessage } from '../../../lib/api-client';
import { keptCopiesText } from '../../../lib/invoice-count';
import { BUSINESS_TOASTS } from '../model/business-form';
import { isRoutedForm } from '../model/routed-form';
import { goBack, hasInAppHistory } from '../../../lib/in-app-history';
import { BusinessCard } from './business-card';
import { BusinessFormDialog } from './business-form-dialog';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Toasts the browser's online and offline events while the section is shown
 * (docs/product/states-and-transitions.md#online-and-offline).
 */
function useConnectionNotices() {
  useEffect(() => {
    const online = () => toast.success(BUSINESS_TOASTS.online);
    const offline = () => toast.error(BUSINESS_TOASTS.offline);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);
}

function StateMessage({
  icon,
  title,
  text,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {icon}
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
      {text && <p className="mt-1 text-sm text-slate-600">{text}</p>}
      <div className="mt-5">{children}</div>
    </div>
  );
}

/**
 * Settings > Businesses (docs/product/clients-and-businesses.md#the-businesses-section): the grid of the user's
 * businesses with edit and delete, Add Business (refused while offline), empty, failed and offline states. The URL may
 * ask for a modal: ?create=true or ?edit={id} (links to /businesses?create=true and /businesses/{id},
 * which make it a routed form that goes back one history step once closed).
 */
export function BusinessesSection() {
  const online = useOnlineStatus();
  useConnectionNotices();
  const list = useBusinessList();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const routed = isRoutedForm(useLocation().state);
  const [local, setLocal] = useState<{ business: Business | null } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Business | null>(null);

  const createRequested = params.get('create') === 'true';
  const editId = params.get('edit');
  const editing = useBusiness(local ? null : editId);

  const clearRequest = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('create');
          next.delete('edit');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A failed load is also a toast; offline, the notice has said it already
  // (docs/product/messages-and-limits.md#clients-and-businesses-messages).
  const errorAt = list.isError ? list.errorUpdatedAt : 0;
  const loadError = list.error;
  useEffect(() => {
    if (errorAt && navigator.onLine) toast.error(failureMessage(loadError, BUSINESS_TOASTS.fetchFailed));
  }, [errorAt, loadError]);

  // An edit link to a business that is not the user's: say so and show the plain grid.
  const editError = editing.isError ? editing.error : null;
  useEffect(() => {
    if (!editError) return;
    toast.error(navigator.onLine ? BUSINESS_TOASTS.notFound : BUSINESS_TOASTS.offline);
    clearRequest();
  }, [editError, clearRequest]);

  // The business's invoice count is asked again as the confirmation opens (the card's may be older).
  const pendingFresh = useBusiness(pendingDelete?.id ?? null);
  const keptCopies = pendingDelete
    ? keptCopiesText(pendingFresh.data?.invoice_count ?? pendingDelete.invoice_count, "this business's")
    : '';

  const removal = useMutation({
    networkMode: 'always',
    meta: { invalidates: [queryRoots.businesses, queryRoots.parties] },
    mutationFn: (business: Business) => deleteBusiness(business.id),
    onSuccess: () => toast.success(BUSINESS_TOASTS.deleted),
    onError: (error) => toast.error(failureMessage(error, BUSINESS_TOASTS.deleteFailed)),
  });

  let dialogOpen = false;
  let dialogBusiness: Business | null = null;
  if (local) {
    dialogOpen = true;
    dialogBusiness = local.business;
  } else if (createRequested && online) {
    dialogOpen = true;
  } else if (editId && editing.data) {
    dialogOpen = true;
    dialogBusiness = editing.data;
  }
  const closeDialog = () => {
    const requested = createRequested || editId !== null;
    // A routed form (/businesses/{id}, /businesses?create=true) goes back where its link was followed.
    if (!local && requested && routed && hasInAppHistory()) {
      goBack(navigate);
      return;
    }
    setLocal(null);
    if (requested) clearRequest();
  };

  const addBusiness = () => setLocal({ business: null });
  const businesses = list.data ?? [];
  const failedNow = list.isError;

  let body: React.ReactNode;
  if (list.isPending && !failedNow) {
    body = (
      <div className="flex items-center justify-center gap-3 py-12 text-slate-600">
        <Spinner label="Loading businesses" />
        <p>Loading businesses...</p>
      </div>
    );
  } else if (failedNow) {
    const offline = !online;
    body = (
      <StateMessage
        icon={offline ? <WifiOff className="h-6 w-6" aria-hidden /> : <Building2 className="h-6 w-6" aria-hidden />}
        title={offline ? 'No internet connection' : 'Failed to load businesses'}
        text={offline ? 'Check your connection, then try again.' : failureMessage(list.error, 'Please try again.')}
      >
        <Button
          variant="secondary"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          className="h-11 md:h-10"
        >
          {list.isFetching ? 'Retrying...' : 'Retry'}
        </Button>
      </StateMessage>
    );
  } else if (businesses.length === 0) {
    body = (
      <StateMessage
        icon={<Building2 className="h-6 w-6" aria-hidden />}
        title="No businesses added yet"
        text="Add the business you send invoices from; it can fill the From field of new invoices."
      >
        <Button onClick={addBusiness} disabled={!online} className="h-11 md:h-10">
          <Plus className="h-4 w-4" aria-hidden />
          Add Your First Business
        </Button>
      </StateMessage>
    );
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Businesses">
        {businesses.map((business) => (
          <li key={business.id} className="flex min-w-0">
            <BusinessCard
              business={business}
              onEdit={(chosen) => setLocal({ business: chosen })}
              onDelete={setPendingDelete}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="businesses-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="businesses-heading" className="text-lg font-semibold text-slate-900">
            Businesses
          </h2>
          <p className="mt-1 text-sm text-slate-600">The businesses you send invoices from.</p>
        </div>
        <Button
          onClick={addBusiness}
          disabled={!online}
          title={online ? undefined : 'Adding a business needs an internet connection'}
          className="h-11 md:h-10"
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Business
        </Button>
      </div>
      {!online && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-amber-900">
          <WifiOff className="h-4 w-4" aria-hidden />
          You are offline: businesses cannot be added until the connection is back.
        </p>
      )}
      <div className="mt-5">{body}</div>

      <BusinessFormDialog open={dialogOpen} business={dialogBusiness} onClose={closeDialog} onSaved={() => undefined} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title="Delete Business"
        description={
          pendingDelete ? (
            <>
              {`Are you sure you want to delete "${pendingDelete.name}"? This action cannot be undone.`}
              {keptCopies && <span className="mt-2 block">{keptCopies}</span>}
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={removal.isPending}
        destructive
        onConfirm={() => {
          if (pendingDelete) removal.mutate(pendingDelete, { onSettled: () => setPendingDelete(null) });
        }}
      />
    </section>
  );
}
