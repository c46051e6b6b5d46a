import { randomUUID } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedPayload } from './invoice-fixtures';
import { authModeOf } from '../src/plugins/session';
import { signUp, type TestAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { dbFingerprint } from './db-fingerprint';
import { settleQueue } from './jobs';
import { multipart, noisePng, pngDecompressionBomb } from './upload-fixtures';

/**
 * The security suite's request-level checks (issue 8 item 1): cross-site writes refused on every
 * state-changing route, the response headers (strict CSP on the SPA, nosniff, no framing), and
 * hostile uploads (an HTML file named .png, an SVG with a script, 20 MB, decompression bombs,
 * a PNG carrying HTML after its end) — each refusal leaving every table as it was.
 */

const CROSS_SITE = { success: false, error: 'Cross-site requests are not allowed.' };

function expectEnvelope(response: LightMyRequestResponse, label: string) {
  const body = response.json();
  expect(body.success, label).toBe(false);
  expect(typeof body.error, label).toBe('string');
  expect(body.error.length, label).toBeGreaterThan(0);
}

describe('cross-site requests, security headers and hostile uploads', () => {
  const writes: { method: string; url: string }[] = [];
  const signedIn: { method: string; url: string }[] = [];
  let t: TestApp;
  let account: TestAccount;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'security-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log(1);');
    t = await createTestApp(
      { WEB_DIST_DIR: distDir },
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) {
            if (!['GET', 'HEAD', 'OPTIONS'].includes(String(method)))
              writes.push({ method: String(method), url: route.url });
            if (authModeOf(route) !== 'public') signedIn.push({ method: String(method), url: route.url });
          }
        },
      },
    );
    account = await signUp(t.app);
  });

  it('refuses every state-changing route from another site, before anything runs', async () => {
    expect(writes.length).toBeGreaterThanOrEqual(20);
    const hostile = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const { method, url } of writes) {
      for (const headers of hostile) {
        const before = await dbFingerprint(t.pool);
        const response = await t.app.inject({
          method: method as HTTPMethods,
          url: url.replace(/:[A-Za-z_]+/g, () => randomUUID()),
          payload: { name: 'Cross', email: 'cross@example.com' },
          headers: { ...headers, cookie: account.cookie },
        });
        const label = `${method} ${url} with ${JSON.stringify(headers)}`;
        expect(response.statusCode, label).toBe(403);
        expect(response.json(), label).toEqual(CROSS_SITE);
        expect(await dbFingerprint(t.pool), label).toEqual(before);
      }
    }
  });

  it('lets the same request through from our own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Same site', email: 'same@example.com' },
      headers: { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin', cookie: account.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('serves the SPA with a strict Content-Security-Policy, nosniff and no framing', async () => {
    for (const url of ['/', '/invoices/new', '/settings?tab=profile', `/i/${'A'.repeat(24)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      // A public invoice page is never indexed; the product's other pages may be.
      expect(response.headers['x-robots-tag'], url).toBe(url.startsWith('/i/') ? 'noindex, nofollow' : undefined);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name, ...values] = part.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('default-src'), csp).toEqual(["'self'"]);
      expect(directives.get('script-src'), csp).toEqual(["'self'"]);
      expect(directives.get('object-src'), csp).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), csp).toEqual(["'none'"]);
      expect(directives.get('base-uri'), csp).toEqual(["'self'"]);
      expect(directives.get('form-action'), csp).toEqual(["'self'"]);
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(['DENY', 'SAMEORIGIN']).toContain(response.headers['x-frame-options']);
      expect(response.headers['referrer-policy'], url).toBeDefined();
    }
  });

  it('sends nosniff and the CSP on API answers, errors and assets too', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/nothing-here', 404],
      ['/assets/app.js', 200],
      ['/api/invoices', 401],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('answers every request made with a session Cache-Control: no-store, whatever its status', async () => {
    // Issue 13: signed-in JSON carried no Cache-Control, so a shared cache or the back button after
    // sign-out could show one user's data. Every route that reads the session, called signed in.
    expect(signedIn.length).toBeGreaterThanOrEqual(30);
    const owner = await signUp(t.app);
    const statuses = new Set<number>();
    for (const { method, url } of signedIn) {
      const response = await t.app.inject({
        method: method as HTTPMethods,
        url: url.replace(/:[A-Za-z_]+/g, () => randomUUID()),
        ...(['GET', 'HEAD'].includes(method) ? {} : { payload: { name: 'Cached?', email: 'cache@example.com' } }),
        headers: { cookie: owner.cookie },
      });
      statuses.add(response.statusCode);
      expect(response.headers['cache-control'], `${method} ${url} → ${response.statusCode}`).toBe('no-store');
    }
    expect([...statuses].some((status) => status < 300) && [...statuses].some((status) => status >= 400)).toBe(true);
    // A guest's public answer is not marked (the web app's files and logos stay cacheable).
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).not.toBe('no-store');
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: owner.email, password: owner.password },
    });
    expect([signin.statusCode, signin.headers['cache-control']]).toEqual([200, 'no-store']);
  });

  it('answers a path parameter the router refuses (too long, bad percent-encoding) with the envelope', async () => {
    // Found by the fuzz suite: Fastify's router answered these with its own JSON, not the envelope.
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/clients/${'x'.repeat(150)}`,
      headers: { cookie: account.cookie },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, error: 'The address is too long.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/logos/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: 'The address is not valid.' });
  });

  it('refuses a NUL character in any stored text with a 400 naming the field, storing nothing', async () => {
    // Found by the fuzz suite (FC_SEED=3): PostgreSQL text cannot hold U+0000, the insert failed with a 500.
    const cases = [
      [
        '/api/auth/signup',
        'POST',
        { first_name: 'A', last_name: 'B\u0000', email: 'nul@example.com', password: 'correct horse' },
        'Last name',
      ],
      ['/api/users/profile', 'PUT', { first_name: '\u0000', last_name: 'B' }, 'First name'],
      ['/api/support', 'POST', { issueType: 'other', details: 'Help\u0000' }, 'Details'],
      ['/api/auth/signin', 'POST', { email: 'a\u0000@example.com', password: 'correct horse' }, 'Email'],
    ] as const;
    // The export the route sweep above started commits its ZIP, its row and a notification when its job runs.
    await settleQueue(t, 'account-export.run');
    for (const [url, method, payload, field] of cases) {
      const before = await dbFingerprint(t.pool);
      const response = await t.app.inject({ method, url, payload, headers: { cookie: account.cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error, url).toBe(`${field} contains a character that is not allowed.`);
      expect(await dbFingerprint(t.pool), url).toEqual(before);
    }
  });

  it('refuses a lone surrogate in invoice text (a 500 before) and in names (stored as U+FFFD before), storing nothing', async () => {
    // Issue 13: PostgreSQL's JSONB refused \ud800 in from/to/terms/payment fields (500), and text
    // columns stored it as U+FFFD, so x\ud800y and x\udc00y collided as invoice numbers (409).
    const invoiceCases: Array<[Record<string, unknown>, string]> = [
      [{ from: 'Ada\ud800' }, 'From'],
      [{ to: 'x\udc00y' }, 'To'],
      [{ terms: '\ud800' }, 'Terms'],
      [{ payment_details: 'IBAN\ud83d' }, 'Payment details'],
      [{ payment_instructions: 'pay\ude00' }, 'Payment instructions'],
      [{ invoice_number: 'x\ud800y' }, 'Invoice number'],
      [{ invoice_number: 'x\udc00y' }, 'Invoice number'],
      [{ items: [{ name: 'Work\ud800', quantity: 1, unit_cost: 1 }] }, 'Item name'],
    ];
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into invoices (user_id, invoice_number, currency, data) values ($1, 'S-1', 'EUR', '{}') returning id`,
      [account.id],
    );
    const cases: Array<[string, 'POST' | 'PUT', unknown, string]> = [
      ...invoiceCases.flatMap(([data, field]) => [
        ['/api/invoices', 'POST', savedPayload(account, data), field] as [string, 'POST', unknown, string],
        [`/api/invoices/${rows[0]!.id}`, 'PUT', savedPayload(account, data), field] as [string, 'PUT', unknown, string],
      ]),
      ['/api/clients', 'POST', { name: 'Acme\ud800', email: 'a@example.com' }, 'Name'],
      ['/api/businesses', 'POST', { name: 'Mine', email: 'b@example.com', address: '\udfff' }, 'Address'],
      ['/api/users/profile', 'PUT', { first_name: 'Ada', last_name: '\ud800' }, 'Last name'],
      ['/api/support', 'POST', { issueType: 'other', details: 'Help \udc00' }, 'Details'],
      ['/api/auth/signin', 'POST', { email: account.email, password: 'correct\ud800horse' }, 'Password'],
    ];
    for (const [url, method, payload, field] of cases) {
      const before = await dbFingerprint(t.pool);
      const response = await t.app.inject({
        method,
        url,
        payload: payload as object,
        headers: { cookie: account.cookie },
      });
      const label = `${method} ${url} ${field}: ${response.body.slice(0, 200)}`;
      expect(response.statusCode, label).toBe(400);
      expect(response.json().errors, label).toEqual([`${field} contains a character that is not allowed.`]);
      expect(await dbFingerprint(t.pool), label).toEqual(before);
    }
    const fffd = await t.pool.query(
      `select count(*)::int as n from invoices where invoice_number like '%\uFFFD%' or data::text like '%\uFFFD%'`,
    );
    expect(fffd.rows[0].n).toBe(0);
  });

  async function refusedUpload(label: string, request: { payload: Buffer | string; headers: Record<string, string> }) {
    const before = await dbFingerprint(t.pool);
    const response = await t.app.inject({ method: 'POST', url: '/upload-logo', ...request });
    expect([400, 413], `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
      response.statusCode,
    );
    expectEnvelope(response, label);
    expect(await dbFingerprint(t.pool), label).toEqual(before);
  }

  it('refuses hostile uploads with the envelope and stores nothing', async () => {
    await refusedUpload('an HTML file named .png', multipart(Buffer.from('<html><script>alert(1)</script></html>')));
    await refusedUpload(
      'an SVG with a script',
      multipart(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
      ),
    );
    await refusedUpload('an SVG named .png', multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
    const twentyMegabytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(20 * 1024 * 1024),
    ]);
    await refusedUpload('a 20 MB file', multipart(twentyMegabytes));
    await refusedUpload('a decompression bomb', multipart(pngDecompressionBomb()));
  });

  it('refuses a 20 MB JSON body and a decompression bomb as a data URL logo', async () => {
    const before = await dbFingerprint(t.pool);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      payload: JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024), email: 'big@example.com' }),
      headers: { 'content-type': 'application/json', cookie: account.cookie },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ success: false, error: 'The request body is too large (at most 1 MB).' });
    const bombUrl = `data:image/png;base64,${pngDecompressionBomb().toString('base64')}`;
    for (const url of ['/generate-invoice', '/preview-invoice']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { from: 'A', to: 'B', items: [{ name: 'x', quantity: 1, unit_cost: 1 }], logo_url: bombUrl },
      });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode !== 200) expectEnvelope(response, url);
    }
    expect(await dbFingerprint(t.pool)).toEqual(before);
  });

  it('re-encodes an accepted image: HTML hidden after a PNG is not served back, and the logo cannot run', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const upload = await t.app.inject({ method: 'POST', url: '/upload-logo', ...multipart(polyglot, 'x.html') });
    expect(upload.statusCode, upload.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: upload.json().logo_url });
    expect(served.statusCode).toBe(200);
    // Re-encoded: an opaque image may come back as JPEG, never as what the name or the bytes claimed.
    expect(['image/png', 'image/jpeg']).toContain(served.headers['content-type']);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
  });
});

