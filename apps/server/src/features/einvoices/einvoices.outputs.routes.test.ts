import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { computeTotals } from '@invoicer/domain/totals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { einvoiceData } from '../../../test/einvoice-fixtures';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { closeEInvoiceValidation, validateEInvoice } from './einvoice-validation';
import { ruleSetsOf } from './einvoices.service';

/** The e-invoice outputs (docs/decisions/0070-e-invoice-fields-and-outputs.md), through the real routes and rules. */

afterAll(async () => {
  await closeEInvoiceValidation();
});

const FORMATS = ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii'] as const;

/** The first text of an element by local name (enough for the totals this test reads). */
function elementText(xml: string, name: string): string | undefined {
  return new RegExp(`<(?:[a-z]+:)?${name}(?: [^>]*)?>([^<]*)<`).exec(xml)?.[1];
}

describe('POST /generate-invoice?format=…', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it.each(FORMATS)('answers %s XML that passes the rules, with the totals the PDF prints', async (format) => {
    const body = einvoiceData();
    const response = await t.app.inject({ method: 'POST', url: `/generate-invoice?format=${format}`, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="RE-2026-001.xml"');
    const result = await validateEInvoice(response.body, ruleSetsOf(format));
    expect(result.failures).toEqual([]);
    // The PDF's figures come from the same function: computeTotals of the same parsed document.
    const totals = computeTotals(invoiceDocumentInputSchema.parse(body));
    expect(totals).toMatchObject({ subtotal: 15_897, discount: 795, shipping: 1_250, tax: 2_626, total: 18_978 });
    const ubl = format.endsWith('ubl');
    expect(elementText(response.body, ubl ? 'TaxInclusiveAmount' : 'GrandTotalAmount')).toBe('189.78');
    expect(elementText(response.body, ubl ? 'PayableAmount' : 'DuePayableAmount')).toBe('189.78');
    // The first line: 1.5 h × 80.00, rounded once.
    expect(response.body).toMatch(
      ubl ? /<cbc:LineExtensionAmount currencyID="EUR">120.00</ : />120.00<\/ram:LineTotalAmount>/,
    );
    expect(response.body).toContain(
      ubl ? '<cbc:AllowanceTotalAmount currencyID="EUR">7.95' : '7.95</ram:AllowanceTotalAmount>',
    );
    if (format.startsWith('xrechnung')) expect(response.body).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  });

  it("answers 422 with the field and plain words when the client's country is missing", async () => {
    const body = einvoiceData({ buyer: { name: 'Acme SARL', vat_id: 'FR12345678901', buyer_reference: 'x' } });
    for (const format of ['ubl', 'xrechnung-cii']) {
      const response = await t.app.inject({ method: 'POST', url: `/generate-invoice?format=${format}`, payload: body });
      expect(response.statusCode, response.body).toBe(422);
      const answer = response.json();
      expect(answer).toMatchObject({ success: false, error: expect.any(String) });
      expect(answer.errors).toContainEqual({
        field: 'buyer.country',
        message: "Add the client's country.",
        rule: 'BR-11',
      });
    }
  });

  it('names a missing VAT number and the XRechnung fields on their fields', async () => {
    const seller = { name: 'Ada', street: 'Weg 1', country: 'DE' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice?format=xrechnung-ubl',
      payload: einvoiceData({ seller, iban: null }),
    });
    expect(response.statusCode, response.body).toBe(422);
    const fields = response.json().errors.map((error: { field: string }) => error.field);
    // Every failed rule has a field here, none is left to its rule id alone.
    expect(fields).not.toContain(null);
    expect(fields).toEqual(
      expect.arrayContaining(['seller.vat_id', 'seller.city', 'seller.postcode', 'seller.contact_name', 'iban']),
    );
    expect(response.json().errors).toContainEqual({
      field: 'seller.vat_id',
      message: 'Add your VAT number or an exemption reason.',
      rule: 'BR-S-02',
    });
  });

  it('refuses a simple-mode invoice whose e-invoice would show other figures than its PDF', async () => {
    const body = { ...einvoiceData(), items: [{ name: 'Work', quantity: 2, unit_cost: 100 }], tax_percent: 19 };
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice?format=cii', payload: body });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ field: 'discount_before_tax', rule: 'ADR-69' });
    // With the discount before tax and no shipping the figures agree, and the simple mode makes a valid e-invoice.
    const agreeing = { ...body, discount_before_tax: true, show_shipping: false };
    const valid = await t.app.inject({ method: 'POST', url: '/generate-invoice?format=cii', payload: agreeing });
    expect(valid.statusCode, valid.body).toBe(200);
    const totals = computeTotals(invoiceDocumentInputSchema.parse(agreeing));
    expect(elementText(valid.body, 'GrandTotalAmount')).toBe((totals.total / 100).toFixed(2));
  });

  it.each(['factur-x', 'UBL', 'pdf', ''])('refuses format=%s with a 400', async (format) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/generate-invoice?format=${format}`,
      payload: einvoiceData(),
    });
    if (format === '') {
      // An empty format is no format: the PDF.
      expect([200, 400]).toContain(response.statusCode);
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('GET /api/invoices/{id}/einvoice?format=…', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    bob = await signUp(t.app);
  });

  it('answers a saved invoice as XML that passes the rules, with its stored total', async () => {
    const id = await createInvoice(t.app, ada, einvoiceData());
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=xrechnung-cii` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('RE-2026-001.xml');
    expect((await validateEInvoice(response.body, ruleSetsOf('xrechnung-cii'))).failures).toEqual([]);
    const detail = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json();
    expect(elementText(response.body, 'DuePayableAmount')).toBe(detail.invoice.total_amount.toFixed(2));
  });

  it("answers 404 for another user's invoice and 401 without a session", async () => {
    const id = await createInvoice(t.app, ada, einvoiceData({ invoice_number: 'RE-2026-002' }));
    const other = await as(t.app, bob)({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=ubl` });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ success: false });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=ubl` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a missing or unknown format with a 400', async () => {
    const id = await createInvoice(t.app, ada, einvoiceData({ invoice_number: 'RE-2026-003' }));
    for (const query of ['', '?format=zugferd']) {
      const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/einvoice${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('Format must be one of');
    }
  });
});
