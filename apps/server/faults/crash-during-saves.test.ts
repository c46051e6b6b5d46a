import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, exitOf, invoiceBody, faultHarness, signUp, startServer, withDatabase } from './server-process';

/**
 * kill -9 of the server while 500 invoice saves are in flight: every save the client saw
 * acknowledged must be there whole after a restart, and no invoice may exist in part
 * (a row without its items, items without their row, a total that is not its lines' sum,
 * or a per-user aggregate that no longer matches the invoices).
 */

const SAVES = 500;
const harness = faultHarness();
const { running } = harness;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'invoicer-crash-'));
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The embedded cluster's address, read from its own files (its port changes with every start). */
async function embeddedUrl(): Promise<string> {
  const password = (await fs.readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const port = (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

const modes = [
  // The product's default: the server owns its PostgreSQL, which outlives the killed process as an orphan.
  { name: 'on the embedded PostgreSQL (DATA_DIR)', env: () => ({ DATA_DIR: dataDir }), url: embeddedUrl },
  {
    name: 'on a PostgreSQL server (DATABASE_URL)',
    env: async () => ({ DATABASE_URL: await createDatabase(harness.postgres.url, 'crash_saves') }),
    url: async () => withDatabase(harness.postgres.url, 'crash_saves'),
  },
];

describe.each(modes)('kill -9 during 500 concurrent saves $name', (mode) => {
  it('keeps every acknowledged save whole and leaves no partial invoice', async () => {
    const env = await mode.env();
    const first = await startServer(env, running);
    const account = await signUp(first.url, 'crash@example.com');

    const bodies = Array.from({ length: SAVES }, (_, i) => invoiceBody(account.userId, `CRASH-${i}`, i));
    // Each save carries its Idempotency-Key (ADR 12), as the editor sends one, and keeps it for a retry.
    const keys = bodies.map(() => randomUUID());
    const acknowledged = new Map<string, { id: string; index: number }>();
    const outcomes = { acknowledged: 0, refused: [] as string[], cut: 0 };
    let killed = false;
    let killAfter = 0;
    // The client hears of commits late (one run: 424 of 500 stored when 71 were acknowledged), so the
    // kill comes early, while some saves still wait for a pool connection.
    const killAt = Math.floor(SAVES / 10) + Math.floor(Math.random() * (SAVES / 10));

    const saves = bodies.map(async ({ body }, index) => {
      try {
        const response = await fetch(`${first.url}/api/invoices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: account.cookie, 'idempotency-key': keys[index]! },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status === 201) {
          const { id } = JSON.parse(text) as { id: string };
          acknowledged.set(body.data.invoice_number, { id, index });
          outcomes.acknowledged++;
          if (!killed && outcomes.acknowledged >= killAt) {
            killed = true;
            killAfter = outcomes.acknowledged;
            first.child.kill('SIGKILL');
          }
        } else {
          outcomes.refused.push(`${response.status} ${text}`);
        }
      } catch {
        outcomes.cut++; // the connection died with the server: the client does not know the outcome
      }
    });
    await Promise.all(saves);
    await exitOf(first.child);

    // The kill landed mid-flight: some saves were acknowledged, some never answered.
    expect(killed).toBe(true);
    expect(outcomes.refused).toEqual([]);
    expect(outcomes.cut).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    console.info(
      `[faults] kill -9 after ${killAfter} acknowledged saves: ${acknowledged.size} acknowledged in all, ${outcomes.cut} cut off, of ${SAVES}`,
    );

    const restarted = await startServer(env, running);

    // Every acknowledged save, read back through the API, is what was sent.
    for (const [number, { id, index }] of acknowledged) {
      const response = await fetch(`${restarted.url}/api/invoices/${id}`, { headers: { cookie: account.cookie } });
      expect(response.status, number).toBe(200);
      const { invoice } = (await response.json()) as {
        invoice: { invoice_number: string; total_amount: number; data: { items: Array<{ name: string }> } };
      };
      const sent = bodies[index]!;
      expect(invoice.invoice_number).toBe(number);
      expect(Math.round(invoice.total_amount * 100)).toBe(sent.totalCents);
      expect(invoice.data.items.map((item) => item.name)).toEqual(sent.body.data.items.map((item) => item.name));
    }

    // No partial invoice among everything stored, acknowledged or not.
    const storedIds = new Map<string, string>();
    const db = new pg.Client({ connectionString: await mode.url() });
    await db.connect();
    try {
      const { rows } = await db.query<{
        id: string;
        invoice_number: string;
        total_minor: string;
        items: number;
        sum: string;
      }>(
        `select i.id, i.invoice_number, i.total_minor, count(it.id)::int as items, coalesce(sum(it.amount_minor), 0) as sum
           from invoices i left join invoice_items it on it.invoice_id = i.id
          where i.user_id = $1 group by i.id`,
        [account.userId],
      );
      for (const row of rows) storedIds.set(row.invoice_number, row.id);
      for (const number of acknowledged.keys()) expect(storedIds.has(number), number).toBe(true);
      for (const row of rows) {
        const sent = bodies[Number(row.invoice_number.slice('CRASH-'.length))]!;
        expect({
          number: row.invoice_number,
          items: row.items,
          total: Number(row.total_minor),
          sum: Number(row.sum),
        }).toEqual({ number: row.invoice_number, items: sent.itemCount, total: sent.totalCents, sum: sent.totalCents });
      }
      const orphans = await db.query(
        'select count(*)::int as n from invoice_items it where not exists (select 1 from invoices i where i.id = it.invoice_id)',
      );
      expect(orphans.rows[0].n).toBe(0);
      // The aggregate the dashboard reads, against a recount of the invoices that survived.
      const stats = await db.query(
        `select coalesce(sum(invoice_count), 0)::int as n, coalesce(sum(total_minor), 0)::bigint as total
           from invoice_stats where user_id = $1`,
        [account.userId],
      );
      const recount = await db.query(
        `select count(*)::int as n, coalesce(sum(total_minor), 0)::bigint as total from invoices where user_id = $1`,
        [account.userId],
      );
      expect(stats.rows[0]).toEqual(recount.rows[0]);
      console.info(
        `[faults] after restart: ${rows.length} of ${SAVES} invoices stored, all whole (${rows.length - acknowledged.size} committed but never acknowledged)`,
      );
    } finally {
      await db.end();
    }

    // The cut-off saves sent again with their keys: the ones that had committed answer the invoice
    // they created (replayed, same id), the others are created now; never a 409, never a copy.
    // Sixteen at a time, as a client's connection pool would send them, not hundreds at once.
    const retried = await mapLimited(bodies, 16, async ({ body }, index) => {
      if (acknowledged.has(body.data.invoice_number)) return null;
      // As a client does: a 503 (the pool's 3 s wait ran out while hundreds of retries arrive at once on a
      // loaded machine) says "Retry-After", and the same key is sent again after that wait.
      let response: Response;
      for (let attempt = 1; ; attempt += 1) {
        response = await fetch(`${restarted.url}/api/invoices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: account.cookie, 'idempotency-key': keys[index]! },
          body: JSON.stringify(body),
        });
        if (response.status !== 503 || attempt === 6) break;
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 5) * 1000));
      }
      const answer = (await response.json()) as { id?: string };
      return {
        number: body.data.invoice_number,
        status: response.status,
        replayed: response.headers.get('idempotent-replayed') === 'true',
        id: answer.id,
      };
    });
    for (const retry of retried) {
      if (!retry) continue;
      const earlier = storedIds.get(retry.number);
      expect(retry, retry.number).toEqual({
        number: retry.number,
        status: 201,
        replayed: earlier !== undefined,
        id: earlier ?? retry.id,
      });
    }
    const total = await fetch(`${restarted.url}/api/invoices?per_page=1`, { headers: { cookie: account.cookie } });
    expect(((await total.json()) as { pagination: { total: number } }).pagination.total).toBe(SAVES);
  }, 240_000);
});

/** Maps with at most `limit` calls in flight, keeping the order of the answers. */
async function mapLimited<T, R>(items: T[], limit: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
