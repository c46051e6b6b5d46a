import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { multipart, pngDecompressionBomb } from '../../../test/upload-fixtures';

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
});