describe('the Host header with PUBLIC_URL set', () => {
  let t: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://invoices.example.com' });
    proxied = await createTestApp({ PUBLIC_URL: 'https://invoices.example.com', TRUST_PROXY: 'true' });
  });

  it('answers 421 for another host, before anything runs, and serves its own', async () => {
    const misdirected = { success: false, error: 'This server answers only for invoices.example.com.' };
    for (const host of [
      'evil.example',
      'invoices.example.com.evil.example',
      '127.0.0.1:3000',
      'invoices.example.com:8443',
    ]) {
      for (const [method, url] of [
        ['GET', '/api/auth/session'],
        ['GET', '/'],
        ['POST', '/api/auth/signin'],
        ['GET', '/api/invoices'],
      ] as const) {
        const before = await dbFingerprint(t.pool);
        const response = await t.app.inject({
          method,
          url,
          headers: { host },
          ...(method === 'POST' ? { payload: { email: 'a@example.com', password: 'x' } } : {}),
        });
        expect([response.statusCode, response.json()], `${method} ${url} Host: ${host}`).toEqual([421, misdirected]);
        expect(await dbFingerprint(t.pool)).toEqual(before);
      }
    }
    for (const host of ['invoices.example.com', 'INVOICES.example.com', 'invoices.example.com:443']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
  });

  it("keeps GET /api/health open to a load balancer's probe by address", async () => {
    for (const host of ['10.0.0.5:3000', 'evil.example']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url: '/api/health', headers: { host } });
        expect(response.statusCode, `${method} ${host}`).toBe(200);
      }
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/health', headers: { host: 'evil.example' } });
    expect(post.statusCode).toBe(421);
  });

  it('reads the host from X-Forwarded-Host behind a trusted proxy', async () => {
    const good = await proxied.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
      headers: { host: 'app:3000', 'x-forwarded-host': 'invoices.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(good.statusCode).toBe(200);
    const bad = await proxied.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
      headers: { host: 'invoices.example.com', 'x-forwarded-host': 'evil.example' },
    });
    expect(bad.statusCode).toBe(421);
  });
});

