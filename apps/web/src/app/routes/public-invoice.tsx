import { useParams } from 'react-router';
import { PublicInvoicePage } from '../../features/public-invoice/components/public-invoice-page';

/**
 * /i/{token}: an invoice's public page, open to everyone, without the shell
 * (docs/product/public-links-and-activity.md#the-public-page).
 */
export function PublicInvoiceRoute() {
  const { token = '' } = useParams();
  return <PublicInvoicePage key={token} token={token} />;
}
