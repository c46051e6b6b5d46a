import { useState } from 'react';
import { SendInvoiceDialog, type InvoiceToSend } from '../../features/invoice-sending/components/send-invoice-dialog';
import { InvoiceImportDialog } from '../../features/imports/components/invoice-import-dialog';
import { InvoiceList } from '../../features/invoices/components/invoice-list';

/**
 * /invoices: the invoice list (docs/product/invoices.md#the-invoice-list); a row's Send opens the Send dialog
 * (docs/product/sending-invoices.md#the-send-dialog).
 */
export function InvoicesRoute() {
  const [sending, setSending] = useState<{ invoice: InvoiceToSend; trigger: HTMLButtonElement } | null>(null);
  const [importing, setImporting] = useState<{ trigger: HTMLButtonElement } | null>(null);
  return (
    <>
      <InvoiceList
        onSend={({ id, invoice_number }, trigger) => setSending({ invoice: { id, invoice_number }, trigger })}
        onImport={(trigger) => setImporting({ trigger })}
      />
      <InvoiceImportDialog
        open={importing !== null}
        onClose={() => setImporting(null)}
        returnFocus={importing?.trigger ?? null}
      />
      <SendInvoiceDialog
        invoice={sending?.invoice ?? null}
        returnFocus={sending?.trigger ?? null}
        onClose={() => setSending(null)}
      />
    </>
  );
}
