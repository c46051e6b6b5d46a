import type { InvoiceDocument } from '@invoicer/domain/invoice-document';

/**
 * A document with more items or text than this is "large": at most threads - 1 of them render at
 * once, so a thread always stays free for small ones. About 10 pages and up (a 200-item invoice
 * is 9 pages and renders in ~22 ms; 1,000 items with long descriptions, 255+ pages, ~1.4 s).
 */
export const LARGE_DOCUMENT = { items: 200, textCharacters: 50_000 } as const;

/** Whether the invoice is large enough to run with the lower concurrency of large documents. */
export function isLargeInvoice(invoice: InvoiceDocument): boolean {
  if (invoice.items.length > LARGE_DOCUMENT.items) return true;
  let characters = invoice.from.length + invoice.to.length + invoice.terms.length;
  characters += invoice.paymentDetails.length + invoice.paymentInstructions.length;
  for (const item of invoice.items) characters += item.name.length + item.description.length;
  return characters > LARGE_DOCUMENT.textCharacters;
}
