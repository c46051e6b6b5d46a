import type { InvoiceListItem } from '@invoicer/domain/api/invoices';
import { amountDueView } from '../model/format';

/**
 * The Amount Due cell of the list's rows and cards: what is still owed in bold, and under it "of
 * {total}" when that differs (a paid invoice owes nothing of its total).
 */
export function AmountDue({ invoice }: { invoice: Pick<InvoiceListItem, 'amount_due' | 'total_amount' | 'currency'> }) {
  const { due, total } = amountDueView(invoice);
  return (
    <>
      <span className="font-semibold text-slate-900 tabular-nums">{due}</span>
      {total && <span className="block text-xs font-normal text-slate-500 tabular-nums">of {total}</span>}
    </>
  );
}
