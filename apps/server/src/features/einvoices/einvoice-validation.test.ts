import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';
import { compiledRulesDir, EInvoiceInputError, runRules, type RuleSet } from './einvoice-rules-engine';
import { createEInvoiceValidator, type EInvoiceValidator } from './einvoice-validation';
import { MAX_EINVOICE_BYTES } from './einvoice-xml-input';

const fixtures = path.join(serverRoot, 'test', 'fixtures', 'einvoice');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const examples = readdirSync(fixtures).filter((name) => /\.xml$/i.test(name));
const isCii = (xml: string) => xml.includes('CrossIndustryInvoice:100');
const ids = (findings: { id: string }[]) => findings.map((finding) => finding.id);

let validator: EInvoiceValidator;
beforeAll(() => {
  validator = createEInvoiceValidator({ threads: 1 });
});
afterAll(async () => {
  await validator.close();
});

describe('the official rules on the publisher examples', () => {
  // BIS3_Invoice_negativ.XML (negative amounts) and CII-BR-CO-10-RoundingIssue.xml are the publisher's
  // regression cases for rules that once refused valid invoices: with rules 1.3.16 both pass.
  it.each(examples)('%s passes EN 16931 with no fatal failure', async (name) => {
    const xml = fixture(name);
    const result = await validator.validate(xml, [isCii(xml) ? 'en16931-cii' : 'en16931-ubl']);
    expect(result.failures).toEqual([]);
  });

  it('XRechnung-O.xml passes the EN 16931 and XRechnung rules for CII (warnings only)', async () => {
    const result = await validator.validate(fixture('XRechnung-O.xml'), ['en16931-cii', 'xrechnung-cii']);
    expect(result.failures).toEqual([]);
    // Its specification identifier is the plain EN 16931 one, which XRechnung only warns about.
    expect(ids(result.warnings)).toContain('BR-DE-21');
  });

  it('changing one line total in CII_example1 breaks BR-CO-10', async () => {
    const xml = fixture('CII_example1.xml');
    const line = '<ram:LineTotalAmount>19.9</ram:LineTotalAmount>';
    expect(xml).toContain(line);
    const result = await validator.validate(xml.replace(line, '<ram:LineTotalAmount>19.91</ram:LineTotalAmount>'), [
      'en16931-cii',
    ]);
    expect(ids(result.failures)).toContain('BR-CO-10');
    const finding = result.failures.find((failure) => failure.id === 'BR-CO-10')!;
    expect(finding.flag).toBe('fatal');
    expect(finding.text).toContain('BR-CO-10');
    expect(finding.location).toContain('CrossIndustryInvoice');
  });

  it('a UBL amount due that does not add up breaks BR-CO-16', async () => {
    const xml = fixture('BIS3_Invoice_positive.XML');
    const payable = '<cbc:PayableAmount currencyID="DKK">782179.43</cbc:PayableAmount>';
    expect(xml).toContain(payable);
    const result = await validator.validate(xml.replace(payable, payable.replace('782179.43', '782179.44')), [
      'en16931-ubl',
    ]);
    expect(ids(result.failures)).toContain('BR-CO-16');
  });

  it('the XRechnung rules (compiled from Schematron here) refuse an invoice without a buyer reference', async () => {
    const result = await validator.validate(fixture('ubl-tc434-example1.xml'), ['en16931-ubl', 'xrechnung-ubl']);
    expect(ids(result.failures)).toEqual(expect.arrayContaining(['BR-DE-15']));
    expect(result.failures.every((failure) => failure.flag === 'fatal')).toBe(true);
  });

  it('answers a document on which an official assert fails to evaluate as bad input, when checking and reading', async () => {
    // Without its ChargeIndicator an allowance makes an EN 16931 assert cast nothing to a boolean (XPTY0004).
    const xml = fixture('XRechnung-O.xml');
    expect(xml).toContain('<ram:ChargeIndicator>');
    const broken = xml.replace(/<ram:ChargeIndicator>[\s\S]*?<\/ram:ChargeIndicator>/g, '');
    const message = /official rules cannot check this document: .*XPTY0004/;
    await expect(validator.validate(broken, ['en16931-cii'])).rejects.toThrow(EInvoiceInputError);
    await expect(validator.validate(broken, ['en16931-cii'])).rejects.toThrow(message);
    await expect(validator.read(broken)).rejects.toThrow(message);
  });

  it('refuses to check a document with the other syntax rules instead of passing it', async () => {
    await expect(validator.validate(fixture('ubl-tc434-example1.xml'), ['en16931-cii'])).rejects.toThrow(
      /not a CII invoice/,
    );
    await expect(validator.validate(fixture('CII_example1.xml'), ['xrechnung-ubl'])).rejects.toThrow(/not a UBL/);
  });

  it('the compiled rules are those of the vendored sources (run scripts/einvoice/compile-rules.mjs after a change)', () => {
    const manifest = JSON.parse(readFileSync(path.join(compiledRulesDir, 'manifest.json'), 'utf8')) as {
      ruleSets: Record<RuleSet, Record<string, string>>;
    };
    for (const inputs of Object.values(manifest.ruleSets)) {
      for (const [file, hash] of Object.entries(inputs)) {
        expect(
          createHash('sha256')
            .update(readFileSync(path.join(serverRoot, file)))
            .digest('hex'),
          file,
        ).toBe(hash);
      }
    }
  });
});

