import { formatMoney } from '@invoicer/domain/money';
import { useMemo } from 'react';
import type { InvoiceFormValues } from '../model/invoice-form';
import { computeEditorTotals } from '../model/invoice-totals';

/**
 * The editor's figures from the one totals function, computed once per change of what it reads
 * (typing in From or Terms does not recompute), and each line's amount as text: equal strings for
 * unchanged lines, so memoised rows skip rendering.
 */
export function useEditorTotals(values: InvoiceFormValues) {
  const { items, taxPercent, taxType, showTax, discountPercent, discountType, showDiscount } = values;
  const { shippingAmount, showShipping, currency, vatPerLine, discountBeforeTax } = values;
  const totals = useMemo(
    () =>
      computeEditorTotals({
        items,
        taxPercent,
        taxType,
        showTax,
        discountPercent,
        discountType,
        showDiscount,
        shippingAmount,
        showShipping,
        currency,
        vatPerLine,
        discountBeforeTax,
      }),
    [
      items,
      taxPercent,
      taxType,
      showTax,
      discountPercent,
      discountType,
      showDiscount,
      shippingAmount,
      showShipping,
      currency,
      vatPerLine,
      discountBeforeTax,
    ],
  );
  const amounts = useMemo(
    () => (totals ? totals.lines.map((line) => formatMoney(line, currency)) : items.map(() => '—')),
    [totals, currency, items],
  );
  return { totals, amounts };
}
