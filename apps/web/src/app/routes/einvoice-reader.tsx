import { FileSearch } from 'lucide-react';
import { useSession } from '../../features/auth/hooks/use-session';
import { createBusiness } from '../../features/businesses/api/businesses-api';
import { createClient } from '../../features/clients/api/clients-api';
import { EInvoiceReader } from '../../features/einvoice-reader/components/einvoice-reader';

/** /einvoices/read (issue 17, "Read what you receive"): open to guests; signed-in users may save the seller as a client or a business. */
export function EInvoiceReaderRoute() {
  const { user } = useSession();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Read an e-invoice · Invoicer</title>
      <div className="mb-6 flex items-start gap-3">
        <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
          <FileSearch className="h-6 w-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Read an e-invoice</h1>
          <p className="mt-1 text-sm text-slate-600">
            Open an e-invoice you received (XRechnung, Peppol UBL, or a Factur-X / ZUGFeRD PDF) as a readable invoice,
            and see whether it passes the EN 16931 rules. The file is read and not kept.
          </p>
        </div>
      </div>
      <EInvoiceReader
        saveCalls={
          user
            ? {
                saveClient: (seller) => createClient({ phone: '', address: '', ...seller }),
                saveBusiness: (seller) =>
                  createBusiness({
                    phone: '',
                    address: '',
                    tax_id: '',
                    iban: '',
                    bic: '',
                    account_holder: '',
                    ...seller,
                  }),
              }
            : null
        }
      />
    </div>
  );
}