describe('hostile XML', () => {
  let secretDir: string;
  let secretFile: string;
  let server: Server;
  let fetched = 0;
  let origin: string;
  beforeAll(async () => {
    secretDir = mkdtempSync(path.join(tmpdir(), 'einvoice-xxe-'));
    secretFile = path.join(secretDir, 'secret.txt');
    writeFileSync(secretFile, 'TOP-SECRET-CONTENT');
    server = createServer((_request, response) => {
      fetched++;
      response.end('<!ENTITY leak "FETCHED">');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    rmSync(secretDir, { recursive: true, force: true });
    await new Promise((resolve) => server.close(resolve));
  });

  const cii = (body: string, doctype: string) =>
    `<?xml version="1.0"?>${doctype}<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>${body}</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;

  const hostile = () => ({
    'an external entity reading a file': cii('&xxe;', `<!DOCTYPE r [<!ENTITY xxe SYSTEM "file://${secretFile}">]>`),
    'an external entity fetching a URL': cii('&xxe;', `<!DOCTYPE r [<!ENTITY xxe SYSTEM "${origin}/entity">]>`),
    'an external DTD': cii('&leak;', `<!DOCTYPE r SYSTEM "${origin}/dtd">`),
    'a parameter entity': cii('', `<!DOCTYPE r [<!ENTITY % p SYSTEM "${origin}/p"> %p;]>`),
    'billion laughs': cii(
      '&l9;',
      `<!DOCTYPE r [<!ENTITY l0 "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]>`,
    ),
  });

  it.each([
    'an external entity reading a file',
    'an external entity fetching a URL',
    'an external DTD',
    'a parameter entity',
    'billion laughs',
  ])('%s is refused before parsing, and nothing is read or fetched', async (name) => {
    const xml = hostile()[name as keyof ReturnType<typeof hostile>];
    const refusal = validator.validate(xml, ['en16931-cii']);
    await expect(refusal).rejects.toBeInstanceOf(EInvoiceInputError);
    await expect(refusal).rejects.toThrow(/document type declaration/);
    expect(fetched).toBe(0);
  });

  it('the rules engine itself (behind the DTD check) expands no entity, reads no file and fetches nothing', () => {
    for (const xml of Object.values(hostile())) {
      // SaxonJS's parser refuses entity references it would have to read a DTD for; whatever it
      // answers, nothing of the file or the server may show up in it.
      let outcome: string;
      try {
        outcome = JSON.stringify(runRules(xml, ['en16931-cii']));
      } catch (error) {
        expect(error).toBeInstanceOf(EInvoiceInputError);
        outcome = (error as Error).message;
      }
      expect(outcome).not.toContain('TOP-SECRET');
      expect(outcome).not.toContain('FETCHED');
      expect(outcome).not.toContain('lollollol');
    }
    expect(fetched).toBe(0);
  });

  it('50 MB is refused by its size, as text or bytes', async () => {
    const big = cii('x'.repeat(50 * 1024 * 1024), '');
    expect(Buffer.byteLength(big)).toBeGreaterThan(MAX_EINVOICE_BYTES);
    await expect(validator.validate(big, ['en16931-cii'])).rejects.toThrow(/larger than 20 MB/);
    await expect(validator.validate(Buffer.from(big), ['en16931-cii'])).rejects.toThrow(/larger than 20 MB/);
  });

  it('XML that is not well-formed, not UTF-8 or not XML at all is refused with a clear message', async () => {
    await expect(validator.validate(cii('<unclosed>', ''), ['en16931-cii'])).rejects.toThrow(/not well-formed/);
    await expect(validator.validate(Uint8Array.of(0x3c, 0x61, 0xff, 0x3e), ['en16931-cii'])).rejects.toThrow(/UTF-8/);
    await expect(validator.validate('%PDF-1.7', ['en16931-cii'])).rejects.toThrow(/not XML/);
  });

  it('the worker keeps answering after refusals', async () => {
    const result = await validator.validate(fixture('CII_example2.xml'), ['en16931-cii']);
    expect(result.failures).toEqual([]);
  });
});
