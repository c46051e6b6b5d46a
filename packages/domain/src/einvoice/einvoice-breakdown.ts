import type { Minor } from '../money';
import { computeVatBreakdown, exemptionReasonsFor, lineAmount, type VatGroup } from '../totals';
import type { EInvoice } from './einvoice-model';

/**
 * The figures an e-invoice states: line net amounts, the VAT breakdown per category and rate, and the
 * document totals (EN 16931 BG-22, BG-23), exact in minor units. The arithmetic is the one totals function's
 * (packages/domain/src/totals.ts: lineAmount, computeVatBreakdown); this only names its results as the model does.
 */

export { DEFAULT_EXEMPTION_REASONS, type VatGroup } from '../totals';

export interface EInvoiceTotals {
  /** BT-131 of each line, in order. */
  line_net: Minor[];
  /** BT-106: Σ line net. */
  line_total: Minor;
  /** BT-107, BT-108. */
  allowance_total: Minor;
  charge_total: Minor;
  /** BT-109. */
  tax_exclusive: Minor;
  vat: VatGroup[];
  /** BT-110. */
  tax_total: Minor;
  /** BT-112. */
  tax_inclusive: Minor;
  /** BT-115 (nothing prepaid yet). */
  payable: Minor;
}

export function computeEInvoiceTotals(invoice: EInvoice): EInvoiceTotals {
  const line_net = invoice.lines.map((line) => lineAmount(line.quantity, line.unit_price));
  const toAdjustment = (entry: EInvoice['allowances'][number]) => ({
    amount: entry.amount,
    category: entry.vat_category,
    rate: entry.vat_rate,
  });
  const breakdown = computeVatBreakdown(
    invoice.lines.map((line, index) => ({
      net: BigInt(line_net[index]!),
      category: line.vat_category,
      rate: line.vat_rate,
      exemptionReason: line.vat_exemption_reason,
    })),
    0n,
    0n,
    {
      allowances: invoice.allowances.map(toAdjustment),
      charges: invoice.charges.map(toAdjustment),
      // The PDF's words (computeTotals takes the same language), so both print one reason.
      defaultReasons: exemptionReasonsFor(invoice.language),
    },
  );
  const vat = breakdown.groups;
  const sum = (values: Minor[]) => values.reduce((total, value) => total + value, 0);
  const line_total = sum(line_net);
  const allowance_total = sum(invoice.allowances.map((allowance) => allowance.amount));
  const charge_total = sum(invoice.charges.map((charge) => charge.amount));
  const tax_exclusive = line_total - allowance_total + charge_total;
  const tax_total = sum(vat.map((entry) => entry.tax));
  const tax_inclusive = tax_exclusive + tax_total;
  return {
    line_net,
    line_total,
    allowance_total,
    charge_total,
    tax_exclusive,
    vat,
    tax_total,
    tax_inclusive,
    payable: tax_inclusive,
  };
}
