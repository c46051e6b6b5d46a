import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { Eye } from 'lucide-react';
import { viewedDescription } from '../model/format';

/**
 * "Viewed" beside the status once someone other than the owner has opened the invoice's public link
 * (docs/product/public-links-and-activity.md#views); nothing before. The count and first time are in its title
 * and, for screen readers, in its text.
 */
export function ViewedMarker({ invoice }: { invoice: Pick<InvoiceListItem, 'viewed_at' | 'view_count'> }) {
  if (!invoice.viewed_at) return null;
  const description = viewedDescription(invoice.viewed_at, invoice.view_count);
  return (
    <span
      title={description}
      data-testid="viewed-marker"
      className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-800 ring-1 ring-violet-200 ring-inset"
    >
      <Eye className="h-3 w-3" aria-hidden />
      Viewed
      <span className="sr-only">{`: ${description}`}</span>
    </span>
  );
}
