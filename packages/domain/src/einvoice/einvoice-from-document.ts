import { recipientName } from '../api/invoices';
import type { DocumentBuyer, DocumentSeller } from '../api/einvoice-fields';
import type { InvoiceDocument } from '../invoice-document';
import { computeTotals, isVatMode, type VatAdjustment } from '../totals';
import type { EInvoiceProblem } from './einvoice-formats';
import type { EInvoice, EInvoiceAllowanceCharge, VatCategory } from './einvoice-model';

/**
 * The one mapping from the product's invoice document to the EN 16931 model the writers take
 * (docs/decisions/0070-e-invoice-fields-and-outputs.md). Its figures are the one totals function's in VAT mode
 * (docs/decisions/0069-vat-categories-and-discounts-before-tax.md), so the XML states what the PDF prints. What
 * the rules would miss in plain words is found by the rules themselves (einvoice-rule-messages.ts); here only what
 * the mapping cannot do at all: no VAT for the lines, or figures that would differ from the PDF's.
 */

export type EInvoiceMapping = { ok: true; invoice: EInvoice } | { ok: false; problems: EInvoiceProblem[] };

export const MAPPING_MESSAGES = {
  noVat: 'Choose a VAT category for each line (for example E with an exemption reason when you charge no VAT).',
  fixedTax: 'Give the tax as a percent, or a VAT category and rate on each line: an e-invoice states VAT per rate.',
  figures:
    'Give each line a VAT category and rate, or apply the discount before tax without shipping: an e-invoice taxes the discounted amount and the shipping, so its figures would differ from the PDF’s.',
  negative: 'The discount is larger than the items and shipping: an e-invoice cannot have a negative total.',
} as const;

/** The fields the mapping's own checks name (beside the rules'): the editor shows each on its input. */
export const MAPPING_PROBLEM_FIELDS = {
  noVat: 'items.0.vat_category',
  fixedTax: 'tax_type',
  figures: 'discount_before_tax',
  negative: 'discount_percent',
} as const;

/** The document's lines in VAT mode: its own categories, else its percent tax as standard rate on every line. */
function vatModeInput(document: InvoiceDocument): InvoiceDocument | EInvoiceProblem {
  if (isVatMode(document.items)) return document;
  const { tax } = document;
  if (!tax.enabled || tax.value === 0)
    return { field: MAPPING_PROBLEM_FIELDS.noVat, message: MAPPING_MESSAGES.noVat, rule: 'BR-CO-18' };
  if (tax.type !== 'percent')
    return { field: MAPPING_PROBLEM_FIELDS.fixedTax, message: MAPPING_MESSAGES.fixedTax, rule: 'BR-CO-18' };
  return {
    ...document,
    items: document.items.map((item) => ({ ...item, vatCategory: 'S' as VatCategory, vatRate: tax.value })),
  };
}

const text = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

export function toEInvoice(document: InvoiceDocument): EInvoiceMapping {
  const input = vatModeInput(document);
  if ('rule' in input) return { ok: false, problems: [input] };
  const totals = computeTotals(input);
  // The simple mode's figures must survive the move to VAT mode, or the XML and the PDF would disagree (ADR 69).
  const printed = computeTotals(document);
  if (printed.total !== totals.total || printed.tax !== totals.tax) {
    const field =
      document.discount.enabled && !document.discountBeforeTax
        ? MAPPING_PROBLEM_FIELDS.figures
        : MAPPING_PROBLEM_FIELDS.noVat;
    return { ok: false, problems: [{ field, message: MAPPING_MESSAGES.figures, rule: 'ADR-69' }] };
  }
  if (totals.subtotal - totals.discount + totals.shipping < 0) {
    return {
      ok: false,
      problems: [{ field: MAPPING_PROBLEM_FIELDS.negative, message: MAPPING_MESSAGES.negative, rule: 'BR-CO-13' }],
    };
  }
  const vat = totals.vat!;
  const adjustment =
    (reason: string) =>
    (entry: VatAdjustment): EInvoiceAllowanceCharge => ({
      amount: entry.amount,
      reason,
      vat_category: entry.category,
      vat_rate: entry.rate,
    });
  const seller: DocumentSeller = document.seller ?? {};
  const buyer: DocumentBuyer = document.buyer ?? {};
  const categories = new Set(input.items.map((item) => item.vatCategory));
  const invoice: EInvoice = {
    number: document.invoiceNumber,
    issue_date: document.issuedDate ?? '',
    ...(document.dueDate ? { due_date: document.dueDate } : {}),
    // Intra-community supply needs the date of supply (BR-IC-11): the product's invoices are issued on delivery.
    ...(categories.has('K') && document.issuedDate ? { delivery_date: document.issuedDate } : {}),
    currency: document.currency,
    seller: {
      ...seller,
      name: text(seller.name) ?? recipientName(document.from),
      country: seller.country ?? '',
    },
    buyer: {
      ...buyer,
      name: text(buyer.name) ?? recipientName(document.to),
      country: buyer.country ?? '',
    },
    lines: input.items.map((item) => ({
      name: item.name,
      ...(item.description ? { description: item.description } : {}),
      quantity: item.quantity,
      unit_price: item.unitCost,
      vat_category: item.vatCategory ?? 'S',
      vat_rate: item.vatRate ?? 0,
      ...(item.vatExemptionReason ? { vat_exemption_reason: item.vatExemptionReason } : {}),
    })),
    allowances: vat.allowances.map(adjustment('Discount')),
    charges: vat.charges.map(adjustment('Shipping')),
    ...(document.iban ? { iban: document.iban } : {}),
    ...(document.bic ? { bic: document.bic } : {}),
    ...(text(document.terms) ? { payment_terms: text(document.terms) } : {}),
    ...(document.language ? { language: document.language } : {}),
  };
  return { ok: true, invoice };
}
