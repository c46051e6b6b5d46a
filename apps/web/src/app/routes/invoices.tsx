import { useState } from 'react';
import { SendInvoiceDialog, type InvoiceToSend } from '../../features/invoice-sending/components/send-invoice-dialog';
import { InvoiceList } from '../../features/invoices/components/invoice-list';

/**
 * /invoices: the invoice list (docs/product/invoices.md#the-invoice-list); a row's Send opens the Send dialog
 * (docs/product/sending-invoices.md#the-send-dialog).
 */
export function InvoicesRoute() {
  const [sending, setSending] = useState<{ invoice: InvoiceToSend; trigger: HTMLButtonElement } | null>(null);
  return (
    <>
      <InvoiceList
        onSend={({ id, invoice_number }, trigger) => setSending({ invoice: { id, invoice_number }, trigger })}
      />
      <SendInvoiceDialog
        invoice={sending?.invoice ?? null}
        returnFocus={sending?.trigger ?? null}
        onClose={() => setSending(null)}
      />
    </>
  );
}
