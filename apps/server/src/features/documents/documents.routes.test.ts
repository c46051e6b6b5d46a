import Fastify from 'fastify';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { InvoiceJson, LARGE_BODY_BYTES } from '../../pdf/invoice-json';
import { deferLargeJsonBodies } from './large-bodies';

/** The editor's payload (docs/product/entities.md#invoice-document), as the client sends it. */
const specPayload = {
  from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
  to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
  items: [
    {
      id: 'a1',
      name: 'Design work',
      description: 'Landing page and logo',
      showDesc: true,
      quantity: 3,
      unit_cost: 10.05,
    },
    { id: 'a2', name: 'Hosting', quantity: 12, unit_cost: 4.99 },
    { id: 'a3', name: '', quantity: 1, unit_cost: 999 },
  ],
  tax_percent: 7.5,
  discount_percent: 5,
  payment_details: 'IBAN GB00 0000 0000 0000',
  payment_instructions: '',
  terms: 'Please submit payment within 15 days of receipt of this invoice.',
  logo_url: null,
  invoice_number: '0042',
  issued_date: '2026-11-21',
  due_date: '2026-11-28',
  tax_type: 'percent',
  discount_type: 'fixed',
  shipping_amount: 12.5,
  show_tax: true,
  show_discount: true,
  show_shipping: true,
  currency: 'EUR',
  currency_symbol: '€',
  currency_label: 'Euro (€)',
};

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(body), { mergePages: true });
  return text;
}