describe('bounded guest logo storage', () => {
  let t: TestApp;
  const quota = 1024 * 1024;

  beforeAll(async () => {
    t = await createTestApp({ GUEST_LOGO_BYTES_PER_DAY: String(quota) });
  });

  const upload = (png: Buffer, ip: string) =>
    t.app.inject({ method: 'POST', url: '/upload-logo', ...multipart(png), remoteAddress: ip });
  const storedBytes = async () =>
    (
      await t.pool.query<{ n: number; bytes: number }>(
        `select count(*)::int as n, coalesce(sum(byte_size), 0)::int as bytes from logos`,
      )
    ).rows[0]!;

  it('stores the same logo uploaded again and again by guests once', async () => {
    // Issue 13: every anonymous upload of one 2 MB PNG was stored again under a new id.
    const png = await noisePng(400);
    const urls = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const response = await upload(png, `10.8.0.${i}`);
      expect(response.statusCode, response.body).toBe(201);
      urls.add(response.json().logo_url);
    }
    expect(urls.size).toBe(1);
    expect((await storedBytes()).n).toBe(1);
  });

  it('refuses a guest address past its daily quota of new logos with 429, storing nothing; another address has its own', async () => {
    const before = await storedBytes();
    const statuses: number[] = [];
    const accepted: Buffer[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i++) {
      const png = await noisePng();
      statuses.push((await upload(png, '10.8.1.1')).statusCode);
      if (statuses.at(-1) === 201) accepted.push(png);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 201) && statuses.length > 1).toBe(true);
    const after = await storedBytes();
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(quota);
    const refused = await upload(await noisePng(), '10.8.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Guests can upload 1 MB of new logos a day. Sign in to upload more, or try again tomorrow.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await storedBytes()).toEqual(after);
    // The same address may still re-use a logo it stored (nothing new is stored).
    expect((await upload(accepted[0]!, '10.8.1.1')).statusCode).toBe(201);
    expect((await upload(await noisePng(), '10.8.1.2')).statusCode).toBe(201);
    // Signed-in uploads are the account's (deleted with it) and have no guest quota.
    const account = await signUp(t.app);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/upload-logo',
      payload: multipart(await noisePng()).payload,
      headers: { ...multipart(Buffer.alloc(0)).headers, cookie: account.cookie },
      remoteAddress: '10.8.1.1',
    });
    expect(mine.statusCode).toBe(201);
  });
});
