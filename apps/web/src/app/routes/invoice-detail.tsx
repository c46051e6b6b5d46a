import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SendInvoiceDialog, type InvoiceToSend } from '../../features/invoice-sending/components/send-invoice-dialog';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { PaymentsSection } from '../../features/payments/components/payments-section';

/**
 * /invoice/{id} (docs/product/invoices.md#the-invoice-page). Edit Invoice opens the editor at /new with the invoice to
 * load; Send Invoice opens the Send dialog (docs/product/sending-invoices.md#the-send-dialog), whose send refreshes the
 * invoice's status and activity. The payments feature's section sits under the details
 * (docs/product/payments.md#on-the-invoice-page).
 */
export function InvoiceDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [sending, setSending] = useState<InvoiceToSend | null>(null);
  return (
    <>
      <InvoiceDetail
        key={id}
        id={id}
        onEdit={(invoiceId) => navigate('/new', { state: { editInvoiceId: invoiceId, isEditing: true } })}
        onSend={({ id: invoiceId, invoice_number }) => setSending({ id: invoiceId, invoice_number })}
        payments={(invoice) => <PaymentsSection invoice={invoice} />}
      />
      <SendInvoiceDialog invoice={sending} onClose={() => setSending(null)} />
    </>
  );
}