describe('POST /generate-invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('answers a PDF with the right totals, file name and no row stored', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: specPayload });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="invoice-Acme_Corp_Ltd.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    // 3 × 10.05 = 30.15; 12 × 4.99 = 59.88; subtotal 90.03; tax 7.5% = 6.75225 → 6.75;
    // discount fixed 5.00; shipping 12.50; total 90.03 + 6.75 − 5.00 + 12.50 = 104.28
    for (const expected of ['€30.15', '€59.88', '€90.03', '€6.75', '€5.00', '€12.50', '€104.28']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Acme Corp Ltd');
    expect(text).toContain('Ada Lovelace Consulting');
    expect(text).toContain('November 21, 2026');
    expect(text).toContain('November 28, 2026');
    expect(text).toContain('Landing page and logo');
    expect(text).not.toContain('999');
    const { rows } = await t.pool.query('select (select count(*) from invoices) + (select count(*) from logos) as n');
    expect(Number(rows[0].n)).toBe(0);
  });

  it('prints a 3-decimal rate as typed and its tax exact to the cent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: { ...specPayload, tax_percent: 8.875, discount_type: 'percent', discount_percent: '8.250' },
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    // 90.03 × 8.875 % = 7.9901625 → 7.99; 90.03 × 8.25 % = 7.427475 → 7.43; 90.03 + 7.99 − 7.43 + 12.50 = 103.09
    expect(text).toContain('Tax (8.875%) €7.99');
    expect(text).toContain('Discount (8.25%) −€7.43');
    expect(text).toContain('€103.09');
  });

  it('prints JPY in whole yen and refuses a fraction of a yen with a 400 naming the currency (ADR 59)', async () => {
    const yen = {
      ...specPayload,
      currency: 'JPY',
      currency_symbol: '¥',
      currency_label: 'Japanese Yen (¥)',
      items: [
        { id: 'a1', name: 'Design work', quantity: 3, unit_cost: 1005 },
        { id: 'a2', name: 'Hosting', quantity: 12, unit_cost: '499' },
      ],
      shipping_amount: 1250,
      discount_percent: 500,
    };
    const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: yen });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    // 3 × ¥1,005 = ¥3,015; 12 × ¥499 = ¥5,988; subtotal ¥9,003; tax 7.5 % = 675.225 → ¥675; total 9,003 + 675 − 500 + 1,250
    for (const expected of ['¥3,015', '¥5,988', '¥9,003', '¥675', '¥500', '¥1,250', '¥10,428']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/¥[\d,]+\.\d/);

    for (const [change, message] of [
      [{ items: [{ name: 'Work', quantity: 1, unit_cost: 1234.5 }] }, 'Rate must be a whole number in JPY.'],
      [{ shipping_amount: '0.99' }, 'Shipping must be a whole number in JPY.'],
      [{ currency: 'KRW', discount_percent: 0.5 }, 'Discount must be a whole number in KRW.'],
    ] as const) {
      const refused = await t.app.inject({ method: 'POST', url: '/preview-invoice', payload: { ...yen, ...change } });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, error: message });
    }
  });

  it('ignores tax, discount and shipping that are not shown', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: { ...specPayload, show_tax: false, show_discount: false, show_shipping: false, currency: 'GBP' },
    });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('£90.03');
    expect(text).not.toContain('£104.28');
  });

  it.each([
    ['blank From', { from: '   ' }, 'Fill "From" and "To" fields.'],
    ['missing To', { to: undefined }, 'Fill "From" and "To" fields.'],
    ['no named item', { items: [{ name: ' ', quantity: 1, unit_cost: 1 }] }, 'Add at least one valid item.'],
    ['no items at all', { items: [] }, 'Add at least one valid item.'],
    ['negative quantity', { items: [{ name: 'x', quantity: -1, unit_cost: 1 }] }, 'Quantity'],
    [
      'a quantity with 4 decimals',
      { items: [{ name: 'x', quantity: 1.5005, unit_cost: 1 }] },
      'Quantity must be a number, 0 or more, with at most 3 decimals.',
    ],
    ['a unit over 20 characters', { items: [{ name: 'x', unit: 'u'.repeat(21) }] }, 'Unit is too long'],
    ['non-numeric cost', { items: [{ name: 'x', quantity: 1, unit_cost: 'ten' }] }, 'Rate'],
    ['negative cost', { items: [{ name: 'x', quantity: 1, unit_cost: -3 }] }, 'Rate'],
    ['percent above 100', { tax_type: 'percent', tax_percent: 100.01 }, 'Tax percent must be between 0 and 100.'],
    [
      'a percent with 4 decimals',
      { tax_type: 'percent', tax_percent: 8.8755 },
      'Tax percent must be a non-negative number with at most 3 decimals.',
    ],
    ['unknown currency', { currency: 'XYZ' }, 'Unknown currency'],
    ['bad issued date', { issued_date: '21/11/2026' }, 'YYYY-MM-DD'],
    ['impossible due date', { due_date: '2026-02-30' }, 'YYYY-MM-DD'],
    ['foreign logo url', { logo_url: 'https://evil.example/logo.png' }, 'Logo must be'],
    ['internal-looking logo url', { logo_url: 'http://169.254.169.254/latest/meta-data' }, 'Logo must be'],
  ])('rejects %s with a clear 400', async (_name, change, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: { ...specPayload, ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error).toContain(message);
  });

  it('rejects bodies that are not JSON objects or are too large', async () => {
    const cases = [
      { payload: 'not json', headers: { 'content-type': 'application/json' } },
      { payload: '[]', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: 'from=a&to=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      {
        payload: JSON.stringify({ ...specPayload, terms: 'x'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      },
    ];
    for (const request of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', ...request });
      expect(response.statusCode, request.payload.slice(0, 30)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
  });

  it('refuses a logo id that is not in our store', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: { ...specPayload, logo_url: '/api/logos/00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The logo was not found. Upload it again.');
  });

  it('refuses requests from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: specPayload,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });
});

/** Unknown keys are dropped by the schema: this only makes the body large. */
const padding = { padding: 'x'.repeat(LARGE_BODY_BYTES) };

describe('bodies above 64 KB: read on a PDF thread, with the same answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('hands the body to the handler as bytes, and parses smaller ones as usual', async () => {
    const app = Fastify();
    await app.register(async (scoped) => {
      deferLargeJsonBodies(scoped);
      scoped.post('/echo', async (request) => ({
        deferred: request.body instanceof InvoiceJson,
        bytes: request.body instanceof InvoiceJson ? request.body.bytes.byteLength : null,
      }));
    });
    const large = JSON.stringify({ ...specPayload, ...padding });
    const deferred = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: large,
      headers: { 'content-type': 'application/json' },
    });
    expect(deferred.json()).toEqual({ deferred: true, bytes: Buffer.byteLength(large) });
    const parsed = await app.inject({ method: 'POST', url: '/echo', payload: specPayload });
    expect(parsed.json()).toEqual({ deferred: false, bytes: null });
    await app.close();
  });

  it('renders a large body like a small one', async () => {
    const small = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload: specPayload });
    const large = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: { ...specPayload, ...padding },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-disposition']).toBe(small.headers['content-disposition']);
    expect(await pdfText(large.rawPayload)).toBe(await pdfText(small.rawPayload));
    const preview = await t.app.inject({
      method: 'POST',
      url: '/preview-invoice',
      payload: { ...specPayload, ...padding },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-page-count']).toBe('1');
  });

  it.each([
    ['blank From', { from: '   ' }],
    ['no items at all', { items: [] }],
    ['negative quantity', { items: [{ name: 'x', quantity: -1, unit_cost: 1 }] }],
    ['unknown currency', { currency: 'XYZ' }],
    ['impossible due date', { due_date: '2026-02-30' }],
    ['foreign logo url', { logo_url: 'https://evil.example/logo.png' }],
    ['a lone surrogate', { terms: 'Pay \ud800 soon' }],
    ['a logo id not in our store', { logo_url: '/api/logos/00000000-0000-4000-8000-000000000000' }],
  ])('refuses %s with the answer of a small body', async (_name, change) => {
    for (const url of ['/generate-invoice', '/preview-invoice']) {
      const small = await t.app.inject({ method: 'POST', url, payload: { ...specPayload, ...change } });
      const large = await t.app.inject({ method: 'POST', url, payload: { ...specPayload, ...change, ...padding } });
      expect(small.statusCode).toBe(400);
      expect(large.statusCode).toBe(400);
      expect(large.json()).toEqual(small.json());
    }
  });

  it('refuses what is not JSON, or carries a prototype key, like Fastify does', async () => {
    const headers = { 'content-type': 'application/json' };
    const notJson = `{"from": "a", ${'"x": 1, '.repeat(LARGE_BODY_BYTES / 8)}`;
    const poisoned = JSON.stringify({ ...specPayload, ...padding }).replace('{', '{"__proto__": {"admin": true}, ');
    for (const payload of [notJson, poisoned]) {
      const response = await t.app.inject({ method: 'POST', url: '/generate-invoice', payload, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: 'The request body is not valid JSON.' });
    }
  });
});

describe('POST /preview-invoice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('answers a PNG of the page with the page count', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/preview-invoice', payload: specPayload });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-page-count']).toBe('1');
    expect([...response.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('pages through a long invoice and refuses a page beyond the last', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ name: `Item ${i + 1}`, quantity: 1, unit_cost: 1 }));
    const first = await t.app.inject({
      method: 'POST',
      url: '/preview-invoice?page=2',
      payload: { ...specPayload, items },
    });
    expect(first.statusCode).toBe(200);
    const pages = Number(first.headers['x-page-count']);
    expect(pages).toBeGreaterThan(2);
    expect(first.headers['x-page']).toBe('2');
    const beyond = await t.app.inject({
      method: 'POST',
      url: `/preview-invoice?page=${pages + 1}`,
      payload: { ...specPayload, items },
    });
    expect(beyond.statusCode).toBe(400);
    const invalid = await t.app.inject({ method: 'POST', url: '/preview-invoice?page=zero', payload: specPayload });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Page must be a whole number from 1.');
  });

  it('validates the body like /generate-invoice, with the same messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/preview-invoice',
      payload: { ...specPayload, to: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Fill "From" and "To" fields.');
  });
});
