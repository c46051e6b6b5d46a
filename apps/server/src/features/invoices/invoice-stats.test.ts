import { dashboardSummaryResponseSchema } from '@invoicer/domain/api/dashboard';
import { INVOICE_STATUSES } from '@invoicer/domain/status';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, savedPayload } from '../../../test/invoice-fixtures';
import { withDatabaseBefore } from '../../../test/migration-before';
import { adaAndBob } from '../../../test/two-users';

/**
 * invoice_stats (ADR 0010) is kept by triggers on invoices; its paid and due sums (ADR 0048) follow payments too. After every kind of write (the routes,
 * cascades from deleted clients, businesses and accounts, bulk SQL, many requests at once) it must
 * equal a recount of the invoices table, computed here from the rows without the trigger's code.
 */

type Queryable = Pick<pg.Pool | pg.Client, 'query'>;

const STATS = `select user_id, currency::text as currency, month::text as month, status,
                      invoice_count as n, total_minor::text as total,
                      paid_minor::text as paid, due_minor::text as due
                 from invoice_stats order by 1, 2, 3, 4`;
/** The month as the dashboard's chart places an invoice: issued date, else created date in UTC. */
const RECOUNT = `select user_id, currency::text as currency,
                        to_char(coalesce(issued_date, (created_at at time zone 'UTC')::date), 'YYYY-MM') || '-01' as month,
                        status, count(*)::int as n, sum(total_minor)::text as total,
                        sum(amount_paid_minor)::text as paid, sum(amount_due_minor)::text as due
                   from invoices group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

async function expectAggregateEqualsRecount(db: Queryable) {
  const [stats, recount] = await Promise.all([db.query(STATS), db.query(RECOUNT)]);
  expect(stats.rows).toEqual(recount.rows);
}

/** One item at `amount`, nothing else on the invoice, so its total is `amount`. */
function plain(number: string, amount: number, more: Record<string, unknown> = {}) {
  return {
    invoice_number: number,
    items: [{ id: 'x', name: 'Work', quantity: 1, unit_cost: amount }],
    show_tax: false,
    show_discount: false,
    show_shipping: false,
    ...more,
  };
}

describe('invoice_stats after each kind of write', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;

  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('follows creates, edits (currency, dates, amount, status), status changes and deletes', async () => {
    const a = await createInvoice(t.app, ada, plain('A', 100, { currency: 'EUR', issued_date: '2026-01-15' }));
    const b = await createInvoice(
      t.app,
      ada,
      plain('B', 250.5, { currency: 'USD', issued_date: null, due_date: null }),
      { status: 'sent', issued_date: null, due_date: null },
    );
    const c = await createInvoice(t.app, ada, plain('C', 40, { issued_date: '2025-03-02' }), { status: 'paid' });
    await createInvoice(t.app, bob, plain('B-1', 99, { issued_date: '2026-01-20' }), { status: 'paid' });
    await expectAggregateEqualsRecount(t.pool);
    const before = await t.pool.query('select count(*)::int as n from invoice_stats where user_id = $1', [ada.id]);
    expect(before.rows[0].n).toBe(3);

    const put = (id: string, data: Record<string, unknown>, top: Record<string, unknown> = {}) =>
      as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}`, payload: savedPayload(ada, data, top) });
    // Another currency, month, amount and status at once: one group loses it, another gains it.
    let response = await put(a, plain('A', 120, { currency: 'GBP', issued_date: '2026-02-01' }), { status: 'sent' });
    expect(response.statusCode, response.body).toBe(200);
    await expectAggregateEqualsRecount(t.pool);
    // The same invoice saved again unchanged, and only its amount changed.
    response = await put(a, plain('A', 120, { currency: 'GBP', issued_date: '2026-02-01' }));
    expect(response.statusCode).toBe(200);
    response = await put(a, plain('A', 75.25, { currency: 'GBP', issued_date: '2026-02-01' }));
    expect(response.statusCode).toBe(200);
    await expectAggregateEqualsRecount(t.pool);

    for (const status of ['paid', 'overdue', 'draft', 'sent'] as const) {
      response = await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${b}/status`, payload: { status } });
      expect(response.statusCode).toBe(200);
      await expectAggregateEqualsRecount(t.pool);
    }

    response = await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${c}` });
    expect(response.statusCode).toBe(200);
    await expectAggregateEqualsRecount(t.pool);
    // A failed write changes nothing: a number already taken.
    response = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, plain('A', 1)) });
    expect(response.statusCode).toBe(409);
    await expectAggregateEqualsRecount(t.pool);
    // No group is kept once its last invoice is gone.
    const empty = await t.pool.query('select count(*)::int as n from invoice_stats where invoice_count <= 0');
    expect(empty.rows[0].n).toBe(0);
  });

  it('follows deleted clients and businesses (invoices kept) and deleted accounts (rows gone)', async () => {
    const carol = await signUp(t.app, { password: 'correct horse' });
    const client = await as(
      t.app,
      carol,
    )({ method: 'POST', url: '/api/clients', payload: { name: 'Globex', email: 'g@example.com' } });
    const business = await as(
      t.app,
      carol,
    )({
      method: 'POST',
      url: '/api/businesses',
      payload: { name: 'Studio', email: 's@example.com', address: '1 High Street' },
    });
    expect(client.statusCode, client.body).toBe(201);
    expect(business.statusCode, business.body).toBe(201);
    for (let n = 1; n <= 3; n++) {
      await createInvoice(t.app, carol, plain(`C-${n}`, n * 10, { issued_date: `2026-0${n}-10` }), {
        client_id: client.json().client.id,
        business_id: business.json().business.id,
        status: n === 2 ? 'paid' : 'sent',
      });
    }
    await expectAggregateEqualsRecount(t.pool);
    const deletedClient = await as(t.app, carol)({ method: 'DELETE', url: `/api/clients/${client.json().client.id}` });
    expect(deletedClient.statusCode).toBe(200);
    const deletedBusiness = await as(
      t.app,
      carol,
    )({ method: 'DELETE', url: `/api/businesses/${business.json().business.id}` });
    expect(deletedBusiness.statusCode).toBe(200);
    await expectAggregateEqualsRecount(t.pool);
    const kept = await t.pool.query('select sum(invoice_count)::int as n from invoice_stats where user_id = $1', [
      carol.id,
    ]);
    expect(kept.rows[0].n).toBe(3);

    const deleted = await as(
      t.app,
      carol,
    )({ method: 'DELETE', url: '/api/users/delete', payload: { password: 'correct horse' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await t.pool.query('select count(*)::int as n from invoice_stats where user_id = $1', [carol.id]);
    expect(left.rows[0].n).toBe(0);
    await expectAggregateEqualsRecount(t.pool);
  });

  it('follows statements that change many invoices at once, and TRUNCATE', async () => {
    const dave = await signUp(t.app);
    for (let n = 1; n <= 12; n++) {
      await createInvoice(
        t.app,
        dave,
        plain(`D-${n}`, n, {
          currency: n % 3 === 0 ? 'CHF' : 'EUR',
          issued_date: `2026-${String(n).padStart(2, '0')}-01`,
        }),
        { status: INVOICE_STATUSES[n % 4] },
      );
    }
    await expectAggregateEqualsRecount(t.pool);
    await t.pool.query(`update invoices set status = 'paid' where user_id = $1 and status <> 'draft'`, [dave.id]);
    await expectAggregateEqualsRecount(t.pool);
    await t.pool.query(
      `update invoices set currency = 'JPY', issued_date = null, total_minor = total_minor * 2 where user_id = $1`,
      [dave.id],
    );
    await expectAggregateEqualsRecount(t.pool);
    await t.pool.query(
      `insert into invoices (user_id, invoice_number, status, currency, issued_date, total_minor, data)
       select user_id, invoice_number || '-copy', 'sent', 'USD', issued_date, total_minor + 1, data from invoices where user_id = $1`,
      [dave.id],
    );
    await expectAggregateEqualsRecount(t.pool);
    await t.pool.query(`delete from invoices where user_id = $1 and invoice_number like '%-copy'`, [dave.id]);
    await expectAggregateEqualsRecount(t.pool);
    // Inside one transaction that rolls back, nothing is left behind.
    const tx = await t.pool.connect();
    try {
      await tx.query('begin');
      await tx.query(`delete from invoices where user_id = $1`, [dave.id]);
      await tx.query('rollback');
    } finally {
      tx.release();
    }
    await expectAggregateEqualsRecount(t.pool);
  });

  it('survives many saves, status changes and deletes at once: no deadlock, no lost update', async () => {
    const users = [await signUp(t.app), await signUp(t.app)];
    // Deterministic pseudo-random choices, so a failure can be replayed.
    let seed = 20261121;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const currencies = ['EUR', 'USD', 'GBP'];
    const months = ['2026-09-10', '2026-10-10', '2026-11-10'];
    const live = new Map<string, { id: string; account: TestAccount }>();
    let serial = 0;
    const create = async (account: TestAccount) => {
      const number = `Z-${++serial}`;
      const response = await as(
        t.app,
        account,
      )({
        method: 'POST',
        url: '/api/invoices',
        payload: savedPayload(
          account,
          plain(number, 1 + random(500), { currency: currencies[random(3)], issued_date: months[random(3)] }),
          { status: INVOICE_STATUSES[random(4)] },
        ),
      });
      expect(response.statusCode, response.body).toBe(201);
      live.set(response.json().id, { id: response.json().id, account });
    };
    await Promise.all(Array.from({ length: 30 }, (_, n) => create(users[n % 2]!)));

    const pick = () => [...live.values()][random(live.size)]!;
    const operations: Array<() => Promise<void>> = [];
    for (let n = 0; n < 150; n++) {
      const kind = random(10);
      if (kind < 2) {
        operations.push(() => create(users[n % 2]!));
      } else if (kind < 5) {
        const { id, account } = pick();
        operations.push(async () => {
          const response = await as(
            t.app,
            account,
          )({
            method: 'PUT',
            url: `/api/invoices/${id}`,
            payload: savedPayload(
              account,
              plain(`Z-${id.slice(0, 8)}`, 1 + random(900), {
                currency: currencies[random(3)],
                issued_date: months[random(3)],
              }),
              { status: INVOICE_STATUSES[random(4)] },
            ),
          });
          expect([200, 404], response.body).toContain(response.statusCode);
        });
      } else if (kind < 8) {
        const { id, account } = pick();
        const status = INVOICE_STATUSES[random(4)];
        operations.push(async () => {
          const response = await as(
            t.app,
            account,
          )({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status } });
          expect([200, 404], response.body).toContain(response.statusCode);
        });
      } else {
        const { id, account } = pick();
        operations.push(async () => {
          const response = await as(t.app, account)({ method: 'DELETE', url: `/api/invoices/${id}` });
          expect([200, 404], response.body).toContain(response.statusCode);
          live.delete(id);
        });
      }
    }
    // Two invoices of one group flipped in opposite directions again and again, many at once: each
    // transaction needs the same two aggregate rows (the trigger takes them in key order).
    const flips = [
      await createInvoice(t.app, users[0]!, plain('FLIP-1', 10, { issued_date: '2026-08-01' }), { status: 'sent' }),
      await createInvoice(t.app, users[0]!, plain('FLIP-2', 20, { issued_date: '2026-08-01' }), { status: 'paid' }),
    ];
    for (let n = 0; n < 20; n++) {
      const [first, second] = n % 2 === 0 ? ['paid', 'sent'] : ['sent', 'paid'];
      for (const [id, status] of [
        [flips[0], first],
        [flips[1], second],
      ] as const) {
        operations.push(async () => {
          const response = await as(
            t.app,
            users[0]!,
          )({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status } });
          expect(response.statusCode, response.body).toBe(200);
        });
      }
    }
    // Shuffled, then run 12 at a time (the app's pool has 5 connections: real concurrency).
    for (let i = operations.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [operations[i], operations[j]] = [operations[j]!, operations[i]!];
    }
    for (let start = 0; start < operations.length; start += 12) {
      await Promise.all(operations.slice(start, start + 12).map((operation) => operation()));
    }
    await expectAggregateEqualsRecount(t.pool);

    // What the user sees is the recount too: the list's totals per effective status, the dashboard's figures.
    for (const account of users) {
      const { rows } = await t.pool.query<{ currency: string; status: string; n: number; total: string }>(
        `select currency::text as currency,
                case when status = 'sent' and due_date < (now() at time zone 'UTC')::date then 'overdue' else status end as status,
                count(*)::int as n, sum(total_minor)::text as total
           from invoices where user_id = $1 group by 1, 2`,
        [account.id],
      );
      for (const status of ['all', ...INVOICE_STATUSES]) {
        const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices?status=${status}` });
        const expected = rows.filter((row) => status === 'all' || row.status === status).reduce((s, r) => s + r.n, 0);
        expect(response.json().pagination.total, status).toBe(expected);
      }
      for (const currency of currencies) {
        const response = await as(
          t.app,
          account,
        )({ method: 'GET', url: `/api/dashboard/summary?currency=${currency}` });
        const data = dashboardSummaryResponseSchema.parse(response.json()).data;
        const of = (status: string) => rows.find((row) => row.currency === currency && row.status === status);
        const count = (status: string) => of(status)?.n ?? 0;
        const sum = (...statuses: string[]) =>
          statuses.reduce((s, status) => s + Number(of(status)?.total ?? 0), 0) / 100;
        expect(data).toMatchObject({
          total_invoices: INVOICE_STATUSES.reduce((s, status) => s + count(status), 0),
          draft_invoices: count('draft'),
          unpaid_invoices: count('sent'),
          paid_invoices: count('paid'),
          overdue_invoices: count('overdue'),
          total_revenue: sum('paid'),
          total_outstanding: sum('sent', 'overdue'),
        });
      }
    }
  });

  it('is emptied by TRUNCATE', async () => {
    await t.pool.query('truncate invoices cascade');
    const { rows } = await t.pool.query('select count(*)::int as n from invoice_stats');
    expect(rows[0].n).toBe(0);
  });
});

describe('migration 0006', () => {
  it('backfills the aggregate from the invoices that existed before it', async () => {
    // The migrations before 0006, then invoices written without any trigger, then the rest.
    await withDatabaseBefore('0006_invoice_stats', async ({ client, migrateRest }) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into users (email) select 'u' || n || '@example.com' from generate_series(1, 3) n returning id`,
      );
      await client.query(
        `insert into invoices (user_id, invoice_number, status, currency, issued_date, total_minor, data, created_at)
         select u.id, 'N-' || n, (array['draft', 'sent', 'paid', 'overdue'])[1 + n % 4],
                (array['EUR', 'USD'])[1 + n % 2],
                case when n % 5 = 0 then null else date '2026-01-01' + n * 11 end,
                n * 137, '{}'::jsonb, timestamptz '2025-06-30 23:30:00+00' + n * interval '1 day'
           from unnest($1::uuid[]) u(id) cross join generate_series(1, 40) n`,
        [rows.map((row) => row.id)],
      );
      await migrateRest();
      await expectAggregateEqualsRecount(client);
      const { rows: filled } = await client.query('select sum(invoice_count)::int as n from invoice_stats');
      expect(filled[0].n).toBe(120);
      // From now on the triggers keep it.
      await client.query(`update invoices set status = 'paid' where invoice_number = 'N-3'`);
      await client.query(`delete from invoices where invoice_number = 'N-4'`);
      await expectAggregateEqualsRecount(client);
    });
  });
});
