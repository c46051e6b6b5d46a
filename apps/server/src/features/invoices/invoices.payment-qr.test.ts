import { unzipSync } from 'fflate';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { qrCodesOnPdfPage } from '../../../test/qr-codes';
import { adaAndBob } from '../../../test/two-users';
import { storedInvoicePaymentQr } from './invoices.payment-qr';
import { getInvoiceRow } from './invoices.service';

/** The caption the PDF prints beside the code (apps/server/src/pdf/templates/modern.ts). */
const CAPTION = 'Scan to pay with your banking app';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(bytes.slice(), { mergePages: true });
  return text;
}

describe('the SEPA payment QR code on a stored invoice’s PDF', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  let sepaBusiness: string;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    sepaBusiness = await business({
      name: 'Ada Lovelace Consulting',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
    });
  });

  async function business(fields: Record<string, unknown>, account = ada): Promise<string> {
    const response = await as(
      t.app,
      account,
    )({ method: 'POST', url: '/api/businesses', payload: { email: 'studio@example.com', ...fields } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().business.id as string;
  }

  async function pdfOf(id: string, account = ada): Promise<Uint8Array> {
    const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return new Uint8Array(response.rawPayload);
  }

  it('scans to exactly the EPC069-12 fields: the business’s account, the amount due, the invoice number', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'INV-0042' }, { business_id: sepaBusiness });
    const pdf = await pdfOf(id);
    const codes = await qrCodesOnPdfPage(pdf);
    expect(codes.map((code) => code.data.split('\n'))).toEqual([
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Ada Lovelace Consulting',
        'DE89370400440532013000',
        'EUR104.28', // the invoice's total, from the one totals function
        '',
        '',
        'INV-0042',
      ],
    ]);
    const text = await pdfText(pdf);
    expect(text).toContain(CAPTION);
    expect(text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
  });

  it('asks for the balance due once a payment exists, and the PDF and the public page print what was paid', async () => {
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'PART-1' },
      { business_id: sepaBusiness, status: 'sent' },
    );
    const paid = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      payload: { amount: 4.28, date: '2026-11-01', method: 'bank_transfer' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const pdf = await pdfOf(id);
    const [code] = await qrCodesOnPdfPage(pdf);
    expect(code!.data.split('\n')[7]).toBe('EUR100.00');
    const text = await pdfText(pdf);
    expect(text).toContain('Amount paid €4.28');
    expect(text).toContain('Balance due €100.00');
    const qr = await storedInvoicePaymentQr(t.app.db, await getInvoiceRow(t.app.db, ada.id, id));
    expect(qr?.payload).toBe(code!.data);
    const shared = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${id}/share` });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${shared.json().token}` });
    expect(page.json().invoice).toMatchObject({ amount_paid: 4.28, balance_due: 100, totals: { total: 104.28 } });

    // The rest paid: nothing is due, so no code at all, and the PDF says so.
    const rest = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      payload: { amount: 100, date: '2026-11-02', method: 'card' },
    });
    expect(rest.json().invoice.status).toBe('paid');
    const settled = await pdfOf(id);
    expect(await qrCodesOnPdfPage(settled)).toEqual([]);
    expect(await pdfText(settled)).toContain('Balance due €0.00');
    expect(await storedInvoicePaymentQr(t.app.db, await getInvoiceRow(t.app.db, ada.id, id))).toBeNull();
  });

  it('gives the public invoice page the same code: the payload and an SVG that scans to it', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'WEB-1' }, { business_id: sepaBusiness });
    const [printed] = await qrCodesOnPdfPage(await pdfOf(id));
    const qr = await storedInvoicePaymentQr(t.app.db, await getInvoiceRow(t.app.db, ada.id, id));
    expect(qr?.payload).toBe(printed!.data);
    const { data, info } = await sharp(Buffer.from(qr!.svg), { density: 300 })
      .flatten({ background: '#fff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scanned = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(scanned?.data).toBe(printed!.data);
    const usd = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'WEB-2', currency: 'USD' },
      { business_id: sepaBusiness },
    );
    expect(await storedInvoicePaymentQr(t.app.db, await getInvoiceRow(t.app.db, ada.id, usd))).toBeNull();
  });

  it('gives the public page’s JSON the code and the transfer it asks for, the same as the PDF’s', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'JSON-1' }, { business_id: sepaBusiness });
    const [printed] = await qrCodesOnPdfPage(await pdfOf(id));
    const shared = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${id}/share` });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${shared.json().token}` });
    const { payment_qr: qr, balance_due: balance } = page.json().invoice;
    const fields = printed!.data.split('\n');
    expect(qr).toMatchObject({ iban: fields[6], bic: fields[4], name: fields[5], remittance: 'JSON-1' });
    expect(`EUR${qr.amount.toFixed(2)}`).toBe(fields[7]);
    expect(qr.amount).toBe(balance);
    const { data, info } = await sharp(Buffer.from(qr.svg), { density: 300 })
      .flatten({ background: '#fff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scanned = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(scanned?.data).toBe(printed!.data);
  });

  it('prints the same code on the PDF behind the invoice’s public link', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'LINK-1' }, { business_id: sepaBusiness });
    const [printed] = await qrCodesOnPdfPage(await pdfOf(id));
    const shared = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${id}/share` });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const token = shared.json().token as string;
    const response = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const codes = await qrCodesOnPdfPage(new Uint8Array(response.rawPayload));
    expect(codes.map((code) => code.data)).toEqual([printed!.data]);
    expect(printed!.data.split('\n').slice(-2)).toEqual(['', 'LINK-1']);
  });

  it('reads the business as it is now, and names the account holder when there is one', async () => {
    const id = await business({ name: 'Changing Co', iban: 'NL91ABNA0417164300' });
    const invoiceId = await createInvoice(t.app, ada, { invoice_number: 'CH-1' }, { business_id: id });
    const before = await qrCodesOnPdfPage(await pdfOf(invoiceId));
    expect(before[0]!.data).toBe('BCD\n002\n1\nSCT\n\nChanging Co\nNL91ABNA0417164300\nEUR104.28\n\n\nCH-1');
    const updated = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/businesses/${id}`,
      payload: { name: 'Changing Co', email: 'studio@example.com', account_holder: 'Ada Lovelace' },
    });
    expect(updated.statusCode).toBe(200);
    const after = await qrCodesOnPdfPage(await pdfOf(invoiceId));
    expect(after[0]!.data.split('\n')[5]).toBe('Ada Lovelace');
  });

  it('carries no code on an invoice in another currency (read as a phone would: no code at all)', async () => {
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'USD-1', currency: 'USD' },
      { business_id: sepaBusiness },
    );
    const pdf = await pdfOf(id);
    expect(await pdfText(pdf)).not.toContain(CAPTION);
    expect(await qrCodesOnPdfPage(pdf)).toEqual([]);
  });

  it.each([
    ['a business without an IBAN', 'NONE-1', { name: 'No Bank Co' }, {}],
    [
      'a business whose IBAN is outside SEPA',
      'NONE-2',
      { name: 'Istanbul Co', iban: 'TR330006100519786457841326' },
      {},
    ],
    ['no business', 'NONE-3', null, {}],
    ['a paid invoice', 'NONE-4', 'sepa', { status: 'paid' }],
  ] as const)('carries no code for %s', async (_, number, party, top) => {
    const businessId = party === null ? null : party === 'sepa' ? sepaBusiness : await business(party);
    const id = await createInvoice(t.app, ada, { invoice_number: number }, { business_id: businessId, ...top });
    expect(await pdfText(await pdfOf(id))).not.toContain(CAPTION);
  });

  it('carries no code for an amount due of zero', async () => {
    const id = await createInvoice(
      t.app,
      ada,
      {
        invoice_number: 'ZERO-1',
        items: [{ id: 'z', name: 'Goodwill', quantity: 1, unit_cost: 0 }],
        show_tax: false,
        show_discount: false,
        show_shipping: false,
      },
      { business_id: sepaBusiness },
    );
    expect(await pdfText(await pdfOf(id))).not.toContain(CAPTION);
  });

  it('puts the code in every PDF of the bulk download too', async () => {
    const withCode = await createInvoice(t.app, ada, { invoice_number: 'ZIP-1' }, { business_id: sepaBusiness });
    const without = await createInvoice(t.app, ada, { invoice_number: 'ZIP-2' });
    const response = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: [withCode, without] } });
    expect(response.statusCode).toBe(200);
    const files = Object.values(unzipSync(new Uint8Array(response.rawPayload)));
    expect(files).toHaveLength(2);
    expect(await pdfText(files[0]!)).toContain(CAPTION);
    expect(await pdfText(files[1]!)).not.toContain(CAPTION);
  });

  it('never uses another user’s business', async () => {
    await business({ name: 'Bob Bank', iban: 'DE89370400440532013000' }, bob);
    const id = await createInvoice(t.app, bob, { invoice_number: 'BOB-1' });
    expect(await pdfText(await pdfOf(id, bob))).not.toContain(CAPTION);
    const ada404 = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    expect(ada404.statusCode).toBe(404);
  });
});
