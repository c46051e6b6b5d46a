import { useNavigate, useParams } from 'react-router';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { RemindersPanel } from '../../features/reminders/components/reminders-panel';

/**
 * /invoice/{id} (docs/product/invoices.md#the-invoice-page). Edit Invoice opens the editor at /new with the invoice to
 * load.
 */
export function InvoiceDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <InvoiceDetail
      key={id}
      id={id}
      onEdit={(invoiceId) => navigate('/new', { state: { editInvoiceId: invoiceId, isEditing: true } })}
      reminders={(invoice) => (
        <RemindersPanel
          invoiceId={invoice.id}
          version={`${invoice.status}|${invoice.due_date}|${invoice.issued_date}|${invoice.total_amount}`}
        />
      )}
    />
  );
}
