import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, fetchInvoicePreview } from '../api/invoice-documents';

export interface PreviewDialogProps {
  /** The invoice as sent to /preview-invoice, fixed when the preview opened. */
  document: InvoiceDocumentInput;
  onClose: () => void;
  /** A failed page closes the preview and shows the message in the editor's banner. */
  onError: (message: string) => void;
}

interface LoadedPage {
  page: number;
  url: string;
}

/**
 * The preview modal (spec part 1 §2, §4): a spinner until the page image arrives, Previous /
 * Next through the pages the server counts (X-Page-Count). Each page image is an object URL,
 * released when the page changes and when the modal closes.
 */
export function PreviewDialog({ document, onClose, onError }: PreviewDialogProps) {
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);
  const [imageReady, setImageReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchInvoicePreview(document, page, controller.signal).then(
      (result) => {
        url = URL.createObjectURL(result.image);
        setPageCount(result.pageCount);
        setImageReady(false);
        setLoaded({ page, url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) onError(errorMessage(error));
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [document, page, onError]);

  const current = loaded?.page === page ? loaded : null;
  const showSpinner = !current || !imageReady;
  const pages = pageCount ?? 1;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Invoice preview"
      className="flex max-w-3xl flex-col"
    >
      <div className="relative flex min-h-[50vh] items-center justify-center rounded-lg bg-slate-100 p-2">
        {showSpinner && (
          <div className="absolute inset-0 flex items-center justify-center text-indigo-600">
            <Spinner className="scale-150" label="Loading preview" />
          </div>
        )}
        {current && (
          <img
            key={current.url}
            src={current.url}
            alt={`Invoice preview, page ${page} of ${pages}`}
            onLoad={() => setImageReady(true)}
            className={imageReady ? 'max-h-[70vh] w-auto max-w-full bg-white shadow' : 'invisible h-0'}
          />
        )}
      </div>
      {pages > 1 && (
        <div className="mt-3 flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            Previous
          </Button>
          <span className="text-sm text-slate-600" aria-live="polite">
            Page {page} of {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Next
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
    </Dialog>
  );
}
