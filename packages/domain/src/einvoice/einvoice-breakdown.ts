import type { Minor } from '../money';
import { RATE_DIVISOR, type PercentRate } from '../percent';
import { EXEMPT_CATEGORIES, type EInvoice, type VatCategory } from './einvoice-model';

/**
 * The figures an e-invoice states: line net amounts, the VAT breakdown per category and rate, and the
 * document totals (EN 16931 BG-22, BG-23), exact in minor units.
 *
 * TEMPORARY HOME (issue 17, first increment): the product has one totals function
 * (packages/domain/src/totals.ts). VAT categories move into it in the next increment, and this module
 * then becomes a call to it; until then nothing outside the e-invoice writers may use it.
 */

export interface VatGroup {
  category: VatCategory;
  rate: PercentRate;
  /** BT-116: lines + charges − allowances of this category and rate. */
  taxable: Minor;
  /** BT-117: taxable × rate, rounded half away from zero to the minor unit. */
  tax: Minor;
  /** BT-120, for the categories that need one. */
  exemption_reason?: string;
}

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

/** What an exempt category's breakdown says when no line gave a reason. */
export const DEFAULT_EXEMPTION_REASONS: Record<VatCategory, string> = {
  S: '',
  Z: '',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
};

/** taxable × rate / 100 %, half away from zero, in integers. */
function vatOf(taxable: Minor, rate: PercentRate): Minor {
  const product = BigInt(Math.abs(taxable)) * BigInt(rate);
  const rounded = (2n * product + RATE_DIVISOR) / (2n * RATE_DIVISOR);
  return Math.sign(taxable) * Number(rounded);
}

export function computeEInvoiceTotals(invoice: EInvoice): EInvoiceTotals {
  const line_net = invoice.lines.map((line) => line.quantity * line.unit_price);
  const groups = new Map<string, VatGroup>();
  const group = (category: VatCategory, rate: PercentRate) => {
    const key = `${category}:${rate}`;
    let found = groups.get(key);
    if (!found) {
      found = { category, rate, taxable: 0, tax: 0 };
      groups.set(key, found);
    }
    return found;
  };
  invoice.lines.forEach((line, index) => {
    const target = group(line.vat_category, line.vat_rate);
    target.taxable += line_net[index]!;
    if (!target.exemption_reason && line.vat_exemption_reason) target.exemption_reason = line.vat_exemption_reason;
  });
  for (const charge of invoice.charges) group(charge.vat_category, charge.vat_rate).taxable += charge.amount;
  for (const allowance of invoice.allowances)
    group(allowance.vat_category, allowance.vat_rate).taxable -= allowance.amount;

  const vat = [...groups.values()].map((entry) => ({
    ...entry,
    tax: entry.category === 'S' ? vatOf(entry.taxable, entry.rate) : 0,
    exemption_reason: EXEMPT_CATEGORIES.includes(entry.category)
      ? entry.exemption_reason || DEFAULT_EXEMPTION_REASONS[entry.category]
      : undefined,
  }));
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
