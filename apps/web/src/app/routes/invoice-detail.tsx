import { useNavigate, useParams } from 'react-router';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { PaymentsSection } from '../../features/payments/components/payments-section';

/**
 * /invoice/{id} (docs/product/invoices.md#the-invoice-page). Edit Invoice opens the editor at /new with the invoice to
 * load; the payments feature's section sits under the details (docs/product/payments.md#on-the-invoice-page).
 */
export function InvoiceDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <InvoiceDetail
      key={id}
      id={id}
      onEdit={(invoiceId) => navigate('/new', { state: { editInvoiceId: invoiceId, isEditing: true } })}
      payments={(invoice) => <PaymentsSection invoice={invoice} />}
    />
  );
}
