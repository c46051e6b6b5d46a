/**
 * '1 invoice', '3 invoices': how many invoices a client or a business has
 * (docs/product/clients-and-businesses.md#the-businesses-section).
 */
export function invoiceCountText(count: number): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'}`;
}
