import type { ReadEInvoiceResponse } from '@invoicer/domain/api/einvoices';
import { labelsFor } from '@invoicer/domain/document-labels';
import { invoiceDocumentInputSchema } from '@invoicer/domain/invoice-document';
import { formatMoneyForReader } from '@invoicer/domain/money';
import { formatPercentForReader } from '@invoicer/domain/percent';
import { computeTotals } from '@invoicer/domain/totals';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { einvoiceData } from '../../../test/einvoice-fixtures';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { multipartForm } from '../../../test/upload-fixtures';
import { pdfaStructure, qpdfCheck } from '../../../test/pdfa-structure';
import { FACTURX_NAMESPACE } from '../../pdf/factur-x';
import { pageTexts } from '../../pdf/pdf-test-fixtures';
import { renderInvoicePdf } from '../../pdf/render-invoice-pdf';
import { closeEInvoiceValidation, validateEInvoice } from './einvoice-validation';

/**
 * Factur-X / ZUGFeRD, EN 16931 profile (docs/decisions/0071-factur-x-with-pdfkit.md), through the real routes, the
 * PDF threads, the official rules and PostgreSQL: qpdf --check, our PDF/A-3 structure check, the XMP, the attachment
 * read back by our own reader, and the PDF's figures against the XML's.
 */

afterAll(async () => {
  await closeEInvoiceValidation();
});

let t: TestApp;
beforeAll(async () => {
  t = await sharedTestApp();
});

const read = (bytes: Buffer, cookie?: string) => {
  const form = multipartForm({ bytes, name: 'invoice.pdf', type: 'application/pdf' });
  return t.app.inject({
    method: 'POST',
    url: '/api/einvoices/read',
    payload: form.payload,
    headers: cookie ? { ...form.headers, cookie } : form.headers,
  });
};

function field(xml: string, name: string): string | undefined {
  return new RegExp(`<ram:${name}(?: [^>]*)?>([^<]*)<`).exec(xml)?.[1];
}

