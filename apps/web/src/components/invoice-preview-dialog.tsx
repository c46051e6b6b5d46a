import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fetchPreviewPage } from '../lib/invoice-preview';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { Spinner } from './ui/spinner';

export interface InvoicePreviewDialogProps {
  /** The invoice as sent to /preview-invoice, fixed when the preview opened. */
  document: InvoiceDocumentInput;
  title: string;
  onClose: () => void;
  /** A page that fails to load; the caller closes the preview and says why in its own place. */
  onError: (error: unknown) => void;
}

interface LoadedPage {
  page: number;
  url: string;
}

/**
 * The preview modal of the editor and of the invoice page (spec part 1 §2, §4): the invoice as the
 * server renders it, one PNG a page, a spinner until the page image has loaded, Previous / Next
 * through the pages the server counts (X-Page-Count). Each page image is an object URL, released
 * when the page changes and when the modal closes.
 */
export function InvoicePreviewDialog({ document, title, onClose, onError }: InvoicePreviewDialogProps) {
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);
  const [imageReady, setImageReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchPreviewPage(document, page, controller.signal).then(
      (result) => {
        url = URL.createObjectURL(result.image);
        setPageCount(result.pageCount);
        setImageReady(false);
        setLoaded({ page, url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) onError(error);
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
      title={title}
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
