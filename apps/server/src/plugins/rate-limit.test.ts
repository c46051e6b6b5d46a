import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

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
