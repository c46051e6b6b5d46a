import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { EINVOICE_READ_MESSAGES, type ReadEInvoiceResponse } from '@invoicer/domain/api/einvoices';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { dbFingerprint } from '../../../test/db-fingerprint';
import { multipartForm } from '../../../test/upload-fixtures';
import { serverRoot } from '../../paths';
import { closeEInvoiceValidation } from './einvoice-validation';

const fixtures = path.join(serverRoot, 'test', 'fixtures', 'einvoice');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));
const examples = readdirSync(fixtures).filter((name) => /\.xml$/i.test(name));

const upload = (bytes: Buffer, name = 'invoice.xml', type = 'application/xml', cookie?: string) => ({
  method: 'POST' as const,
  url: '/api/einvoices/read',
  ...(() => {
    const form = multipartForm({ bytes, name, type });
    return { payload: form.payload, headers: cookie ? { ...form.headers, cookie } : form.headers };
  })(),
});

/** The text of an element as the file writes it (a regular expression on the raw file, not our reader). */
function written(xml: string, element: string, within?: string): string | undefined {
  let scope = xml;
  if (within) {
    const start = xml.search(new RegExp(`<${within}[\\s>]`));
    const end = xml.indexOf(`</${within}>`, start);
    if (start < 0 || end < 0) return undefined;
    scope = xml.slice(start, end);
  }
  const match = new RegExp(`<${element}(?:\\s[^>]*)?>([^<]*)</${element}>`).exec(scope);
  return match?.[1]
    ?.trim()
    .replace(/\s+/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** A Factur-X-shaped PDF: a page, and the XML attached as pdfkit's file attachment (compressed, with its name). */
async function pdfWith(attachment: Buffer | null, name = 'factur-x.xml'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.text('Invoice, see the attached e-invoice.');
  if (attachment) doc.file(attachment, { name, type: 'text/xml' });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A minimal PDF with one attachment stream written by hand (so the test controls its bytes). */
function handMadePdf(streamBytes: Buffer, dictionary: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /EmbeddedFile ${dictionary} /Length ${streamBytes.byteLength} >>\nstream\n`,
    ),
    streamBytes,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< >>\n%%EOF\n'),
  ]);
}

let t: TestApp;
beforeAll(async () => {
  t = await sharedTestApp();
});
afterAll(async () => {
  await closeEInvoiceValidation();
});

describe('POST /api/einvoices/read: the publisher examples read back', () => {
  it.each(examples)('%s: number, seller, totals and lines as the file states them; passes EN 16931', async (name) => {
    const bytes = fixture(name);
    const xml = bytes.toString('utf8');
    const response = await t.app.inject(upload(bytes, name));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReadEInvoiceResponse>();
    const { invoice } = body;
    expect(body.source).toEqual({ kind: 'xml' });
    expect(body.validation).toEqual({ valid: true, failures: [] });
    if (xml.includes('CrossIndustryInvoice:100')) {
      expect(invoice.syntax).toBe('cii');
      expect(invoice.number).toBe(written(xml, 'ram:ID', 'rsm:ExchangedDocument'));
      expect(invoice.seller.name).toBe(written(xml, 'ram:Name', 'ram:SellerTradeParty'));
      const summation = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';
      expect(invoice.totals.net).toBe(written(xml, 'ram:TaxBasisTotalAmount', summation));
      expect(invoice.totals.grand_total).toBe(written(xml, 'ram:GrandTotalAmount', summation));
      expect(invoice.totals.payable).toBe(written(xml, 'ram:DuePayableAmount', summation));
      expect(invoice.totals.line_total).toBe(written(xml, 'ram:LineTotalAmount', summation));
      expect(invoice.currency).toBe(written(xml, 'ram:InvoiceCurrencyCode'));
      expect(invoice.lines).toHaveLength(xml.split('<ram:IncludedSupplyChainTradeLineItem>').length - 1);
    } else {
      expect(invoice.syntax).toBe('ubl');
      expect(invoice.number).toBe(written(xml.slice(0, xml.indexOf('<cac:')), 'cbc:ID'));
      expect(invoice.seller.name).toBe(
        written(xml, 'cbc:RegistrationName', 'cac:AccountingSupplierParty') ??
          written(xml, 'cbc:Name', 'cac:AccountingSupplierParty'),
      );
      expect(invoice.totals.net).toBe(written(xml, 'cbc:TaxExclusiveAmount', 'cac:LegalMonetaryTotal'));
      expect(invoice.totals.grand_total).toBe(written(xml, 'cbc:TaxInclusiveAmount', 'cac:LegalMonetaryTotal'));
      expect(invoice.totals.payable).toBe(written(xml, 'cbc:PayableAmount', 'cac:LegalMonetaryTotal'));
      expect(invoice.currency).toBe(written(xml, 'cbc:DocumentCurrencyCode'));
      expect(invoice.lines).toHaveLength(xml.split(/<cac:(?:Invoice|CreditNote)Line>/).length - 1);
    }
    expect(invoice.lines.every((line) => line.name !== '' && line.net_amount !== undefined)).toBe(true);
    expect(invoice.vat_breakdown.length).toBeGreaterThan(0);
  });

  it('XRechnung-O.xml in full: parties, a line, the VAT breakdown, the payment details', async () => {
    const response = await t.app.inject(upload(fixture('XRechnung-O.xml')));
    const { invoice } = response.json<ReadEInvoiceResponse>();
    expect(invoice).toMatchObject({ syntax: 'cii', type: 'invoice', type_code: '380', issue_date: '2021-01-14' });
    expect(invoice.seller.country).toBeDefined();
    expect(invoice.buyer.name).not.toBe('');
    expect(invoice.lines[0]).toMatchObject({ quantity: expect.any(String), unit_code: expect.any(String) });
    expect(invoice.vat_breakdown[0]).toMatchObject({ category: expect.any(String), tax_amount: expect.any(String) });
    expect(invoice.payment.length).toBeGreaterThan(0);
  });

  it('a UBL credit note reads as a credit note with its lines', async () => {
    const response = await t.app.inject(upload(fixture('ubl-tc434-creditnote1.xml')));
    const { invoice } = response.json<ReadEInvoiceResponse>();
    expect(invoice.type).toBe('credit note');
    expect(invoice.lines.length).toBeGreaterThan(0);
  });

  it('says when what was received does not pass EN 16931, with the rule ids', async () => {
    const xml = fixture('CII_example1.xml')
      .toString('utf8')
      .replace('<ram:LineTotalAmount>19.9</ram:LineTotalAmount>', '<ram:LineTotalAmount>19.91</ram:LineTotalAmount>');
    const response = await t.app.inject(upload(Buffer.from(xml)));
    expect(response.statusCode).toBe(200);
    const { validation } = response.json<ReadEInvoiceResponse>();
    expect(validation.valid).toBe(false);
    expect(validation.failures.map((failure) => failure.id)).toContain('BR-CO-10');
    expect(validation.failures[0]!.text).not.toBe('');
  });

  it('reads a Factur-X PDF (the CII attached as factur-x.xml), for a guest and a signed-in user, storing nothing', async () => {
    const pdf = await pdfWith(fixture('CII_example2.xml'));
    const before = await dbFingerprint(t.pool);
    const guest = await t.app.inject(upload(pdf, 'invoice.pdf', 'application/pdf'));
    expect(guest.statusCode, guest.body).toBe(200);
    const body = guest.json<ReadEInvoiceResponse>();
    expect(body.source).toEqual({ kind: 'pdf', attachment: 'factur-x.xml' });
    expect(body.invoice.totals.payable).toBe('801.78');
    expect(body.validation.valid).toBe(true);
    expect(await dbFingerprint(t.pool)).toEqual(before);
    const user = await signUp(t.app);
    const signedIn = await t.app.inject(upload(pdf, 'invoice.pdf', 'application/pdf', user.cookie));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<ReadEInvoiceResponse>().invoice.number).toBe(body.invoice.number);
  });

  it('reads an attachment stored uncompressed, found by its XML subtype', async () => {
    const pdf = handMadePdf(fixture('CII_example3.xml'), '/Subtype /text#2Fxml');
    const response = await t.app.inject(upload(pdf, 'zugferd.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReadEInvoiceResponse>().invoice.totals.payable).toBe('1125');
  });
});

describe('POST /api/einvoices/read: hostile and wrong uploads answer 400 with the envelope', () => {
  const refused = async (bytes: Buffer, message: string | RegExp, name = 'upload.xml') => {
    const response = await t.app.inject(upload(bytes, name));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ success: boolean; error: string }>();
    expect(body.success).toBe(false);
    if (typeof message === 'string') expect(body.error).toBe(message);
    else expect(body.error).toMatch(message);
  };

  it('a file that is neither XML nor PDF (an image, a ZIP, text)', async () => {
    await refused(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      EINVOICE_READ_MESSAGES.notXmlOrPdf,
    );
    await refused(Buffer.from('PK\x03\x04 not an invoice'), EINVOICE_READ_MESSAGES.notXmlOrPdf);
    await refused(Buffer.from('Invoice 42, please pay'), EINVOICE_READ_MESSAGES.notXmlOrPdf);
  });

  it('XML that is neither CII nor UBL, or not well-formed', async () => {
    await refused(Buffer.from('<?xml version="1.0"?><html><body>hi</body></html>'), EINVOICE_READ_MESSAGES.notEInvoice);
    await refused(
      Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="x"><a></rsm:CrossIndustryInvoice>'),
      /not well-formed/,
    );
  });

  it('a PDF with no e-invoice inside, and one whose attachment is not an e-invoice', async () => {
    await refused(await pdfWith(null), EINVOICE_READ_MESSAGES.noEInvoiceInPdf, 'plain.pdf');
    await refused(await pdfWith(Buffer.from('just notes'), 'notes.txt'), EINVOICE_READ_MESSAGES.noEInvoiceInPdf);
  });

  it('billion laughs and external entities (XXE), as XML and inside a PDF: no expansion, no file read', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join(
      '',
    )}]><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&lol9;</rsm:CrossIndustryInvoice>`;
    await refused(Buffer.from(laughs), /document type declaration/);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY passwd SYSTEM "file:///etc/passwd">]><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&passwd;</rsm:CrossIndustryInvoice>';
    await refused(Buffer.from(xxe), /document type declaration/);
    await refused(await pdfWith(Buffer.from(xxe)), /document type declaration/, 'xxe.pdf');
    // Without a DTD, an entity reference is simply not well-formed: nothing is resolved.
    await refused(
      Buffer.from(
        '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&passwd;</rsm:CrossIndustryInvoice>',
      ),
      /not well-formed/,
    );
  });

  it('50 MB is refused by its size while it arrives', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x20);
    big.write('<rsm:CrossIndustryInvoice>');
    await refused(big, /too large \(at most 20 MB\)/);
  });

  it('a compressed-stream bomb inside a PDF stops at the bound instead of filling memory', async () => {
    // 64 MB of XML that deflates to about 64 KB; inflating it whole is what the bound prevents.
    const inflated = Buffer.alloc(64 * 1024 * 1024, 0x20);
    inflated.write(
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">',
    );
    const bomb = handMadePdf(deflateSync(inflated, { level: 9 }), '/Subtype /text#2Fxml /Filter /FlateDecode');
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await refused(bomb, /inflates to more than 20 MB/, 'bomb.pdf');
  });

  it('a truncated or corrupt compressed attachment is "no e-invoice", never a 5xx', async () => {
    const good = deflateSync(fixture('CII_example1.xml'));
    await refused(
      handMadePdf(good.subarray(0, 40), '/Filter /FlateDecode'),
      EINVOICE_READ_MESSAGES.noEInvoiceInPdf,
      'cut.pdf',
    );
    await refused(
      handMadePdf(Buffer.from('garbage!'), '/Filter /FlateDecode'),
      EINVOICE_READ_MESSAGES.noEInvoiceInPdf,
      'x.pdf',
    );
  });

  it('no file, an empty file, the wrong field, a JSON body', async () => {
    const noFile = multipartForm(null, { note: 'x' });
    const none = await t.app.inject({ method: 'POST', url: '/api/einvoices/read', ...noFile });
    expect(none.statusCode).toBe(400);
    await refused(Buffer.alloc(0), /empty/);
    const wrongField = multipartForm({ bytes: fixture('CII_example1.xml'), field: 'logo' });
    expect((await t.app.inject({ method: 'POST', url: '/api/einvoices/read', ...wrongField })).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/einvoices/read', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().success).toBe(false);
  });
});
