import type { InvoiceData } from '@invoicer/domain/api/invoices';
import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import type { CurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor } from '@invoicer/domain/money';
import { percentDecimalToRate } from '@invoicer/domain/percent';
import { computeTotals, type Totals } from '@invoicer/domain/totals';

/**
 * The detail page's figures through the product's one totals rule (docs/product/money-and-totals.md#the-totals-rule),
 * from the stored data: the same numbers as the PDF, the list and the stored total_amount. Percentages are carried as
 * decimals (8.875); inside they are thousandths of a percent (8875).
 */
export function invoiceTotals(data: InvoiceData): Totals {
  return computeTotals({
    items: data.items.map((item) => ({
      quantity: item.quantity,
      unitCost: amountToMinor(item.unit_cost, data.currency),
    })),
    tax: {
      enabled: data.show_tax,
      type: data.tax_type,
      value: adjustmentValue(data.tax_percent, data.tax_type, data.currency),
    },
    discount: {
      enabled: data.show_discount,
      type: data.discount_type,
      value: adjustmentValue(data.discount_percent, data.discount_type, data.currency),
    },
    shipping: { enabled: data.show_shipping, amount: amountToMinor(data.shipping_amount, data.currency) },
    discountBeforeTax: data.discount_before_tax === true,
  });
}

function adjustmentValue(value: number, type: InvoiceData['tax_type'], currency: CurrencyCode): number {
  return type === 'percent' ? percentDecimalToRate(value) : amountToMinor(value, currency);
}

/** The stored invoice as the body of POST /preview-invoice (the editor's document shape). */
export function toPreviewBody(data: InvoiceData): InvoiceDocumentInput {
  return {
    from: data.from,
    to: data.to,
    invoice_number: data.invoice_number,
    issued_date: data.issued_date,
    due_date: data.due_date,
    currency: data.currency,
    currency_symbol: data.currency_symbol,
    currency_label: data.currency_label,
    logo_url: data.logo_url,
    items: data.items.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      showDesc: item.showDesc,
      quantity: item.quantity,
      unit: item.unit,
      unit_cost: item.unit_cost,
    })),
    show_tax: data.show_tax,
    tax_percent: data.tax_percent,
    tax_type: data.tax_type,
    show_discount: data.show_discount,
    discount_percent: data.discount_percent,
    discount_type: data.discount_type,
    show_shipping: data.show_shipping,
    shipping_amount: data.shipping_amount,
    payment_details: data.payment_details,
    payment_instructions: data.payment_instructions,
    terms: data.terms,
  };
}

/** Non-blank lines of an address block. */
export function addressLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A client as the detail page shows it: the stored one, or the placeholder built from To. */
export interface ClientView {
  id: string | null;
  name: string;
  email: string;
  phone: string;
  address: string;
  tax_number: string;
  company: string;
  website: string;
  notes: string;
}

/**
 * With no stored client the page builds a placeholder from the invoice's To block (first line the
 * name, the rest the address; docs/product/invoices.md#the-invoice-page) with empty company, website, tax_number
 * and notes.
 */
export function placeholderClient(to: string): ClientView {
  const [name = '', ...rest] = addressLines(to);
  return {
    id: null,
    name: name || 'Unknown Customer',
    email: '',
    phone: '',
    address: rest.join('\n'),
    tax_number: '',
    company: '',
    website: '',
    notes: '',
  };
}