/** "1234.56" (EUR) as minor units, from the text. */
function minor(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const spaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** Everything a Factur-X PDF must be, whichever route made it; answers the attached XML. */
async function expectFacturX(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const check = await qpdfCheck(pdf);
  expect(check.output).toMatch(/No syntax or stream encoding errors found/);
  expect(check.code, check.output).toBe(0);
  const structure = await pdfaStructure(pdf);
  expect(structure.problems).toEqual([]);
  expect(structure.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
  expect(structure.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
  expect(structure.xmp).toContain(`<pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>`);
  expect(structure.xmp).toContain(`xmlns:fx="${FACTURX_NAMESPACE}"`);
  for (const [name, value] of [
    ['DocumentType', 'INVOICE'],
    ['DocumentFileName', 'factur-x.xml'],
    ['Version', '1.0'],
    ['ConformanceLevel', 'EN 16931'],
  ]) {
    expect(structure.xmp).toContain(`<fx:${name}>${value}</fx:${name}>`);
  }
  expect(structure.attachments).toHaveLength(1);
  const [attachment] = structure.attachments;
  expect(attachment).toMatchObject({ name: 'factur-x.xml', relationship: 'Alternative', subtype: 'text/xml' });
  expect(structure.embeddedFileNames).toEqual(['factur-x.xml']);
  const xml = attachment!.data.toString('utf8');
  // The EN 16931 CII rules: no fatal failed assert.
  expect((await validateEInvoice(xml, ['en16931-cii'])).failures).toEqual([]);
  expect(field(xml, 'ID')).toBeDefined();
  expect(xml).toContain('urn:cen.eu:en16931:2017');
  return xml;
}

describe('POST /generate-invoice?format=facturx', () => {
  it('answers a PDF/A-3b with the CII attached, whose figures are the PDF text’s', async () => {
    const body = einvoiceData();
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice?format=facturx', payload: body });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="RE-2026-001.pdf"');
    const pdf = response.rawPayload;
    const xml = await expectFacturX(pdf);

    // The PDF's text and the XML: the same totals and the same VAT groups.
    const text = spaced((await pageTexts(new Uint8Array(pdf))).join('\n'));
    const labels = labelsFor('en');
    const money = (value: number) => formatMoneyForReader(value, 'EUR', 'en');
    expect(text).toContain(`${labels.total} ${money(minor(field(xml, 'GrandTotalAmount')!))}`);
    expect(text).toContain(`${labels.netTotal} ${money(minor(field(xml, 'TaxBasisTotalAmount')!))}`);
    const totals = computeTotals(invoiceDocumentInputSchema.parse(body));
    expect(minor(field(xml, 'TaxTotalAmount')!)).toBe(totals.tax);
    for (const group of totals.vat!.groups) {
      expect(xml).toContain(`<ram:BasisAmount>${(group.taxable / 100).toFixed(2)}</ram:BasisAmount>`);
      const row = `${labels.vatGroup(formatPercentForReader(group.rate, 'en'), money(group.taxable))} ${money(group.tax)}`;
      expect(text).toContain(row);
    }

    // Our reader finds the attachment and reads the same totals, for a guest and a signed-in user.
    const guest = await read(pdf);
    expect(guest.statusCode, guest.body).toBe(200);
    const answer = guest.json<ReadEInvoiceResponse>();
    expect(answer.source).toEqual({ kind: 'pdf', attachment: 'factur-x.xml' });
    expect(answer.validation).toEqual({ valid: true, failures: [] });
    expect(answer.invoice.totals).toMatchObject({
      grand_total: (totals.total / 100).toFixed(2),
      payable: (totals.total / 100).toFixed(2),
      tax: (totals.tax / 100).toFixed(2),
    });
    expect(answer.invoice.vat_breakdown).toHaveLength(totals.vat!.groups.length);
    const user = await signUp(t.app);
    const signedIn = await read(pdf, user.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<ReadEInvoiceResponse>().invoice.totals.payable).toBe((totals.total / 100).toFixed(2));
  });

  it('answers 422 with the fields for a body that cannot be valid, and no PDF', async () => {
    const body = einvoiceData({ buyer: { name: 'Acme SARL', vat_id: 'FR12345678901' } });
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice?format=facturx', payload: body });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.headers['content-type']).toContain('application/json');
    const answer = response.json();
    expect(answer).toMatchObject({ success: false, error: expect.any(String) });
    expect(answer.errors).toContainEqual({
      field: 'buyer.country',
      message: "Add the client's country.",
      rule: 'BR-11',
    });
  });

  it('keeps a logo with transparency and a long exempt invoice valid PDF/A', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><circle cx="50" cy="50" r="40" fill="#0f766e" fill-opacity="0.5"/></svg>',
    );
    const logo = new Uint8Array(await sharp(svg).png().toBuffer());
    const items = Array.from({ length: 80 }, (_, index) => ({
      id: `i${index}`,
      name: `Line ${index + 1} & <more>`,
      quantity: 1,
      unit_cost: 10 + index,
      vat_category: index % 2 ? 'S' : 'E',
      vat_rate: index % 2 ? 19 : 0,
      vat_exemption_reason: index % 2 ? undefined : 'Steuerfrei nach Paragraf 4 Nr. 14 UStG',
    }));
    // A document rendered directly on the real engine, with the XML the route would attach.
    const document = invoiceDocumentInputSchema.parse(einvoiceData({ items, from: 'Smith & <Sons>' }));
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice?format=cii',
      payload: einvoiceData({ items, from: 'Smith & <Sons>' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await renderInvoicePdf(document, { logo: { bytes: logo }, facturx: { xml: response.body } });
    const xml = await expectFacturX(Buffer.from(pdf));
    expect(xml).toBe(response.body);
    expect((await pdfaStructure(pdf)).xmp).toContain('Smith &amp; &lt;Sons&gt;');
  });

  it('is what the structure check refuses in a plain PDF (so a clean result means something)', async () => {
    const payload = einvoiceData({ from: 'Smith & Co\nHigh Street 1' });
    const plain = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload });
    expect(plain.statusCode).toBe(200);
    const { problems, attachments, xmp } = await pdfaStructure(plain.rawPayload);
    // Exactly what makes it not a PDF/A: the plain PDF's XMP is well escaped too.
    expect(problems.sort()).toEqual([
      'The XMP has no pdfaid:conformance B.',
      'The XMP has no pdfaid:part 3.',
      'There is no GTS_PDFA1 output intent.',
    ]);
    expect(xmp).toContain('Smith &amp; Co');
    expect(attachments).toEqual([]);

    // A Factur-X whose file specification lost its AFRelationship (same length, so the offsets hold).
    const facturX = await t.app.inject({ method: 'POST', url: '/generate-invoice?format=facturx', payload });
    expect(facturX.statusCode).toBe(200);
    const damaged = Buffer.from(
      facturX.rawPayload.toString('latin1').replace('/AFRelationship /Alternative', '/AFRelationshiX /Alternative'),
      'latin1',
    );
    expect((await pdfaStructure(damaged)).problems).toEqual(['Attachment factur-x.xml has no /AFRelationship.']);
  });
});

describe('GET /api/invoices/{id}/einvoice?format=facturx', () => {
  let ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ada = await signUp(t.app);
    bob = await signUp(t.app);
  });

  it('answers the saved invoice as Factur-X, with its stored total', async () => {
    const id = await createInvoice(t.app, ada, einvoiceData());
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=facturx` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('RE-2026-001.pdf');
    const xml = await expectFacturX(response.rawPayload);
    const detail = (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json();
    expect(field(xml, 'DuePayableAmount')).toBe(detail.invoice.total_amount.toFixed(2));
    const text = spaced((await pageTexts(new Uint8Array(response.rawPayload))).join('\n'));
    expect(text).toContain(formatMoneyForReader(Math.round(detail.invoice.total_amount * 100), 'EUR', 'en'));
  });

  it("answers 404 for another user's invoice, 401 without a session, 422 for one that cannot be valid", async () => {
    const id = await createInvoice(t.app, ada, einvoiceData({ invoice_number: 'RE-2026-010' }));
    const other = await as(t.app, bob)({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=facturx` });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/${id}/einvoice?format=facturx` });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await createInvoice(
      t.app,
      ada,
      einvoiceData({ invoice_number: 'RE-2026-011', buyer: { name: 'Acme SARL', vat_id: 'FR12345678901' } }),
    );
    const refused = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${invalid}/einvoice?format=facturx` });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toContainEqual(expect.objectContaining({ field: 'buyer.country', rule: 'BR-11' }));
  });
});
