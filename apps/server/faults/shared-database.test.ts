import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createDatabase,
  exitOf,
  invoiceBody,
  migrationCount,
  faultHarness,
  signUp,
  startServer,
} from './server-process';

/**
 * Two servers started at the same instant against one empty database (a rolling deploy, or two
 * replicas): the migrations must not race. Both come up, each migration is applied once, and
 * each server sees what the other writes.
 */

const harness = faultHarness();
const { running } = harness;

describe('two servers against one database', () => {
  it('start together on an empty database, migrate it once, and share its data', async () => {
    const databaseUrl = await createDatabase(harness.postgres.url, 'shared');
    const [a, b] = await Promise.all([
      startServer({ DATABASE_URL: databaseUrl }, running),
      startServer({ DATABASE_URL: databaseUrl }, running),
    ]);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const applied = await db.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows).toHaveLength(migrationCount());
      expect(applied.rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await db.end();
    }

    // Signed up on one, saved on the other, read back on the first.
    const account = await signUp(a.url, 'shared@example.com');
    const saved = await fetch(`${b.url}/api/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: account.cookie },
      body: JSON.stringify(invoiceBody(account.userId, 'SHARED-1', 7).body),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const read = await fetch(`${a.url}/api/invoices/${id}`, { headers: { cookie: account.cookie } });
    expect(read.status).toBe(200);

    // The same number saved on both at once: one 201, one 409, never two invoices.
    const race = await Promise.all(
      [a, b].map((server) =>
        fetch(`${server.url}/api/invoices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: account.cookie },
          body: JSON.stringify(invoiceBody(account.userId, 'SHARED-2', 8).body),
        }).then((response) => response.status),
      ),
    );
    expect(race.sort()).toEqual([201, 409]);

    for (const server of [a, b]) {
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toBe(0);
    }
  });
});
