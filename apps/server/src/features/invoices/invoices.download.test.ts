import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, invoiceData } from '../../../test/invoice-fixtures';
import { isLargeInvoice } from '../../pdf/large-document';
import { uniqueFileNames, zipStream } from './invoices.download';
import { getInvoicePdfSource, getInvoiceRow } from './invoices.service';
import { toDocument } from './invoices.stored-data';
import { adaAndBob } from '../../../test/two-users';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(bytes.slice(), { mergePages: true });
  return text;
}

// A 1 × 1 PNG, as the editor sends a logo whose upload failed.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('PDF of a stored invoice', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('renders the stored invoice with its totals, named {number}_{date}.pdf', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'INV/2026-07', logo_url: PNG_DATA_URL });
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf?user_id=${ada.id}` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="inv_2026_07_2026-11-21.pdf"');
    const text = await pdfText(new Uint8Array(response.rawPayload));
    expect(text).toContain('INV/2026-07');
    expect(text).toContain('Acme Corp Ltd');
    expect(text).toContain('Design work');
    expect(text).toContain('€104.28');
  });

  it('renders an invoice whose uploaded logo is gone, without the logo', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'NOLOGO', logo_url: `/api/logos/${randomUUID()}` });
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(response.rawPayload))).toContain('NOLOGO');
  });

  it('renders the text the editor’s own body renders', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'SAME' });
    const stored = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: invoiceData({ invoice_number: 'SAME' }),
    });
    expect(stored.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(stored.rawPayload))).toBe(await pdfText(new Uint8Array(sent.rawPayload)));
  });

  it('hands the engine the items as JSON text, weighed like the parsed document', async () => {
    for (const count of [200, 201]) {
      const items = Array.from({ length: count }, (_, i) => ({
        name: `Item ${i}`,
        description: 'd',
        quantity: 2,
        unit_cost: 1.5,
      }));
      const id = await createInvoice(t.app, ada, { invoice_number: `HEAVY-${count}`, items });
      const source = await getInvoicePdfSource(t.app.db, ada.id, id);
      const document = toDocument(await getInvoiceRow(t.app.db, ada.id, id));
      expect(JSON.parse(source.itemsJson)).toEqual(document.items);
      expect(source.document).toEqual({ ...document, items: [] });
      expect(source.large).toBe(isLargeInvoice(document));
      expect(source.large).toBe(count > 200);
    }
  });

  it('answers 404 for another user’s invoice', async () => {
    const bobs = await createInvoice(t.app, bob, { invoice_number: 'BOB' });
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${bobs}/pdf` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('POST /api/invoices/download', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  let ids: string[];
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    ids = [
      await createInvoice(t.app, ada, { invoice_number: 'INV-0001', to: 'First Client Ltd' }),
      await createInvoice(t.app, ada, {
        invoice_number: 'inv 0002',
        to: 'Second Client',
        issued_date: '2026-12-01',
        items: [{ name: 'Consulting', quantity: 2, unit_cost: 150 }],
        show_tax: false,
        show_discount: false,
        show_shipping: false,
      }),
      await createInvoice(t.app, ada, { invoice_number: 'INV.0003', to: 'Third Client', issued_date: null }),
    ];
  });

  it('answers one ZIP with one PDF per invoice, named {number}_{date}.pdf, in the order asked', async () => {
    const response = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices/download', payload: { user_id: ada.id, invoice_ids: ids } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="invoices_\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(['inv_0001_2026-11-21.pdf', 'inv_0002_2026-12-01.pdf', 'inv_0003.pdf']);
    const texts = await Promise.all(Object.values(files).map(pdfText));
    expect(texts[0]).toContain('First Client Ltd');
    expect(texts[0]).toContain('€104.28');
    expect(texts[1]).toContain('Second Client');
    expect(texts[1]).toContain('Consulting');
    expect(texts[1]).toContain('€300.00');
    expect(texts[2]).toContain('Third Client');
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('gives clashing names a suffix and answers each invoice once', async () => {
    const a = await createInvoice(t.app, ada, { invoice_number: 'A-1', issued_date: '2026-01-01' });
    const b = await createInvoice(t.app, ada, { invoice_number: 'a 1', issued_date: '2026-01-01' });
    const response = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: [a, b, a.toUpperCase()] } });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual([
      'a_1_2026-01-01.pdf',
      'a_1_2026-01-01_2.pdf',
    ]);
  });

  it('answers 404 and sends nothing when any id is another user’s or unknown', async () => {
    const bobs = await createInvoice(t.app, bob, { invoice_number: 'BOB' });
    for (const extra of [bobs, randomUUID()]) {
      const response = await as(
        t.app,
        ada,
      )({ method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: [...ids, extra] } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Invoice not found' });
    }
  });

  it('refuses an empty selection, more than 100 ids, and malformed ids', async () => {
    const post = (payload: Record<string, unknown>) =>
      as(t.app, ada)({ method: 'POST', url: '/api/invoices/download', payload });
    expect((await post({ invoice_ids: [] })).json()).toMatchObject({
      success: false,
      error: 'Select at least one invoice to download.',
    });
    expect((await post({})).statusCode).toBe(400);
    const tooMany = await post({ invoice_ids: Array.from({ length: 101 }, () => randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('At most 100 invoices can be downloaded at once.');
    expect((await post({ invoice_ids: ['x'] })).statusCode).toBe(400);
    expect((await post({ invoice_ids: [ids[0], ids[1]], user_id: bob.id })).statusCode).toBe(403);
  });

  it('downloads all the invoices a search and filter match, in the list’s order', async () => {
    const post = (payload: Record<string, unknown>) =>
      as(t.app, ada)({ method: 'POST', url: '/api/invoices/download', payload });
    // "client" finds the three of beforeAll (not A-1 and a 1 of the test above): by number, descending.
    const response = await post({ all_matching: { search: 'client', sort: 'number', order: 'desc' } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const listed = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?search=client&sort=number&order=desc' });
    const names: Record<string, string> = {
      [ids[0]!]: 'inv_0001_2026-11-21.pdf',
      [ids[1]!]: 'inv_0002_2026-12-01.pdf',
      [ids[2]!]: 'inv_0003.pdf',
    };
    const order = (listed.json().invoices as Array<{ id: string }>).map((invoice) => names[invoice.id]);
    expect(order).toHaveLength(3);
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual(order);
    // Only the user's own invoices match: Ada's Acme invoices (A-1, a 1 above) are not among Bob's.
    await createInvoice(t.app, bob, { invoice_number: 'BOB-ALL', issued_date: null });
    const bobs = await as(
      t.app,
      bob,
    )({ method: 'POST', url: '/api/invoices/download', payload: { all_matching: { search: 'acme' } } });
    const bobsFiles = Object.keys(unzipSync(new Uint8Array(bobs.rawPayload)));
    expect(bobsFiles).toContain('bob_all.pdf');
    expect(bobsFiles.every((name) => name.startsWith('bob'))).toBe(true);
  });

  it('refuses "all matching" past 100 invoices or with none, and a body with both ids and a filter', async () => {
    const carol = await signUp(t.app);
    const post = (payload: Record<string, unknown>) =>
      as(t.app, carol)({ method: 'POST', url: '/api/invoices/download', payload });
    await t.pool.query(
      `insert into invoices (user_id, invoice_number, currency, data)
       select $1, 'BULK-' || g, 'EUR', '{}' from generate_series(1, 1234) g`,
      [carol.id],
    );
    const tooMany = await post({ all_matching: { status: 'draft' } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      success: false,
      error: '1,234 invoices match; at most 100 can be downloaded at once. Narrow the search or the status filter.',
    });
    const none = await post({ all_matching: { status: 'paid' } });
    expect([none.statusCode, none.json().error]).toEqual([400, 'No invoices match this search and status filter.']);
    const both = await post({ invoice_ids: [ids[0]], all_matching: {} });
    expect([both.statusCode, both.json().error]).toEqual([400, 'Send either invoice_ids or all_matching, not both.']);
    const badSort = await post({ all_matching: { sort: 'total' } });
    expect(badSort.statusCode).toBe(400);
  });
});

describe('the ZIP stream', () => {
  it('writes entries in order while rendering a bounded number at a time', async () => {
    let running = 0;
    let highest = 0;
    const entries = Array.from({ length: 12 }, (_, index) => ({
      name: `f${index}.pdf`,
      mtime: new Date('2026-11-21T00:00:00Z'),
      render: async () => {
        running++;
        highest = Math.max(highest, running);
        await new Promise((resolve) => setTimeout(resolve, (12 - index) * 2));
        running--;
        return new TextEncoder().encode(`file ${index}`);
      },
    }));
    const chunks: Buffer[] = [];
    for await (const chunk of zipStream(entries, 3)) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toEqual(entries.map((entry) => entry.name));
    expect(new TextDecoder().decode(files['f7.pdf'])).toBe('file 7');
    expect(highest).toBeLessThanOrEqual(3);
  });

  it('ends with the error of a failed render', async () => {
    const entries = [0, 1].map((index) => ({
      name: `f${index}.pdf`,
      mtime: new Date(),
      render: async () => {
        if (index === 1) throw new Error('render failed');
        return new Uint8Array([1]);
      },
    }));
    await expect(async () => {
      for await (const chunk of zipStream(entries, 2)) void chunk;
    }).rejects.toThrow('render failed');
  });

  it('names files uniquely whatever the case', () => {
    expect(
      uniqueFileNames([
        { invoiceNumber: 'X', issuedDate: null },
        { invoiceNumber: 'x', issuedDate: null },
        { invoiceNumber: 'X', issuedDate: null },
        { invoiceNumber: 'x_2', issuedDate: null },
      ]),
    ).toEqual(['x.pdf', 'x_2.pdf', 'x_3.pdf', 'x_2_2.pdf']);
  });
});
