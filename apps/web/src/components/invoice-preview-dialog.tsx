import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
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

/**
 * The preview modal of the editor and of the invoice page (docs/product/states-and-transitions.md#preview): the invoice
 * as the server renders it, one PNG a page, a spinner until the page image has loaded, Previous / Next through the
 * pages the server counts (X-Page-Count). Pages are queries dropped as soon as they are off screen (gcTime 0), so no
 * page image outlives the modal.
 */
export function InvoicePreviewDialog({ document, title, onClose, onError }: InvoicePreviewDialogProps) {
  const [page, setPage] = useState(1);
  const preview = useQuery({
    queryKey: ['invoice-preview', document, page],
    queryFn: ({ signal }) => fetchPreviewPage(document, page, signal),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [pageCount, setPageCount] = useState<number | null>(null);
  const current = preview.data;
  // The count stays while the next page loads, so the buttons do not jump.
  if (current && current.pageCount !== pageCount) setPageCount(current.pageCount);

  const failure = preview.isError ? preview.error : null;
  const reportFailure = useEffectEvent((error: unknown) => onError(error));
  useEffect(() => {
    if (failure) reportFailure(failure);
  }, [failure]);

  const pages = pageCount ?? 1;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      className="flex max-w-3xl flex-col"
    >
      <div className="relative flex min-h-[50vh] items-center justify-center rounded-lg bg-slate-100 p-2">
        {current ? (
          <PageImage key={current.page} image={current.image} alt={`Invoice preview, page ${page} of ${pages}`} />
        ) : (
          <PreviewSpinner />
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

function PreviewSpinner() {
  return (
    <div className="absolute inset-0 flex items-center justify-center text-indigo-600">
      <Spinner className="scale-150" label="Loading preview" />
    </div>
  );
}

/**
 * One page image from its PNG: an object URL made when the image mounts and released when it goes
 * (another page, the modal closed). The spinner shows until the browser has decoded it.
 */
function PageImage({ image, alt }: { image: Blob; alt: string }) {
  const img = useRef<HTMLImageElement>(null);
  const [ready, setReady] = useState(false);
  // Before paint, so the image has its address from its first frame.
  useLayoutEffect(() => {
    const url = URL.createObjectURL(image);
    img.current!.src = url;
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return (
    <>
      {!ready && <PreviewSpinner />}
      <img
        ref={img}
        alt={alt}
        onLoad={() => setReady(true)}
        className={ready ? 'max-h-[70vh] w-auto max-w-full bg-white shadow' : 'invisible h-0'}
      />
    </>
  );
}
