/** '1 invoice', '3 invoices': how many invoices a client or a business has (spec part 2 §2). */
export function invoiceCountText(count: number): string {
  return `${count} ${count === 1 ? 'invoice' : 'invoices'}`;
}
