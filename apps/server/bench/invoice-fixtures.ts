/**
 * The invoices the PDF benchmarks print (bench/pdf.bench.ts, bench/http-pdf.bench.ts): one invoice with
 * `itemCount` lines, and the same invoice as HTML for the Chromium baseline.
 */
import { formatLongUsDate } from '@invoicer/domain/dates';
import type { InvoiceDocument } from '@invoicer/domain/invoice-document';
import { formatMoney } from '@invoicer/domain/money';
import { computeTotals } from '@invoicer/domain/totals';

export function invoice(itemCount: number): InvoiceDocument {
  return {
    from: 'Ada Lovelace Studio\n12 Analytical Row\nLondon EC1A 1BB\nada@example.com',
    to: 'Grace Hopper Ltd\n1 Compiler Way\nArlington, VA 22201',
    invoiceNumber: '0042',
    issuedDate: '2026-11-21',
    dueDate: '2026-11-28',
    items: Array.from({ length: itemCount }, (_, index) => ({
      name: `Service line ${String(index + 1).padStart(3, '0')}`,
      description: index % 3 === 0 ? 'Analysis, implementation and review of the requested change set' : '',
      quantity: (index % 5) + 1,
      unitCost: 1000 + index * 25,
    })),
    tax: { enabled: true, type: 'percent', value: 7_500 },
    discount: { enabled: true, type: 'percent', value: 5_000 },
    shipping: { enabled: true, amount: 1250 },
    paymentDetails: 'IBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX',
    paymentInstructions: '',
    terms: 'Please submit payment within 15 days of receipt of this invoice.',
    logo: null,
    currency: 'EUR',
  };
}

const escape = (text: string): string =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
const lines = (text: string): string => text.split('\n').map(escape).join('<br>');

/** The same invoice as HTML for Chromium, with the same totals and layout idea (repeating table header). */
export function invoiceHtml(doc: InvoiceDocument): string {
  const totals = computeTotals(doc);
  const money = (minor: number): string => escape(formatMoney(minor, doc.currency));
  const rows = doc.items
    .map(
      (
        item,
        index,
      ) => `<tr><td>${escape(item.name)}${item.description ? `<div class="d">${escape(item.description)}</div>` : ''}</td>
      <td class="n">${item.quantity}</td><td class="n">${money(item.unitCost)}</td><td class="n">${money(totals.lines[index]!)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    @page { size: A4; margin: 48pt 48pt 64pt; }
    body { font-family: 'DejaVu Sans', sans-serif; font-size: 9.5pt; color: #111827; }
    h1 { text-align: right; color: #1e3a8a; margin: 0; } .meta { text-align: right; color: #6b7280; }
    .parties { display: flex; gap: 32pt; margin: 24pt 0; } .parties > div { flex: 1; }
    table { width: 100%; border-collapse: collapse; } thead { display: table-header-group; }
    th { background: #f3f4f6; text-align: left; padding: 6pt 8pt; } td { padding: 6pt 8pt; border-bottom: .5pt solid #e5e7eb; }
    tr { break-inside: avoid; } .n { text-align: right; } .d { color: #6b7280; font-size: 8pt; }
    .totals { width: 260pt; margin-left: auto; break-inside: avoid; } .totals td { border: 0; }
  </style></head><body>
    <h1>INVOICE</h1><div class="meta">#${escape(doc.invoiceNumber)}<br>Issued ${formatLongUsDate(doc.issuedDate!)}<br>Due ${formatLongUsDate(doc.dueDate!)}</div>
    <div class="parties"><div><b>From</b><br>${lines(doc.from)}</div><div><b>To</b><br>${lines(doc.to)}</div></div>
    <table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Rate</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody></table>
    <table class="totals"><tr><td>Subtotal</td><td class="n">${money(totals.subtotal)}</td></tr>
      <tr><td>Tax (7.5%)</td><td class="n">${money(totals.tax)}</td></tr><tr><td>Discount (5%)</td><td class="n">${money(-totals.discount)}</td></tr>
      <tr><td>Shipping</td><td class="n">${money(totals.shipping)}</td></tr><tr><td><b>Total</b></td><td class="n"><b>${money(totals.total)}</b></td></tr></table>
    <p><b>Payment Details</b><br>${lines(doc.paymentDetails)}</p><p><b>Terms</b><br>${lines(doc.terms)}</p>
  </body></html>`;
}

/** The same invoice as the JSON body of POST /generate-invoice (the HTTP contract: decimal amounts, percents). */
export function invoiceBody(doc: InvoiceDocument): Record<string, unknown> {
  const percent = (rate: number) => rate / 1000;
  const major = (minor: number) => minor / 100;
  return {
    from: doc.from,
    to: doc.to,
    invoice_number: doc.invoiceNumber,
    issued_date: doc.issuedDate,
    due_date: doc.dueDate,
    items: doc.items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      unit_cost: major(item.unitCost),
    })),
    tax_type: doc.tax.type,
    tax_percent: doc.tax.type === 'percent' ? percent(doc.tax.value) : major(doc.tax.value),
    show_tax: doc.tax.enabled,
    discount_type: doc.discount.type,
    discount_percent: doc.discount.type === 'percent' ? percent(doc.discount.value) : major(doc.discount.value),
    show_discount: doc.discount.enabled,
    shipping_amount: major(doc.shipping.amount),
    show_shipping: doc.shipping.enabled,
    payment_details: doc.paymentDetails,
    payment_instructions: doc.paymentInstructions,
    terms: doc.terms,
    logo_url: null,
    currency: doc.currency,
  };
}
