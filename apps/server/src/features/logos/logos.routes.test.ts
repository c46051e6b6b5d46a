import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { signUp } from '../../../test/accounts';
import { savedPayload } from '../../../test/invoice-fixtures';
import { multipart, noisePng, pngDecompressionBomb } from '../../../test/upload-fixtures';
import { runQueue } from '../../../test/jobs';

describe('logos', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await sharedTestApp();
    photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } })
      .withMetadata({ exif: { IFD0: { Artist: 'secret-location' } } })
      .jpeg()
      .toBuffer();
  });

  it('stores a re-encoded, scaled-down logo without metadata and serves it', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/upload-logo',
      ...multipart(photo, 'logo.jpg', 'image/jpeg'),
    });
    expect(upload.statusCode).toBe(201);
    const { success, logo_url } = upload.json();
    expect(success).toBe(true);
    expect(logo_url).toMatch(/^\/api\/logos\/[0-9a-f-]{36}$/);

    const served = await t.app.inject({ method: 'GET', url: logo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(1200);
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('keeps transparency as PNG and embeds the logo in the PDF', async () => {
    const transparent = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: '/upload-logo',
      ...multipart(transparent, 'l.webp', 'image/webp'),
    });
    expect(upload.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: upload.json().logo_url });
    expect(served.headers['content-type']).toBe('image/png');

    const pdf = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: {
        from: 'A',
        to: 'B',
        items: [{ name: 'x', quantity: 1, unit_cost: 1 }],
        logo_url: upload.json().logo_url,
      },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('accepts a logo as a data URL in the invoice body', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/generate-invoice',
      payload: {
        from: 'A',
        to: 'B',
        items: [{ name: 'x', quantity: 1, unit_cost: 1 }],
        logo_url: `data:image/png;base64,${png.toString('base64')}`,
      },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it.each([
    [
      'an HTML file named .png',
      () => multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'),
      'PNG, JPEG, WebP or GIF',
    ],
    [
      'an SVG with a script',
      () =>
        multipart(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
      'PNG, JPEG, WebP or GIF',
    ],
    [
      'a file over 2 MB',
      () =>
        multipart(
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(2 * 1024 * 1024 + 10)]),
          'big.png',
          'image/png',
        ),
      'at most 2 MB',
    ],
    ['a decompression bomb', () => multipart(pngDecompressionBomb(), 'bomb.png', 'image/png'), 'too large'],
    [
      'a truncated PNG',
      () => multipart(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 't.png', 'image/png'),
      'could not be read',
    ],
    ['another field name', () => multipart(Buffer.from([0x89, 0x50]), 'x.png', 'image/png', 'file'), 'field "logo"'],
    ['an empty file', () => multipart(Buffer.alloc(0), 'x.png', 'image/png'), 'choose an image'],
  ])('refuses %s with a 400 and stores nothing', async (_name, build, message) => {
    const before = await t.pool.query('select count(*)::int as n from logos');
    const response = await t.app.inject({ method: 'POST', url: '/upload-logo', ...build() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    const after = await t.pool.query('select count(*)::int as n from logos');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a JSON body and answers 404 for an unknown or malformed logo id', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/upload-logo', payload: { logo: 'x' } });
    expect(json.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/logos/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/logos/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
  });

  it('stores the same bytes once per owner: once for all guests, once per user', async () => {
    const png = await noisePng(64);
    const upload = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/upload-logo',
        ...multipart(png),
        ...(cookie ? { headers: { ...multipart(png).headers, cookie } } : {}),
      });
    const guest1 = await upload();
    const guest2 = await upload();
    expect([guest1.statusCode, guest2.statusCode]).toEqual([201, 201]);
    expect(guest2.json().logo_url).toBe(guest1.json().logo_url);
    const account = await signUp(t.app);
    const mine1 = await upload(account.cookie);
    const mine2 = await upload(account.cookie);
    expect(mine2.json().logo_url).toBe(mine1.json().logo_url);
    // The user's copy is theirs (it goes with the account), not the guests' one.
    expect(mine1.json().logo_url).not.toBe(guest1.json().logo_url);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from logos where sha256 = (select sha256 from logos where id = $1)`,
      [guest1.json().logo_url.split('/').at(-1)],
    );
    expect(rows[0].n).toBe(2);
  });

  it('sweeps guest logos nothing uses 24 hours after their last upload (a job), keeping used and owned ones', async () => {
    const account = await signUp(t.app);
    const upload = async (cookie?: string) => {
      const png = await noisePng(32);
      const response = await t.app.inject({
        method: 'POST',
        url: '/upload-logo',
        payload: multipart(png).payload,
        headers: { ...multipart(png).headers, ...(cookie ? { cookie } : {}) },
      });
      expect(response.statusCode).toBe(201);
      return response.json().logo_url as string;
    };
    const [unused, onInvoice, onBusiness, recent, owned] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(account.cookie),
    ];
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(account, { logo_url: onInvoice }),
      headers: { cookie: account.cookie },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const business = await t.app.inject({
      method: 'POST',
      url: '/api/businesses',
      payload: { name: 'Logo Ltd', email: 'logo@example.com', logo_url: onBusiness },
      headers: { cookie: account.cookie },
    });
    expect(business.statusCode, business.body).toBe(201);
    const idOf = (url: string) => url.split('/').at(-1)!;
    await t.pool.query(`update logos set created_at = now() - interval '25 hours' where id = any($1::uuid[])`, [
      [unused, onInvoice, onBusiness, owned].map(idOf),
    ]);

    await runQueue(t, 'logos.sweep', {});
    for (const [url, status] of [
      [unused, 404],
      [onInvoice, 200],
      [onBusiness, 200],
      [recent, 200],
      [owned, 200],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(status);
    }
    // Once the invoice is gone, its guest logo goes at the next sweep.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/invoices/${saved.json().id}`,
      headers: { cookie: account.cookie },
    });
    await runQueue(t, 'logos.sweep', {});
    expect((await t.app.inject({ method: 'GET', url: onInvoice })).statusCode).toBe(404);
  });

  it('sweeps every hour, a batch per job: a backlog of 1,200 goes in one run', async () => {
    const { rows: schedule } = await t.pool.query(
      `select cron, timezone from pgboss.schedule where name = 'logos.sweep'`,
    );
    expect(schedule).toEqual([{ cron: '25 * * * *', timezone: 'UTC' }]);
    await t.pool.query(
      `insert into logos (mime_type, bytes, byte_size, width, height, sha256, created_at)
       select 'image/png', '\\x00', 1, 1, 1, 'backlog-' || n, now() - interval '2 days' from generate_series(1, 1200) as n`,
    );
    const backlog = () =>
      t.pool
        .query<{ n: number }>(`select count(*)::int as n from logos where sha256 like 'backlog-%'`)
        .then(({ rows }) => rows[0]!.n);
    expect(await backlog()).toBe(1200);
    await runQueue(t, 'logos.sweep', {});
    expect(await backlog()).toBe(0);
  });
});
