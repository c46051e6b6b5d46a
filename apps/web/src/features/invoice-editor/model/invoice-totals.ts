import { computeTotals, type Totals, type TotalsInput } from '@invoicer/domain/totals';
import type { AdjustmentFields, InvoiceFormValues } from './invoice-form';
import { needsExemptionReason } from './einvoice-fields';
import { adjustmentTextToValue, decimalTextToMinor, percentTextToRate, quantityTextToNumber } from './numeric-text';

type TotalsFields = AdjustmentFields &
  Pick<InvoiceFormValues, 'items' | 'currency'> &
  Partial<Pick<InvoiceFormValues, 'vatPerLine' | 'discountBeforeTax'>>;

/** The form's typed text as the domain's totals input: minor units, thousandths of a percent for percents, invalid as 0. */
export function toTotalsInput(values: TotalsFields): TotalsInput {
  return {
    items: values.items.map((item) => ({
      quantity: quantityTextToNumber(item.quantity),
      unitCost: decimalTextToMinor(item.unitCost, values.currency),
      // VAT per line: the line's category, its rate (S only; what is not a percent counts as 0) and reason.
      ...(values.vatPerLine && item.vatCategory
        ? {
            vatCategory: item.vatCategory,
            vatRate: item.vatCategory === 'S' ? percentTextToRate(item.vatRate ?? '') : 0,
            ...(needsExemptionReason(item.vatCategory) && item.vatExemptionReason?.trim()
              ? { vatExemptionReason: item.vatExemptionReason.trim() }
              : {}),
          }
        : {}),
    })),
    tax: {
      // With VAT per line the tax is the lines' VAT only, also while a line still lacks its category (the Tax box is
      // not on screen then, so it must not count unseen).
      enabled: values.showTax && !values.vatPerLine,
      type: values.taxType,
      value: adjustmentTextToValue(values.taxPercent, values.taxType, values.currency),
    },
    discount: {
      enabled: values.showDiscount,
      type: values.discountType,
      value: adjustmentTextToValue(values.discountPercent, values.discountType, values.currency),
    },
    shipping: { enabled: values.showShipping, amount: decimalTextToMinor(values.shippingAmount, values.currency) },
    ...(values.discountBeforeTax ? { discountBeforeTax: true } : {}),
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
