import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { as, createInvoice } from '../../test/invoice-fixtures';
import { waitFor } from '../../test/wait-for';

const body = { from: 'A', to: 'B', items: [{ name: 'x', quantity: 1, unit_cost: 1 }] };

describe('rate limits on the public endpoints', () => {
  it('answers 429 with the envelope past the limit, per client address, counted in PostgreSQL', async () => {
    const { app, pool } = await createTestApp({ RATE_LIMIT_DOCUMENTS_PER_MINUTE: '2' });
    const post = (ip: string) =>
      app.inject({ method: 'POST', url: '/generate-invoice', payload: body, remoteAddress: ip });
    expect((await post('10.0.0.1')).statusCode).toBe(200);
    expect((await post('10.0.0.1')).statusCode).toBe(200);
    const limited = await post('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false });
    expect(limited.json().error).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Another address has its own window.
    expect((await post('10.0.0.2')).statusCode).toBe(200);
    const { rows } = await pool.query(`select key, count from rate_limits where key like '%10.0.0.1' `);
    expect(rows).toEqual([{ key: 'POST /generate-invoice:10.0.0.1', count: 3 }]);
  });
});

describe('limits counted after the reply (the public invoice page)', () => {
  let t: TestApp, token: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: '3' });
    const ada = await signUp(t.app);
    const id = await createInvoice(t.app, ada);
    const shared = await as(t.app, ada)({ method: 'POST', url: `/api/invoices/${id}/share` });
    expect(shared.statusCode, shared.body).toBe(201);
    token = shared.json().token as string;
  });
  const open = (app: TestApp['app'], remoteAddress: string) =>
    app.inject({ method: 'GET', url: `/api/public/invoices/${token}`, remoteAddress });
  const counted = async (remoteAddress: string) => {
    const { rows } = await t.pool.query<{ count: number }>(`select count from rate_limits where key = $1`, [
      `GET /api/public/invoices/:token:${remoteAddress}`,
    ]);
    return rows[0]?.count ?? 0;
  };

  it('lets exactly the limit through when the requests of one process come at once, and writes every hit', async () => {
    const answers = await Promise.all(Array.from({ length: 7 }, () => open(t.app, '198.51.100.1')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429]);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ success: false });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Written after the replies, in PostgreSQL, refused ones included (as the counted-first limits count them).
    await waitFor(async () => (await counted('198.51.100.1')) === 7);
  });

  it("shares the window with another process, which learns of the other's hits at its next write", async () => {
    const other = await createTestApp({ RATE_LIMIT_PUBLIC_LINKS_PER_MINUTE: '3' }, { databaseUrl: t.databaseUrl });
    const address = '198.51.100.2';
    expect((await open(t.app, address)).statusCode).toBe(200);
    expect((await open(t.app, address)).statusCode).toBe(200);
    await waitFor(async () => (await counted(address)) === 2);
    // The other process knew nothing of the address: its first request is decided on its own hit, and its
    // write learns the window's count (3), so its next request is refused, as is the first process's.
    expect((await open(other.app, address)).statusCode).toBe(200);
    await waitFor(async () => (await counted(address)) === 3);
    expect((await open(other.app, address)).statusCode).toBe(429);
    // The first process last heard 2 from the database: it lets one more through (the bound of
    // docs/decisions/0051-public-views-off-the-request-path.md, one request per other process), and its write
    // brings it up to date.
    expect((await open(t.app, address)).statusCode).toBe(200);
    await waitFor(async () => (await counted(address)) === 5);
    expect((await open(t.app, address)).statusCode).toBe(429);
    // Another address has its own window.
    expect((await open(other.app, '198.51.100.3')).statusCode).toBe(200);
  });
});
