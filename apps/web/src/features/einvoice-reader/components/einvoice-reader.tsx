import type { ReadEInvoiceResponse } from '@invoicer/domain/api/einvoices';
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { queryRoots } from '../../../lib/query-keys';
import { readEInvoice } from '../api/einvoice-reader-api';
import {
  sellerAsBusiness,
  sellerAsClient,
  type SellerAsBusiness,
  type SellerAsClient,
} from '../model/received-invoice';
import { ReceivedInvoiceView } from './received-invoice-view';

const ACCEPT = '.xml,.pdf,application/xml,text/xml,application/pdf';

/** Saves the seller as a client: the clients feature's own call, handed in by the page. */
export type SaveSellerAsClient = (client: SellerAsClient) => Promise<{ message: string }>;
/** Saves the seller as a business: the businesses feature's own call, handed in by the page. */
export type SaveSellerAsBusiness = (business: SellerAsBusiness) => Promise<{ message: string }>;

/** The page's save calls, for signed-in users; null for guests. */
export interface SaveSellerCalls {
  saveClient: SaveSellerAsClient;
  saveBusiness: SaveSellerAsBusiness;
}

/** One save button with its own state: its success in the button and a toast, its failure in words below it. */
function SaveButton<T>({
  candidate,
  save,
  kind,
  invalidates,
}: {
  candidate: T;
  save: (candidate: T) => Promise<{ message: string }>;
  kind: 'client' | 'business';
  invalidates: readonly QueryKey[];
}) {
  const errorId = useId();
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => toast.success(saved.message),
    meta: { invalidates },
  });
  return (
    <div className="min-w-0">
      <Button
        variant="secondary"
        className="h-11 w-full sm:w-auto md:h-10"
        disabled={mutation.isPending || mutation.isSuccess}
        aria-describedby={mutation.isError ? errorId : undefined}
        onClick={() => mutation.mutate(candidate)}
      >
        {mutation.isSuccess ? `Seller saved as a ${kind}` : `Save seller as ${kind}`}
      </Button>
      {mutation.isError && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {failureMessage(mutation.error, `The seller could not be saved as a ${kind}.`)}
        </p>
      )}
    </div>
  );
}

/**
 * "Save seller as client" and "Save seller as business", for signed-in users: both routes need a name and an e-mail
 * address. The saved party carries the structured fields the e-invoice has, and a business its bank account.
 */
function SaveSeller({ answer, calls }: { answer: ReadEInvoiceResponse; calls: SaveSellerCalls }) {
  const asClient = sellerAsClient(answer.invoice.seller);
  const asBusiness = sellerAsBusiness(answer.invoice.seller, answer.invoice.payment);
  // Both need the same name and e-mail address, so both are missing for the same reason.
  if ('missing' in asBusiness) return <p className="mt-3 text-sm text-slate-600">{asBusiness.missing}</p>;
  if ('missing' in asClient) return null;
  return (
    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <SaveButton
        candidate={asClient.client}
        save={calls.saveClient}
        kind="client"
        invalidates={[queryRoots.clients, queryRoots.parties]}
      />
      <SaveButton
        candidate={asBusiness.business}
        save={calls.saveBusiness}
        kind="business"
        invalidates={[queryRoots.businesses, queryRoots.parties]}
      />
    </div>
  );
}

/**
 * Read a received e-invoice (issue 17): choose or drop a CII or UBL XML file or a Factur-X / ZUGFeRD PDF; the server
 * reads it and checks it with the EN 16931 rules, and the invoice is shown readably with the verdict.
 */
export function EInvoiceReader({ saveCalls }: { saveCalls: SaveSellerCalls | null }) {
  const inputId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const read = useMutation({ mutationFn: readEInvoice });

  const choose = (file: File | null | undefined) => {
    if (file) read.mutate(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-2xl border-2 border-dashed bg-white p-5 text-center transition-colors sm:p-8',
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300',
        )}
      >
        <FileUp className="mx-auto h-8 w-8 text-indigo-600" aria-hidden />
        <label htmlFor={inputId} className="mt-2 block text-sm font-medium text-slate-900">
          E-invoice file (XML or PDF)
        </label>
        <p className="mt-1 text-sm text-slate-600">Drop it here, or choose it.</p>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          aria-describedby={read.isError ? errorId : undefined}
          className="mx-auto mt-3 block w-full max-w-xs text-sm text-slate-700 file:mr-3 file:h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100 md:file:h-10"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file may be chosen again after a fix.
            event.target.value = '';
          }}
        />
        {read.isPending && <Spinner className="mt-3 text-indigo-600" label="Reading the e-invoice" />}
        {read.isError && (
          <p id={errorId} role="alert" className="mt-3 text-sm text-red-600">
            {failureMessage(read.error, 'The file could not be read. Please try again.')}
          </p>
        )}
      </div>
      {read.isSuccess && (
        <ReceivedInvoiceView
          key={read.data.invoice.number + read.submittedAt}
          answer={read.data}
          actions={saveCalls ? <SaveSeller answer={read.data} calls={saveCalls} /> : undefined}
        />
      )}
    </div>
  );
}
