import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from './app';
import { FC_SEED, hostileString, looseValue } from './hostile-input';

/**
 * Random JSON thrown at the three public endpoints: whatever arrives, the answer is a success
 * or a 4xx with the envelope — never a 5xx — and a rejected request stores nothing.
 * Seeded, so a failure reproduces (FC_SEED overrides).
 */

const strings = hostileString(
  [
    '',
    ' ',
    '\u0000',
    '\u202e\u202dRTL',
    "'; drop table invoices; --",
    '<script>alert(1)</script>',
    '%PDF-1.7',
    '{{7*7}}',
    '../../etc/passwd',
    'data:image/png;base64,AAAA',
    '/api/logos/../../etc',
    'NaN',
    '-0',
    '1e400',
    '0x10',
    '９９',
  ],
  { binaryMax: 200, long: [5000, 6000] },
);

const loose = looseValue(strings);

const item = fc.record(
  {
    id: loose,
    name: fc.oneof(strings, loose),
    description: loose,
    showDesc: loose,
    quantity: fc.oneof(fc.nat({ max: 1000 }), fc.constantFrom(1.5, '2.125', 0.001, 1.2345), loose),
    unit: fc.oneof(fc.constantFrom('hours', ' kg ', 'x'.repeat(21)), loose),
    unit_cost: fc.oneof(fc.constantFrom(0, 1, 10.05, '12.5', 99999999999), loose),
  },
  { requiredKeys: [] },
);

const invoiceLike = fc.record(
  {
    from: fc.oneof(strings, loose),
    to: fc.oneof(strings, loose),
    items: fc.oneof(fc.array(item, { maxLength: 6 }), loose),
    tax_percent: loose,
    tax_type: fc.oneof(fc.constantFrom('percent', 'fixed', 'flat'), loose),
    discount_percent: loose,
    discount_type: fc.oneof(fc.constantFrom('percent', 'fixed', 'flat'), loose),
    shipping_amount: loose,
    show_tax: loose,
    show_discount: loose,
    show_shipping: loose,
    currency: fc.oneof(fc.constantFrom('EUR', 'usd', 'JPY', 'XXX'), loose),
    issued_date: fc.oneof(fc.constantFrom('2026-11-21', '2026-02-30', '0000-01-01'), loose),
    due_date: loose,
    invoice_number: loose,
    logo_url: fc.oneof(
      fc.constantFrom('/api/logos/00000000-0000-4000-8000-000000000000', 'http://127.0.0.1:5432/'),
      loose,
    ),
    payment_details: loose,
    terms: loose,
  },
  { requiredKeys: [] },
);

const anyBody = fc.oneof(invoiceLike, fc.jsonValue({ maxDepth: 3 }));

describe('random input at the public endpoints', () => {
  let t: TestApp;
  const counts = async () =>
    (
      await t.pool.query(
        'select (select count(*) from logos)::int as logos, (select count(*) from invoices)::int as invoices',
      )
    ).rows[0];

  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('never answers 5xx to /generate-invoice or /preview-invoice, and stores nothing', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        fc.constantFrom('/generate-invoice', '/preview-invoice', '/preview-invoice?page=2'),
        async (body, url) => {
          const response = await t.app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
          if (response.statusCode !== 200) {
            const envelope = response.json();
            expect(envelope.success).toBe(false);
            expect(typeof envelope.error).toBe('string');
            expect(envelope.error.length).toBeGreaterThan(0);
          }
        },
      ),
      { seed: FC_SEED, numRuns: 400 },
    );
    expect(await counts()).toEqual(before);
  });

  it('never answers 5xx to random uploads, and stores nothing it refused', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom('logo', 'file', ''),
        async (bytes, field) => {
          const boundary = 'fuzz-boundary';
          const payload = Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            Buffer.from(bytes),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]);
          const response = await t.app.inject({
            method: 'POST',
            url: '/upload-logo',
            payload,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().success).toBe(false);
        },
      ),
      { seed: FC_SEED, numRuns: 200 },
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: '/upload-logo',
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(raw.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('never answers 5xx to random e-invoice uploads (XML-, PDF- and CII-shaped noise), and stores nothing', async () => {
    const before = await counts();
    const prefixes = [
      '',
      '<',
      '%PDF-1.7\n1 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode >>\nstream\n',
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID xmlns:cbc="x">',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 }), async (prefix, bytes) => {
        const boundary = 'fuzz-boundary';
        const payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xml"\r\nContent-Type: application/xml\r\n\r\n`,
          ),
          Buffer.from(prefix),
          Buffer.from(bytes),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/einvoices/read',
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().success).toBe(response.statusCode === 200);
      }),
      { seed: FC_SEED, numRuns: 200 },
    );
    expect(await counts()).toEqual(before);
  });
});
