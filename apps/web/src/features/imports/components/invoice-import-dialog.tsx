import { INVOICE_IMPORT_FORMAT_LABELS, type InvoiceImportResult } from '@invoicer/domain/api/imports';
import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { failureMessage } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { importInvoices } from '../api/imports-api';
import { IMPORT_TEXTS } from '../model/mapping';
import { ImportFileField, ImportReport } from './import-parts';

export interface InvoiceImportDialogProps {
  open: boolean;
  onClose: () => void;
  returnFocus: HTMLElement | null;
}

/**
 * Invoices from a file (docs/product/importing.md#the-import-dialogs): an Invoify invoice or an Invoicer export; the
 * report says what was imported and lists what was skipped and why.
 */
export function InvoiceImportDialog({ open, onClose, returnFocus }: InvoiceImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<InvoiceImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInputId = useId();
  const errorId = useId();

  const importing = useMutation({
    networkMode: 'always',
    meta: {
      invalidates: [
        queryRoots.invoices,
        queryRoots.dashboard,
        queryRoots.clients,
        queryRoots.businesses,
        queryRoots.parties,
        queryRoots.payments,
        queryRoots.notifications,
      ],
    },
    mutationFn: (chosen: File) => importInvoices(chosen),
    onSuccess: (answer) => {
      setResult(answer);
      toast.success(answer.message);
    },
    onError: (failure) => setError(failureMessage(failure, IMPORT_TEXTS.importFailed)),
  });

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
    importing.reset();
  };
  const close = () => {
    if (importing.isPending) return;
    reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={IMPORT_TEXTS.invoicesTitle}
      description={IMPORT_TEXTS.invoicesDescription}
      busy={importing.isPending}
      returnFocus={returnFocus}
    >
      {result ? (
        <ImportReport
          message={result.message}
          skipped={result.skipped.map((entry) => ({ where: entry.item, reason: entry.reason }))}
          onAgain={reset}
          onDone={close}
        >
          <p className="mt-1 text-sm text-slate-600">From: {INVOICE_IMPORT_FORMAT_LABELS[result.format]}</p>
        </ImportReport>
      ) : (
        <div>
          <ImportFileField
            id={fileInputId}
            label="Invoice file"
            accept=".json,.zip,application/json,application/zip"
            error={error}
            errorId={errorId}
            onChoose={(chosen) => {
              setError(null);
              setFile(chosen);
            }}
          />
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" className="h-11 md:h-10" onClick={close} disabled={importing.isPending}>
              Cancel
            </Button>
            <Button
              className="h-11 md:h-10"
              disabled={!file || importing.isPending}
              onClick={() => file && importing.mutate(file)}
            >
              <Upload className="h-4 w-4" aria-hidden />
              {importing.isPending ? IMPORT_TEXTS.importing : 'Import'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
