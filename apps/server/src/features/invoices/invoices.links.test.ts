import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { activityListResponseSchema, activitySentence } from '@invoicer/domain/api/activity';
import { invoiceListResponseSchema, invoiceResponseSchema } from '@invoicer/domain/api/invoices';
import {
  PUBLIC_LINK_MESSAGES,
  publicInvoiceResponseSchema,
  shareResponseSchema,
  shareStateResponseSchema,
} from '@invoicer/domain/api/public-links';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { dbFingerprint } from '../../../test/db-fingerprint';
import { as, createInvoice, savedPayload } from '../../../test/invoice-fixtures';
import { settleQueue } from '../../../test/jobs';
import { pageTexts } from '../../pdf/pdf-test-fixtures';
import { countViews } from './invoices.links';
import { adaAndBob } from '../../../test/two-users';

/**
 * Public invoice links and the activity log (docs/product/public-links-and-activity.md) against the real server and
 * PostgreSQL: the owner's share calls, the recipient's page data and PDF, views, the first-view notification, and
 * what a public answer must never carry.
 */

const NOT_FOUND = { success: false, error: PUBLIC_LINK_MESSAGES.notFound };

let numbered = 0;
/** An invoice of the account with a number of its own (numbers are unique per user). */
function newInvoice(t: TestApp, account: TestAccount, data: Record<string, unknown> = {}) {
  return createInvoice(t.app, account, { invoice_number: `L-${++numbered}`, ...data });
}

function share(t: TestApp, account: TestAccount, id: string, payload?: object) {
  return as(t.app, account)({ method: 'POST', url: `/api/invoices/${id}/share`, ...(payload ? { payload } : {}) });
}

async function shareOk(t: TestApp, account: TestAccount, id: string, payload?: object) {
  const response = await share(t, account, id, payload);
  expect([200, 201], response.body).toContain(response.statusCode);
  return { status: response.statusCode, ...shareResponseSchema.parse(response.json()) };
}

