import type { SavedInvoiceBodyInput } from '@invoicer/domain/api/invoices';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestAccount } from './accounts';
import { savedInvoiceBody } from './saved-invoice-body';

/** The editor's nested `data` (docs/product/entities.md#invoice-document), as the client sends it. */
export function invoiceData(overrides: Record<string, unknown> = {}) {
  return {
    from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
    to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
    items: [
      { id: 'a1', name: 'Design work', description: 'Landing page', showDesc: true, quantity: 3, unit_cost: 10.05 },
      { id: 'a2', name: 'Hosting', quantity: 12, unit_cost: 4.99 },
    ],
    invoice_number: '0001',
    issued_date: '2026-11-21',
    due_date: '2026-11-28',
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
    currency: 'EUR',
    currency_symbol: '€',
    currency_label: 'Euro (€)',
    ...overrides,
  };
}

/** The saved payload around `data` (docs/product/entities.md#saved-invoice-body), invoiceData with these overrides. */
export function savedPayload(
  account: Pick<TestAccount, 'id'>,
  data: Record<string, unknown> = {},
  top: Partial<Record<keyof SavedInvoiceBodyInput | 'total_amount', unknown>> = {},
) {
  return savedInvoiceBody(account.id, invoiceData(data), top);
}

/** inject() as the account. */
export function as(app: FastifyInstance, account: Pick<TestAccount, 'cookie'>) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: account.cookie } });
}

/** Creates an invoice through the real route and answers its id. */
export async function createInvoice(
  app: FastifyInstance,
  account: TestAccount,
  data: Record<string, unknown> = {},
  top: Record<string, unknown> = {},
): Promise<string> {
  const response = await as(
    app,
    account,
  )({ method: 'POST', url: '/api/invoices', payload: savedPayload(account, data, top) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** YYYY-MM-DD in UTC, n days from today. */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
