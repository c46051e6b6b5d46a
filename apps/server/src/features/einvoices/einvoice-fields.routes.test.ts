import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { einvoiceData } from '../../../test/einvoice-fixtures';
import { as, createInvoice, savedPayload } from '../../../test/invoice-fixtures';

/** The e-invoice fields of the document contract (docs/decisions/0070-e-invoice-fields-and-outputs.md). */

describe('seller, buyer, line VAT, IBAN and BIC in the contract', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
  });

  it('stores them, answers them in the edit data and totals the invoice in VAT mode', async () => {
    const id = await createInvoice(t.app, ada, einvoiceData());
    const edit = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/edit` })).json();
    const data = edit.editData.data;
    expect(data.seller).toMatchObject({ country: 'DE', vat_id: 'DE123456789', phone: '+49 30 1234567' });
    expect(data.buyer).toMatchObject({ country: 'FR', buyer_reference: '04011000-12345-67' });
    expect(data).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    expect(data.items.map((item: Record<string, unknown>) => [item.vat_category, item.vat_rate])).toEqual([
      ['S', 19],
      ['S', 7],
    ]);
    // Lines 120.00 + 38.97 = 158.97; 5 % off = 7.95 (6.00 on 19 %, 1.95 on 7 %); shipping 12.50 split 9.43 + 3.07;
    // VAT 19 % of 123.43 = 23.45, 7 % of 40.09 = 2.81; total 158.97 − 7.95 + 12.50 + 26.26 = 189.78.
    const detail = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json();
    expect(detail.invoice.totals).toEqual({
      subtotal: 158.97,
      tax: 26.26,
      discount: 7.95,
      shipping: 12.5,
      total: 189.78,
    });
    expect(detail.invoice.total_amount).toBe(189.78);
  });

  it('keeps discount_before_tax on a saved invoice and totals with it', async () => {
    const body = { discount_type: 'percent', discount_percent: 10, discount_before_tax: true };
    const id = await createInvoice(t.app, ada, { ...body, invoice_number: 'DBT-1' });
    const detail = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json();
    // 30.15 + 59.88 = 90.03; 10 % = 9.00; tax 7.5 % of 81.03 = 6.08 (of 90.03 it would be 6.75).
    expect(detail.invoice.totals).toMatchObject({ subtotal: 90.03, discount: 9, tax: 6.08 });
    expect(detail.invoice.data.discount_before_tax).toBe(true);
  });

  it.each([
    [{ buyer: { country: 'XX' } }, 'Buyer country must be a two-letter ISO 3166-1 code'],
    [{ seller: { endpoint_id: '123', endpoint_scheme: '9999' } }, 'Electronic address scheme must be an EAS code'],
    [{ seller: { endpoint_id: '123' } }, 'Choose the scheme (EAS code) of the electronic address.'],
    [{ iban: 'DE00 1234' }, 'IBAN is not valid'],
    [{ bic: 'XX' }, 'BIC is not valid'],
    [{ items: [{ name: 'a', quantity: 1, unit_cost: 1, vat_category: 'X' }] }, 'VAT category must be one of'],
    [{ items: [{ name: 'a', quantity: 1, unit_cost: 1, vat_category: 'S', vat_rate: 0 }] }, 'needs a VAT rate above 0'],
    [{ items: [{ name: 'a', quantity: 1, unit_cost: 1, vat_category: 'E', vat_rate: 7 }] }, 'Only standard-rated'],
    [{ items: [{ name: 'a', quantity: 1, unit_cost: 1, vat_rate: 7 }] }, "Choose the line's VAT category"],
    [{ items: [{ name: 'a', quantity: 1, unit_cost: 1, vat_category: 'S', vat_rate: 100.0001 }] }, 'VAT rate must be'],
    [
      {
        items: [
          { name: 'a', quantity: 1, unit_cost: 1, vat_category: 'S', vat_rate: 19 },
          { name: 'b', quantity: 1, unit_cost: 1 },
        ],
      },
      'Give every line a VAT category, or none.',
    ],
  ])('refuses %j with a 400 and saves nothing', async (overrides, message) => {
    const generated = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: einvoiceData(overrides),
    });
    expect(generated.statusCode).toBe(400);
    expect(generated.json()).toMatchObject({ success: false });
    expect(JSON.stringify(generated.json())).toContain(message);
    const before = (await as(t.app, ada)({ method: 'GET', url: '/api/invoices' })).json().pagination.total;
    const saved = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, einvoiceData({ ...overrides, invoice_number: 'BAD-1' })),
    });
    expect(saved.statusCode).toBe(400);
    expect((await as(t.app, ada)({ method: 'GET', url: '/api/invoices' })).json().pagination.total).toBe(before);
  });
});
