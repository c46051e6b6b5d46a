/**
 * '1 invoice', '3 invoices': how many invoices a client or a business has
 * (docs/product/clients-and-businesses.md#the-businesses-section).
 */
export function invoiceCountText(count: number): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'}`;
}

/**
 * What deleting a client or a business does to the invoices linked to it, for its confirmation:
 * they keep their own copy of its details and are not changed (docs/product/clients-and-businesses.md,
 * "What deleting does to invoices"). Nothing to say when no invoice is linked. `count` is the
 * server's invoice_count.
 */
export function keptCopiesText(count: number, whose: "this client's" | "these clients'" | "this business's"): string {
  if (count <= 0) return '';
  return count === 1
    ? `1 invoice keeps a copy of ${whose} details; it is not changed.`
    : `${count.toLocaleString('en-US')} invoices keep a copy of ${whose} details; they are not changed.`;
}
