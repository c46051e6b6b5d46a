import { InvoiceList } from '../../features/invoices/components/invoice-list';

/** /invoices: the invoice list (docs/product/invoices.md#the-invoice-list). */
export function InvoicesRoute() {
  return <InvoiceList />;
}
