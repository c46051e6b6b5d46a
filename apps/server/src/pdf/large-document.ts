import type { InvoiceDocument } from '@invoicer/domain/invoice-document';

/**
 * A document with more items or text than this is "large": at most threads - 1 of them render at
 * once, so a thread always stays free for small ones. About 10 pages and up (a 200-item invoice
 * is 9 pages and renders in ~22 ms; 1,000 items with long descriptions, 255+ pages, ~1.4 s).
 */
export const LARGE_DOCUMENT = { items: 200, textCharacters: 50_000 } as const;

/** The text of the invoice outside its items, in characters. */
export function partiesTextLength(invoice: Omit<InvoiceDocument, 'items'>): number {
  return (
    invoice.from.length +
    invoice.to.length +
    invoice.terms.length +
    invoice.paymentDetails.length +
    invoice.paymentInstructions.length
  );
}

/** Large by its counts: items, and characters of text in all. */
export function isLargeWeight(items: number, textCharacters: number): boolean {
  return items > LARGE_DOCUMENT.items || textCharacters > LARGE_DOCUMENT.textCharacters;
}

/** Whether the invoice is large enough to run with the lower concurrency of large documents. */
export function isLargeInvoice(invoice: InvoiceDocument): boolean {
  if (invoice.items.length > LARGE_DOCUMENT.items) return true;
  let characters = partiesTextLength(invoice);
  for (const item of invoice.items) characters += item.name.length + item.description.length;
  return isLargeWeight(invoice.items.length, characters);
}
