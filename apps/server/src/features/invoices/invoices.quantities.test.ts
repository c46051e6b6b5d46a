import { editDataResponseSchema, invoiceResponseSchema } from '@invoicer/domain/api/invoices';
import { publicInvoiceResponseSchema } from '@invoicer/domain/api/public-links';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, invoiceData, savedPayload } from '../../../test/invoice-fixtures';
import { adaAndBob } from '../../../test/two-users';

/**
 * Decimal quantities and units (docs/decisions/0060-decimal-quantities-and-units.md) through the real routes and
 * PostgreSQL: saved, read back as edit data, printed in the PDF and on the public page, refused past 3 decimals.
 */

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(bytes.slice(), { mergePages: true });
  return text;
}

const ITEMS = [
  { id: 'q1', name: 'Consulting', quantity: 1.5, unit: ' hours ', unit_cost: 80 },
  { id: 'q2', name: 'Coffee beans', quantity: 2.125, unit: 'kg', unit_cost: 3.99 },
  { id: 'q3', name: 'Licence', quantity: 3, unit_cost: 10 },
];

describe('decimal quantities and units', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    ({ t, ada } = await adaAndBob());
  });

  it('round-trips 1.5 hours and 2.125 kg through save, edit data, the PDF and the public page', async () => {
    const data = { invoice_number: 'QTY-1', items: ITEMS, show_tax: false, show_discount: false, show_shipping: false };
    const id = await createInvoice(t.app, ada, data);

    const detail = invoiceResponseSchema.parse(
      (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json(),
    ).invoice;
    // 1.5 × 80 = 120.00; 2.125 × 3.99 = 8.47875 → 8.48 (rounded once, per line); 3 × 10 = 30.00
    expect(detail.totals).toMatchObject({ subtotal: 158.48, total: 158.48 });
    expect(detail.total_amount).toBe(158.48);

    const edit = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/edit` });
    expect(edit.statusCode, edit.body).toBe(200);
    const { editData } = editDataResponseSchema.parse(edit.json());
    expect(editData.items.map(({ name, quantity, unit, unit_cost }) => ({ name, quantity, unit, unit_cost }))).toEqual([
      { name: 'Consulting', quantity: 1.5, unit: 'hours', unit_cost: 80 },
      { name: 'Coffee beans', quantity: 2.125, unit: 'kg', unit_cost: 3.99 },
      { name: 'Licence', quantity: 3, unit: '', unit_cost: 10 },
    ]);

    // Saving the edit data back changes nothing: the same quantities, units and totals.
    const put = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      payload: { user_id: ada.id, data: editData.data },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().invoice.totals).toEqual(detail.totals);

    const pdf = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    for (const printed of ['1.5 hours', '2.125 kg', '€120.00', '€8.48', '€158.48']) expect(text).toContain(printed);

    const share = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${id}/share` });
    expect([200, 201]).toContain(share.statusCode);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${share.json().token}` });
    const items = publicInvoiceResponseSchema.parse(page.json()).invoice.items;
    expect(items.map(({ quantity, unit, amount }) => ({ quantity, unit, amount }))).toEqual([
      { quantity: 1.5, unit: 'hours', amount: 120 },
      { quantity: 2.125, unit: 'kg', amount: 8.48 },
      { quantity: 3, unit: '', amount: 30 },
    ]);
  });

  it('prints the same decimal quantity and unit from /generate-invoice as from the stored invoice', async () => {
    const body = invoiceData({ invoice_number: 'QTY-2', items: ITEMS });
    const sent = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: body });
    expect(sent.statusCode).toBe(200);
    const id = await createInvoice(t.app, ada, { invoice_number: 'QTY-2', items: ITEMS });
    const stored = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    const text = await pdfText(new Uint8Array(sent.rawPayload));
    expect(text).toContain('1.5 hours');
    expect(await pdfText(new Uint8Array(stored.rawPayload))).toBe(text);
  });

  it('refuses a fourth decimal with a 400 naming it, everywhere a quantity goes, storing nothing', async () => {
    const items = [{ name: 'Consulting', quantity: 1.2345, unit_cost: 80 }];
    const message = 'Quantity must be a number, 0 or more, with at most 3 decimals.';
    const before = await t.pool.query('select count(*)::int as n from invoice_items where user_id = $1', [ada.id]);
    const save = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'QTY-3', items }),
    });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({ success: false, error: message });
    for (const url of ['/generate-invoice', '/preview-invoice']) {
      const response = await t.app.inject({ method: 'POST', url, payload: invoiceData({ items }) });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: message });
    }
    const after = await t.pool.query('select count(*)::int as n from invoice_items where user_id = $1', [ada.id]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
