/**
 * The largest invoice the contract accepts, as a request body: 1,000 items (the item limit) with
 * names and descriptions long enough to bring the JSON close to the 1 MB body limit. It renders to
 * several hundred pages. Used by the fault suite's flood (faults/pdf-fairness.test.ts) and by
 * `npm run bench:fairness`.
 */
export function largestInvoiceData(invoiceNumber = 'LARGE-0001') {
  const words = 'analysis design implementation review testing deployment documentation support'.split(' ');
  const items = Array.from({ length: 1_000 }, (_, i) => ({
    id: `l${i}`,
    name: `Line ${i + 1}: ${words[i % words.length]} of work package ${i + 1}`.padEnd(120, ' .'),
    description: Array.from({ length: 9 }, (_, k) => `${words[(i + k) % words.length]} step ${k + 1} of ${i + 1}`)
      .join('; ')
      .padEnd(780, ' .'),
    showDesc: true,
    quantity: (i % 9) + 1,
    unit_cost: (((i * 37) % 10_000) + 100) / 100,
  }));
  return {
    from: 'Flood Test Ltd\n1 Queue Street\nLondon',
    to: 'Patient Client GmbH\n2 Waiting Road\nBerlin',
    items,
    invoice_number: invoiceNumber,
    issued_date: '2026-11-21',
    due_date: '2026-12-21',
    payment_details: 'IBAN GB00 0000 0000 0000',
    terms: 'Due in 30 days.',
    currency: 'EUR',
  };
}

/** A one-page invoice, for the client the flood must not starve. */
export function onePageInvoiceData(invoiceNumber = 'SMALL-0001') {
  return {
    from: 'Small Shop\n3 Quick Lane',
    to: 'Regular Customer\n4 Daily Road',
    items: [
      { name: 'Consulting', quantity: 2, unit_cost: 120 },
      { name: 'Travel', quantity: 1, unit_cost: 35.5 },
    ],
    invoice_number: invoiceNumber,
    issued_date: '2026-11-21',
    currency: 'EUR',
  };
}