/** The public page's data, as a guest (no cookie) unless a cookie is given. */
function openLink(t: TestApp, token: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/public/invoices/${encodeURIComponent(token)}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function invoiceOf(t: TestApp, account: TestAccount, id: string) {
  const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return invoiceResponseSchema.parse(response.json()).invoice;
}

async function activityOf(t: TestApp, account: TestAccount, id: string) {
  const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}/activity` });
  expect(response.statusCode, response.body).toBe(200);
  return activityListResponseSchema.parse(response.json()).activity;
}

function expectLinkNotFound(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(404);
  expect(response.json(), label).toEqual(NOT_FOUND);
  expect(response.headers['x-robots-tag'], label).toBe('noindex, nofollow');
}

describe('POST, GET and DELETE /api/invoices/{id}/share', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('creates a link once and answers the same link on every later call', async () => {
    const id = await newInvoice(t, ada);
    const before = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/share` });
    expect(shareStateResponseSchema.parse(before.json())).toEqual({ success: true, link: null });

    const first = await shareOk(t, ada, id);
    expect(first.status).toBe(201);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.url).toBe(`http://localhost:80/i/${first.token}`);
    const again = await shareOk(t, ada, id, {});
    expect(again).toEqual({ ...first, status: 200 });
    const third = await shareOk(t, ada, id, { replace: false });
    expect(third.token).toBe(first.token);

    const state = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/share` });
    expect(shareStateResponseSchema.parse(state.json()).link).toEqual({
      url: first.url,
      token: first.token,
      created_at: first.created_at,
    });
  });

  it('keeps the token only as its SHA-256 and sealed, never in the clear', async () => {
    const id = await newInvoice(t, ada);
    const { token } = await shareOk(t, ada, id);
    const { rows } = await t.pool.query(`select * from invoice_links where invoice_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Buffer.isBuffer(row.token_sealed)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(token);
    expect((row.token_sealed as Buffer).includes(Buffer.from(token))).toBe(false);
  });

  it('turns the link off (the old link answers 404) and makes a new token when shared again', async () => {
    const id = await newInvoice(t, ada);
    const { token: old } = await shareOk(t, ada, id);
    expect((await openLink(t, old)).statusCode).toBe(200);

    const off = await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}/share` });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ success: true, message: PUBLIC_LINK_MESSAGES.turnedOff });
    expectLinkNotFound(await openLink(t, old), 'the turned-off link');
    expectLinkNotFound(
      await t.app.inject({ method: 'GET', url: `/api/public/invoices/${old}/pdf` }),
      'the turned-off link PDF',
    );
    const state = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/share` });
    expect(state.json()).toEqual({ success: true, link: null });
    // Turning off a link that is off changes nothing and still answers 200 (once the view above is counted).
    await settleQueue(t, 'invoice-links.views');
    const before = await dbFingerprint(t.pool);
    const again = await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}/share` });
    expect(again.statusCode).toBe(200);
    expect(await dbFingerprint(t.pool)).toEqual(before);

    const renewed = await shareOk(t, ada, id);
    expect(renewed.status).toBe(201);
    expect(renewed.token).not.toBe(old);
    expect((await openLink(t, renewed.token)).statusCode).toBe(200);
    expectLinkNotFound(await openLink(t, old), 'the old link after sharing again');
  });

  it('replaces the link on { replace: true }: a new token, the old one answers 404', async () => {
    const id = await newInvoice(t, ada);
    const { token: old } = await shareOk(t, ada, id);
    const replaced = await shareOk(t, ada, id, { replace: true });
    expect(replaced.status).toBe(201);
    expect(replaced.token).not.toBe(old);
    expectLinkNotFound(await openLink(t, old), 'the replaced link');
    expect((await openLink(t, replaced.token)).statusCode).toBe(200);
    const bad = await share(t, ada, id, { replace: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: PUBLIC_LINK_MESSAGES.replaceFlag });
  });

  it("answers 404 for another user's invoice on every share call and changes nothing", async () => {
    const id = await newInvoice(t, ada);
    await shareOk(t, ada, id);
    // Views the earlier tests made are counted after their answers: counted before the snapshot, not during it.
    await settleQueue(t, 'invoice-links.views');
    const before = await dbFingerprint(t.pool);
    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', {}],
      ['POST', { replace: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await as(
        t.app,
        bob,
      )({ method, url: `/api/invoices/${id}/share`, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Invoice not found' });
    }
    const activity = await as(t.app, bob)({ method: 'GET', url: `/api/invoices/${id}/activity` });
    expect(activity.statusCode).toBe(404);
    expect(await dbFingerprint(t.pool)).toEqual(before);
  });

  it('gives concurrent first shares of one invoice one link', async () => {
    const id = await newInvoice(t, ada);
    const answers = await Promise.all(Array.from({ length: 6 }, () => shareOk(t, ada, id)));
    expect(new Set(answers.map((answer) => answer.token)).size).toBe(1);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const created = (await activityOf(t, ada, id)).filter((entry) => entry.kind === 'link_created');
    expect(created).toHaveLength(1);
  });

  it('is gone with its invoice', async () => {
    const id = await newInvoice(t, ada);
    const { token } = await shareOk(t, ada, id);
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}` })).statusCode).toBe(200);
    expectLinkNotFound(await openLink(t, token), 'the link of a deleted invoice');
    const { rows } = await t.pool.query(`select count(*)::int as n from invoice_links where invoice_id = $1`, [id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('GET /api/public/invoices/{token}', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('answers the printed invoice with the same figures as the owner sees, and nothing internal', async () => {
    const id = await newInvoice(t, ada, { invoice_number: 'INV-7', payment_instructions: 'Pay by Friday.' });
    const { token } = await shareOk(t, ada, id);
    const response = await openLink(t, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const { invoice } = publicInvoiceResponseSchema.parse(response.json());
    const owner = await invoiceOf(t, ada, id);

    expect(invoice).toEqual({
      language: 'en',
      invoice_number: 'INV-7',
      status: owner.status,
      issued_date: '2026-11-21',
      due_date: '2026-11-28',
      currency: { code: 'EUR', symbol: '€', label: 'Euro (€)' },
      from: owner.data.from,
      to: owner.data.to,
      logo_url: null,
      items: [
        { name: 'Design work', description: 'Landing page', quantity: 3, unit: '', unit_cost: 10.05, amount: 30.15 },
        { name: 'Hosting', description: '', quantity: 12, unit: '', unit_cost: 4.99, amount: 59.88 },
      ],
      tax: { shown: true, percent: 7.5 },
      discount: { shown: true, percent: null },
      shipping: { shown: true },
      totals: owner.totals,
      amount_paid: 0,
      balance_due: 104.28,
      payment_details: 'IBAN GB00 0000',
      payment_instructions: 'Pay by Friday.',
      payment_qr: null,
      terms: 'Please submit payment within 15 days of receipt of this invoice.',
      pdf_url: `/api/public/invoices/${token}/pdf`,
      file_name: 'inv_7_2026-11-21.pdf',
    });
    expect(invoice.totals).toEqual({ subtotal: 90.03, tax: 6.75, discount: 5, shipping: 12.5, total: 104.28 });

    // No id of any kind, and none of the owner's, the invoice's or the session's identifiers anywhere.
    const keys: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, entry] of Object.entries(value)) {
          keys.push(key);
          walk(entry);
        }
      }
    };
    walk(response.json());
    expect(keys.filter((key) => /(^|_)id$|user|email|created_at|updated_at|view/i.test(key))).toEqual([]);
    for (const secret of [ada.id, id, ada.email, ada.cookie.slice(4)]) expect(response.body).not.toContain(secret);
  });

  it('answers the language its PDF prints in: its own, else its saved client’s, else English (ADR 75)', async () => {
    const german = await newInvoice(t, ada, { language: 'de-CH' });
    const answer = async (id: string) =>
      publicInvoiceResponseSchema.parse((await openLink(t, (await shareOk(t, ada, id)).token)).json()).invoice;
    expect((await answer(german)).language).toBe('de-CH');
    const client = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Tanaka KK', email: 'k@tanaka.example', preferred_language: 'ja' },
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().client.id as string;
    // Saved before languages were fixed at creation (or updated to none): the client's, as the PDF prints it.
    const inherits = await newInvoice(t, ada);
    const update = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${inherits}`,
      payload: savedPayload(ada, { invoice_number: 'L-JA', language: null }, { client_id: clientId }),
    });
    expect(update.statusCode, update.body).toBe(200);
    const japanese = await answer(inherits);
    expect(japanese.language).toBe('ja');
    const pdf = await t.app.inject({ method: 'GET', url: japanese.pdf_url });
    expect((await pageTexts(new Uint8Array(pdf.rawPayload))).join('\n')).toContain('請求書');
  });

  it('prints a percent rate with its three decimals, and the same totals as the owner sees', async () => {
    const id = await newInvoice(t, ada, { tax_percent: 8.875, discount_percent: 12.125, discount_type: 'percent' });
    const { token } = await shareOk(t, ada, id);
    const { invoice } = publicInvoiceResponseSchema.parse((await openLink(t, token)).json());
    expect([invoice.tax, invoice.discount]).toEqual([
      { shown: true, percent: 8.875 },
      { shown: true, percent: 12.125 },
    ]);
    expect(invoice.totals).toEqual((await invoiceOf(t, ada, id)).totals);
  });

  it('shows an uploaded logo by its public address, which a guest can load', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const boundary = 'links-logo';
    const upload = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/upload-logo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const logoUrl = upload.json().logo_url as string;
    const id = await newInvoice(t, ada, { logo_url: logoUrl });
    const { token } = await shareOk(t, ada, id);
    const { invoice } = publicInvoiceResponseSchema.parse((await openLink(t, token)).json());
    expect(invoice.logo_url).toBe(logoUrl);
    const logo = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
  });

  it('answers the same 404 to malformed, unknown and hostile tokens, never a 5xx', async () => {
    const tokens = [
      'x',
      'A'.repeat(24),
      randomBytes(18).toString('base64url'),
      randomBytes(32).toString('base64url'),
      'A'.repeat(23) + '=',
      'A'.repeat(25),
      'a'.repeat(90),
      '%00',
      '..%2F..%2Fetc%2Fpasswd',
      "' or '1'='1",
      '😀'.repeat(12),
      '%E2%80%AEabc',
      ' ',
    ];
    for (const token of tokens) {
      const response = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
      expectLinkNotFound(response, `GET ${token.slice(0, 40)}`);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
      expectLinkNotFound(pdf, `GET ${token.slice(0, 40)}/pdf`);
    }
    // Past the server's limit for a path parameter (100 characters), the path itself is refused, as anywhere.
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${'a'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ success: false });
  });

  it('counts views by guests and other users, never the owner, and the answers gain viewed_at and view_count', async () => {
    const id = await newInvoice(t, ada, { invoice_number: '0042' });
    const { token } = await shareOk(t, ada, id);
    const fresh = await invoiceOf(t, ada, id);
    expect([fresh.viewed_at, fresh.view_count]).toEqual([null, 0]);

    // The owner, signed in, opening their own link: not a view.
    expect((await openLink(t, token, ada.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: `/api/public/invoices/${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` })).statusCode).toBe(200);
    // Views are counted after the answer, by a job (docs/decisions/0051-public-views-off-the-request-path.md).
    await settleQueue(t, 'invoice-links.views');
    const unviewed = await invoiceOf(t, ada, id);
    expect([unviewed.viewed_at, unviewed.view_count]).toEqual([null, 0]);

    expect((await openLink(t, token)).statusCode).toBe(200);
    await settleQueue(t, 'invoice-links.views');
    const viewed = await invoiceOf(t, ada, id);
    expect(viewed.view_count).toBe(1);
    expect(viewed.viewed_at).not.toBeNull();
    expect((await openLink(t, token, bob.cookie)).statusCode).toBe(200);
    expect((await openLink(t, token, ada.cookie)).statusCode).toBe(200);
    await settleQueue(t, 'invoice-links.views');
    const twice = await invoiceOf(t, ada, id);
    expect(twice.view_count).toBe(2);
    expect(twice.viewed_at).toBe(viewed.viewed_at);

    const list = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?search=0042' });
    const row = invoiceListResponseSchema.parse(list.json()).invoices.find((invoice) => invoice.id === id);
    expect(row).toMatchObject({ viewed_at: viewed.viewed_at, view_count: 2 });
    const { rows } = await t.pool.query(
      `select first_viewed_at, last_viewed_at, view_count from invoice_links where invoice_id = $1`,
      [id],
    );
    expect(rows[0].view_count).toBe(2);
    expect(rows[0].last_viewed_at.getTime()).toBeGreaterThanOrEqual(rows[0].first_viewed_at.getTime());
  });

  it('notifies the owner once on the first view, even when the first views come at once', async () => {
    const id = await newInvoice(t, ada, { invoice_number: '0043' });
    const { token } = await shareOk(t, ada, id);
    const responses = await Promise.all(Array.from({ length: 8 }, () => openLink(t, token)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect((await openLink(t, token)).statusCode).toBe(200);
    await settleQueue(t, 'invoice-links.views');

    const { rows } = await t.pool.query(
      `select title, message, type, related_entity_type, related_entity_id from notifications
        where user_id = $1 and related_entity_id = $2 and title like '%was viewed'`,
      [ada.id, id],
    );
    expect(rows).toEqual([
      {
        title: 'Invoice 0043 was viewed',
        message: 'Invoice 0043 was opened from its public link for the first time.',
        type: 'info',
        related_entity_type: 'invoice',
        related_entity_id: id,
      },
    ]);
    expect((await invoiceOf(t, ada, id)).view_count).toBe(9);
    // One "first" entry; the eight other views are merged, not one entry each.
    const viewed = (await activityOf(t, ada, id)).filter((entry) => entry.kind === 'viewed');
    expect(viewed.map(activitySentence)).toEqual(['Viewed 8 more times', 'Viewed for the first time']);
    // Bob saw nothing of it.
    const bobs = await t.pool.query(`select count(*)::int as n from notifications where user_id = $1`, [bob.id]);
    expect(bobs.rows[0].n).toBe(1); // his welcome
  });

  it('counts the first view once when two server processes count views of one link at once', async () => {
    const other = await createTestApp({}, { databaseUrl: t.databaseUrl });
    const id = await newInvoice(t, ada, { invoice_number: '0044' });
    const { token } = await shareOk(t, ada, id);
    const open = (app: TestApp['app']) => app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
    const responses = await Promise.all(Array.from({ length: 12 }, (_, n) => open(n % 2 ? t.app : other.app)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    await Promise.all([settleQueue(t, 'invoice-links.views'), settleQueue(other, 'invoice-links.views')]);

    expect((await invoiceOf(t, ada, id)).view_count).toBe(12);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from notifications where related_entity_id = $1 and title = 'Invoice 0044 was viewed'`,
      [id],
    );
    expect(rows[0].n).toBe(1);
    const viewed = (await activityOf(t, ada, id)).filter((entry) => entry.kind === 'viewed');
    expect(viewed.map(activitySentence)).toEqual(['Viewed 11 more times', 'Viewed for the first time']);
  });

  it('counts the views a stopping server answered: it sends them before it stops', async () => {
    const stopping = await createTestApp({}, { databaseUrl: t.databaseUrl });
    const id = await newInvoice(t, ada, { invoice_number: '0046' });
    const { token } = await shareOk(t, ada, id);
    // The first view is sent at once; the two after it wait for their turn (a second), merged.
    for (let n = 0; n < 3; n++) {
      const response = await stopping.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
      expect(response.statusCode).toBe(200);
    }
    await stopping.app.close();
    // Counted by the process that is still running.
    await settleQueue(t, 'invoice-links.views');
    expect((await invoiceOf(t, ada, id)).view_count).toBe(3);
  });

  it('counts concurrent batches of views exactly: one of them holds the first view', async () => {
    const id = await newInvoice(t, ada, { invoice_number: '0045' });
    await shareOk(t, ada, id);
    const at = new Date().toISOString();
    // Eight counting transactions at once, on eight connections, as jobs of several processes would run.
    await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.app.db.transaction((tx) => countViews(tx, { invoiceId: id, views: n + 1, firstAt: at, lastAt: at })),
      ),
    );
    expect((await invoiceOf(t, ada, id)).view_count).toBe(36);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from notifications where related_entity_id = $1 and title = 'Invoice 0045 was viewed'`,
      [id],
    );
    expect(rows[0].n).toBe(1);
    const viewed = (await activityOf(t, ada, id)).filter((entry) => entry.kind === 'viewed');
    expect(viewed.map(activitySentence)).toEqual(['Viewed 35 more times', 'Viewed for the first time']);
  });

  it('serves the PDF of the link, named as downloads are, through the PDF engine', async () => {
    const id = await newInvoice(t, ada, { invoice_number: 'PDF/1' });
    const { token } = await shareOk(t, ada, id);
    const response = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(response.headers['content-disposition']).toContain('filename="pdf_1_2026-11-21.pdf"');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    // The invoice as the engine draws it: its number and the total of the one totals function.
    const text = (await pageTexts(new Uint8Array(response.rawPayload))).join('\n');
    expect(text).toContain('PDF/1');
    expect(text).toContain('€104.28');
  });
});

describe('GET /api/invoices/{id}/activity', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    ({ t, ada } = await adaAndBob());
  });

  it('records creation, saves (merged), status changes, links and views, newest first', async () => {
    const id = await newInvoice(t, ada, { invoice_number: '0100' });
    const save = async (status?: string) => {
      const response = await as(
        t.app,
        ada,
      )({
        method: 'PUT',
        url: `/api/invoices/${id}`,
        payload: savedPayload(ada, { invoice_number: '0100' }, status ? { status } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save();
    await save();
    await save('sent');
    const status = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'paid' } });
    expect(status.statusCode).toBe(200);
    // Setting the status it has changes nothing, and records nothing.
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'paid' } });
    const { token } = await shareOk(t, ada, id);
    await shareOk(t, ada, id, { replace: true });
    expect((await openLink(t, token)).statusCode).toBe(404);
    const { token: current } = await shareOk(t, ada, id);
    expect((await openLink(t, current)).statusCode).toBe(200);
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}/share` })).statusCode).toBe(200);
    // Counted after the answer, and after the link was turned off: the view still counts, dated when it was answered.
    await settleQueue(t, 'invoice-links.views');

    const activity = await activityOf(t, ada, id);
    expect(activity.map(activitySentence)).toEqual([
      'Link turned off',
      'Viewed for the first time',
      'Link replaced',
      'Link created',
      'Status changed to Paid',
      'Marked as paid: payment of €104.28 recorded',
      'Status changed to Sent',
      'Edited (3 saves)',
      'Created',
    ]);
    expect(activity.find((entry) => entry.kind === 'status_changed')?.data).toEqual({ from: 'sent', to: 'paid' });
    const times = activity.map((entry) => Date.parse(String(entry.created_at)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(activity.map((entry) => entry.id)).size).toBe(activity.length);
  });

  it('answers 404 for an unknown invoice and 400 for a malformed id', async () => {
    const unknown = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${randomUUID()}/activity` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await as(t.app, ada)({ method: 'GET', url: '/api/invoices/nope/activity' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('public link limits', () => {
  const host = 'invoices.example.com';
  let t: TestApp, cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: '3', PUBLIC_URL: `https://${host}` });
    // With PUBLIC_URL set the server answers only for its host, so the account is made by hand.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { host },
      payload: { first_name: 'Ada', last_name: 'L', email: uniqueEmail(), password: 'correct horse' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    cookie = sessionCookie(signup)!;
  });

  it('builds links on PUBLIC_URL and limits opened links per client address', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: { cookie, host },
      payload: savedPayload({ id: '' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/share`,
      headers: { cookie, host },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { url, token } = shareResponseSchema.parse(response.json());
    expect(url).toBe(`https://invoices.example.com/i/${token}`);

    const open = (remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/public/invoices/${token}`,
        headers: { host },
        remoteAddress,
      });
    for (let n = 0; n < 3; n++) expect((await open('203.0.113.7')).statusCode).toBe(200);
    const limited = await open('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await open('203.0.113.8')).statusCode).toBe(200);
  });
});
