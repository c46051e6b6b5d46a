import { computeTotals, type Totals, type TotalsInput } from '@invoicer/domain/totals';
import type { AdjustmentFields, InvoiceFormValues } from './invoice-form';
import { adjustmentTextToValue, decimalTextToMinor, quantityTextToNumber } from './numeric-text';

type TotalsFields = AdjustmentFields & Pick<InvoiceFormValues, 'items' | 'currency'>;

/** The form's typed text as the domain's totals input: minor units, thousandths of a percent for percents, invalid as 0. */
export function toTotalsInput(values: TotalsFields): TotalsInput {
  return {
    items: values.items.map((item) => ({
      quantity: quantityTextToNumber(item.quantity),
      unitCost: decimalTextToMinor(item.unitCost, values.currency),
    })),
    tax: {
      enabled: values.showTax,
      type: values.taxType,
      value: adjustmentTextToValue(values.taxPercent, values.taxType, values.currency),
    },
    discount: {
      enabled: values.showDiscount,
      type: values.discountType,
      value: adjustmentTextToValue(values.discountPercent, values.discountType, values.currency),
    },
    shipping: { enabled: values.showShipping, amount: decimalTextToMinor(values.shippingAmount, values.currency) },
  };
}

/**
 * The editor's figures, from the product's one totals function (docs/product/money-and-totals.md#the-totals-rule).
 * Every row counts, named or not, so the amounts add up on screen as the user types. Null when the amounts are beyond
 * what the product can hold (computeTotals refuses them).
 */
export function computeEditorTotals(values: TotalsFields): Totals | null {
  try {
    return computeTotals(toTotalsInput(values));
  } catch {
    return null;
  }
}
