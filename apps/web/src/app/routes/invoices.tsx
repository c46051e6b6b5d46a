import { InvoiceList } from '../../features/invoices/components/invoice-list';

/** /invoices (spec part 2 §2): the invoice list. */
export function InvoicesRoute() {
  return <InvoiceList />;
}
