import type { Invoice } from '@invoicer/domain/api/invoices';
import { ArrowLeft, CheckCircle2, Download, Eye, FileQuestion, Link2, Pencil, Send } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isNotFound } from '../api/invoices-api';
import { useDownloadInvoice, useInvoice, useSetInvoiceStatus } from '../hooks/use-invoices';
import { usePublicLinkActions } from '../hooks/use-public-link';
import { useIsMobile } from '../../../lib/use-media-query';
import { invoiceTotals, toPreviewBody } from '../model/invoice-view';
import { failureMessage } from '../../../lib/api-client';
import { INVOICE_TOASTS } from '../model/messages';
import { ActivityPanel } from './activity-panel';
import { ClientPanel } from './client-panel';
import { DetailsPanel } from './details-panel';
import { IntegrationsPanel } from './integrations-panel';
import { InvoicePreviewDialog } from '../../../components/invoice-preview-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { PublicLinkPanel } from './public-link-panel';
import { TotalPanel } from './total-panel';
import { ViewedMarker } from './viewed-marker';

const backLinkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-slate-600 hover:text-slate-900 md:min-h-8 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The not-found view, also for another user's invoice (the server answers 404 for both;
 * docs/product/invoices.md#the-invoice-page).
 */
export function InvoiceNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
      <title>Invoice Not Found · Invoicer</title>
      <FileQuestion className="h-12 w-12 text-slate-300" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">Invoice Not Found</h1>
      <p className="text-sm text-slate-600">The requested invoice could not be found.</p>
      <Link
        to="/invoices"
        className="mt-2 inline-flex h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:h-10"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Invoices
      </Link>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto flex min-h-[50vh] w-full max-w-6xl items-center justify-center gap-3 px-4 text-slate-600">
      <Spinner label="Loading invoice" />
      <p aria-hidden>Loading invoice...</p>
    </div>
  );
}

export interface InvoiceDetailProps {
  id: string;
  /** Edit Invoice: the editor opens this invoice (the route page knows how). */
  onEdit: (id: string) => void;
  /** Send Invoice: the route page opens the Send dialog (docs/product/sending-invoices.md#the-send-dialog). */
  onSend: (invoice: Invoice) => void;
  /** The Payments section of the invoice shown (another feature's, composed by the route page). */
  payments?: (invoice: Invoice) => ReactNode;
}

/** /invoice/{id} (docs/product/invoices.md#the-invoice-page). */
export function InvoiceDetail({ id, onEdit, onSend, payments }: InvoiceDetailProps) {
  const query = useInvoice(id);
  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    if (isNotFound(query.error)) return <InvoiceNotFound />;
    return (
      <div className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
        <title>Invoice · Invoicer</title>
        <h1 className="text-xl font-semibold text-slate-900">{INVOICE_TOASTS.detailLoadFailed}</h1>
        <p className="text-sm text-slate-600">{failureMessage(query.error, 'Please try again.')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()} className="h-11 md:h-10">
          Retry
        </Button>
      </div>
    );
  }
  return <InvoiceView invoice={query.data} onEdit={onEdit} onSend={onSend} payments={payments} />;
}

function InvoiceView({
  invoice,
  onEdit,
  onSend,
  payments,
}: {
  invoice: Invoice;
  onEdit: (id: string) => void;
  onSend: (invoice: Invoice) => void;
  payments: InvoiceDetailProps['payments'];
}) {
  const isMobile = useIsMobile();
  const totals = useMemo(() => invoiceTotals(invoice.data), [invoice.data]);
  const markPaid = useSetInvoiceStatus({ failure: INVOICE_TOASTS.markPaidFailed });
  const download = useDownloadInvoice({ failure: INVOICE_TOASTS.pdfFailed });
  const { copy: copyLink } = usePublicLinkActions(invoice.id);
  const [previewBody, setPreviewBody] = useState<ReturnType<typeof toPreviewBody> | null>(null);
  const previewButton = useRef<HTMLButtonElement>(null);
  const paid = invoice.status === 'paid';

  // The modal has no trigger of its own: focus goes back to Preview once it has unmounted.
  const closePreview = useCallback(() => {
    setPreviewBody(null);
    requestAnimationFrame(() => previewButton.current?.focus());
  }, []);
  const previewFailed = useCallback(
    (error: unknown) => {
      closePreview();
      toast.error(failureMessage(error, INVOICE_TOASTS.previewFailed));
    },
    [closePreview],
  );

  const buttonSize = 'h-11 md:h-10';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{`Invoice ${invoice.invoice_number} · Invoicer`}</title>
      <Link to="/invoices" className={backLinkClass}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        All invoices
      </Link>
      <div className="mt-2 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere text-slate-900">
            Invoice {invoice.invoice_number}
          </h1>
          <StatusBadge status={invoice.status} className="text-sm" />
          <ViewedMarker invoice={invoice} />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button variant="secondary" className={buttonSize} onClick={() => onEdit(invoice.id)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Invoice
          </Button>
          <Button
            ref={previewButton}
            variant="secondary"
            className={buttonSize}
            onClick={() => setPreviewBody(toPreviewBody(invoice.data))}
          >
            <Eye className="h-4 w-4" aria-hidden />
            Preview
          </Button>
          <Button
            variant="secondary"
            className={buttonSize}
            onClick={() => download.mutate(invoice)}
            disabled={download.isPending}
            aria-busy={download.isPending}
          >
            {download.isPending ? (
              <Spinner className="h-4 w-4" label="Downloading" />
            ) : (
              <Download className="h-4 w-4" aria-hidden />
            )}
            Download
          </Button>
          <Button
            variant="secondary"
            className={buttonSize}
            onClick={() => copyLink.mutate()}
            disabled={copyLink.isPending}
            aria-busy={copyLink.isPending}
          >
            {copyLink.isPending ? (
              <Spinner className="h-4 w-4" label="Making the link" />
            ) : (
              <Link2 className="h-4 w-4" aria-hidden />
            )}
            Copy link
          </Button>
          {paid ? (
            <Button variant="secondary" className={buttonSize} disabled>
              <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden />
              Paid Invoice
            </Button>
          ) : (
            <Button
              className={buttonSize}
              onClick={() => markPaid.mutate({ id: invoice.id, status: 'paid' })}
              disabled={markPaid.isPending}
              aria-busy={markPaid.isPending}
            >
              {markPaid.isPending ? (
                <Spinner className="h-4 w-4" label="Saving" />
              ) : (
                <CheckCircle2 className="h-4 w-4" aria-hidden />
              )}
              Mark as Paid
            </Button>
          )}
          {!paid && (
            <Button variant="secondary" className={buttonSize} onClick={() => onSend(invoice)}>
              <Send className="h-4 w-4" aria-hidden />
              Send Invoice
            </Button>
          )}
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <DetailsPanel invoice={invoice} totals={totals} isMobile={isMobile} />
          {payments?.(invoice)}
          <ActivityPanel invoiceId={invoice.id} />
        </div>
        <div className="min-w-0 space-y-6">
          <ClientPanel invoice={invoice} />
          <TotalPanel invoice={invoice} totals={totals} />
          <PublicLinkPanel invoiceId={invoice.id} />
          <IntegrationsPanel />
        </div>
      </div>

      {previewBody && (
        <InvoicePreviewDialog
          document={previewBody}
          title={`Invoice ${invoice.invoice_number} preview`}
          onClose={closePreview}
          onError={previewFailed}
        />
      )}
    </div>
  );
}
