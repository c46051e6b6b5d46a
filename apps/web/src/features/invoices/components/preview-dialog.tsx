import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { fetchPreviewPage } from '../api/invoices-api';

export interface InvoicePreviewDialogProps {
  body: InvoiceDocumentInput;
  title: string;
  onClose: () => void;
  /** A page that fails closes the preview; the page says why. */
  onError: (error: unknown) => void;
}

interface LoadedPage {
  page: number;
  url: string;
}

/**
 * The stored invoice as the server renders it (the PDF rasterised, one PNG a page), with
 * Previous / Next when it has more than one page. Each image is an object URL, released when
 * the page changes and when the dialog closes.
 */
export function InvoicePreviewDialog({ body, title, onClose, onError }: InvoicePreviewDialogProps) {
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(1);
  const [loaded, setLoaded] = useState<LoadedPage | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchPreviewPage(body, page, controller.signal).then(
      (result) => {
        url = URL.createObjectURL(result.image);
        setPageCount(result.pageCount);
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
  }, [body, page, onError]);

  const current = loaded?.page === page ? loaded : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      className="flex max-w-3xl flex-col"
    >
      <div className="relative flex min-h-[50vh] items-center justify-center rounded-lg bg-slate-100 p-2">
        {current ? (
          <img
            src={current.url}
            alt={`Invoice preview, page ${page} of ${pageCount}`}
            className="max-h-[70vh] w-auto max-w-full bg-white shadow"
          />
        ) : (
          <Spinner className="text-indigo-600" label="Loading preview" />
        )}
      </div>
      {pageCount > 1 && (
        <div className="mt-3 flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ChevronLeft className="h-4 w-4" aria-hidden />
            Previous
          </Button>
          <span className="text-sm text-slate-600" aria-live="polite">
            Page {page} of {pageCount}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => setPage((p) => Math.min(pageCount, p + 1))}
          >
            Next
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      )}
    </Dialog>
  );
}
