import { expect, type APIRequestContext } from '@playwright/test';

/** YYYY-MM-DD in UTC, n days from today (the server's "today" for overdue is UTC too). */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The editor's nested `data` (docs/product/entities.md#invoice-document), as the client sends it. Totals: 90.03
 * subtotal, 104.28 total.
 */
export function invoiceData(overrides: Record<string, unknown> = {}) {
  return {
    from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
    to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
    items: [
      { id: 'a1', name: 'Design work', description: 'Landing page', showDesc: true, quantity: 3, unit_cost: 10.05 },
      { id: 'a2', name: 'Hosting', description: '', showDesc: false, quantity: 12, unit_cost: 4.99 },
    ],
    invoice_number: '0001',
    issued_date: '2026-11-21',
    due_date: utcDate(30),
    payment_details: 'IBAN GB00 0000',
    terms: 'Please submit payment within 15 days of receipt of this invoice.',
    tax_percent: 7.5,
    tax_type: 'percent',
    show_tax: true,
    discount_percent: 5,
    discount_type: 'fixed',
    show_discount: true,
    shipping_amount: 12.5,
    show_shipping: true,
    logo_url: null,
    currency: 'GBP',
    currency_symbol: '£',
    currency_label: 'British Pound (£)',
    ...overrides,
  };
}

export interface SeedOptions {
  data?: Record<string, unknown>;
  status?: 'draft' | 'sent' | 'paid' | 'overdue';
  client_id?: string | null;
  business_id?: string | null;
  /** Another app server than the page's (E2E_PLAIN_URL); default the main one. */
  origin?: string;
}

/** Saves an invoice through the real POST /api/invoices as the context's signed-in user; answers its id. */
export async function seedInvoice(request: APIRequestContext, options: SeedOptions = {}): Promise<string> {
  const data = invoiceData(options.data);
  const response = await request.post(`${options.origin ?? ''}/api/invoices`, {
    data: {
      client_id: options.client_id ?? null,
      business_id: options.business_id ?? null,
      data,
      issued_date: data.issued_date,
      due_date: data.due_date,
      status: options.status ?? 'draft',
      currency: data.currency,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
