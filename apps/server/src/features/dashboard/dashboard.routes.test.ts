import { CURRENCY_CODES } from '@invoicer/domain/currencies';
import { dashboardSummaryResponseSchema, type DashboardSummary } from '@invoicer/domain/api/dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';
import { summaryText } from './dashboard.queries';
import { adaAndBob } from '../../../test/two-users';

/** An invoice of one item at `amount`, nothing else on it, so its total is `amount`. */
interface Fixture {
  number: string;
  amount: number;
  currency: string;
  status: 'draft' | 'sent' | 'paid' | 'overdue';
  issued: string | null;
  due: string | null;
  to?: string;
}

async function create(t: TestApp, account: TestAccount, f: Fixture): Promise<string> {
  return createInvoice(
    t.app,
    account,
    {
      invoice_number: f.number,
      to: f.to ?? `Client ${f.number}\n1 Main Street`,
      items: [{ id: 'x', name: 'Work', quantity: 1, unit_cost: f.amount }],
      show_tax: false,
      show_discount: false,
      show_shipping: false,
      issued_date: f.issued,
      due_date: f.due,
      currency: f.currency,
      currency_symbol: '',
      currency_label: '',
    },
    { status: f.status, issued_date: f.issued, due_date: f.due, currency: f.currency },
  );
}

async function summary(t: TestApp, account: TestAccount, query = ''): Promise<DashboardSummary> {
  const response = await as(
    t.app,
    account,
  )({ method: 'GET', url: `/api/dashboard/summary?user_id=${account.id}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return dashboardSummaryResponseSchema.parse(response.json()).data;
}

/** The 12 months ending with the current UTC month, oldest first, as YYYY-MM. */
function chartMonths(): string[] {
  const now = new Date();
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (11 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

describe('GET /api/dashboard/summary', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  const ids: Record<string, string> = {};

  // Ada's EUR invoices: every effective status, one overdue by date and one set overdue by hand,
  // one sent invoice due today (not overdue yet), one paid outside the chart's 12 months.
  const euro: Fixture[] = [
    { number: 'E1', amount: 100, currency: 'EUR', status: 'draft', issued: utcDate(-5), due: utcDate(10) },
    { number: 'E2', amount: 200, currency: 'EUR', status: 'sent', issued: utcDate(-3), due: utcDate(0) },
    { number: 'E3', amount: 300, currency: 'EUR', status: 'sent', issued: utcDate(-30), due: utcDate(-3) },
    { number: 'E4', amount: 400.5, currency: 'EUR', status: 'paid', issued: utcDate(-40), due: utcDate(-33) },
    { number: 'E5', amount: 50.25, currency: 'EUR', status: 'overdue', issued: utcDate(-1), due: utcDate(20) },
    { number: 'E6', amount: 10, currency: 'EUR', status: 'paid', issued: utcDate(-400), due: utcDate(-390) },
    // No issued date: the chart places it by its created date (today).
    { number: 'E7', amount: 0.75, currency: 'EUR', status: 'paid', issued: null, due: null },
  ];
  const others: Fixture[] = [
    { number: 'U1', amount: 1000, currency: 'USD', status: 'paid', issued: utcDate(-10), due: utcDate(-3) },
    { number: 'U2', amount: 500, currency: 'USD', status: 'sent', issued: utcDate(-20), due: utcDate(-1) },
    { number: 'G1', amount: 70, currency: 'GBP', status: 'draft', issued: utcDate(-2), due: utcDate(5) },
  ];

  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    for (const fixture of [...euro, ...others]) ids[fixture.number] = await create(t, ada, fixture);
    for (const name of ['Acme', 'Globex']) {
      const response = await as(
        t.app,
        ada,
      )({ method: 'POST', url: '/api/clients', payload: { name, email: 'a@b.co' } });
      expect(response.statusCode).toBe(201);
    }
    // Bob's data must not reach Ada's figures.
    await create(t, bob, {
      number: 'B1',
      amount: 999,
      currency: 'EUR',
      status: 'paid',
      issued: utcDate(-1),
      due: null,
    });
    await as(t.app, bob)({ method: 'POST', url: '/api/clients', payload: { name: 'Initech', email: 'i@b.co' } });
  });

  it('answers the user’s default currency (EUR) figures: revenue = paid, outstanding = sent + overdue', async () => {
    const data = await summary(t, ada);
    expect(data).toMatchObject({
      currency: 'EUR',
      currency_symbol: '€',
      available_currencies: ['EUR', 'GBP', 'USD'],
      total_revenue: 411.25, // 400.50 + 10 + 0.75
      total_outstanding: 550.25, // 200 (sent, due today) + 300 (overdue by date) + 50.25 (set overdue)
      total_invoices: 7,
      draft_invoices: 1,
      unpaid_invoices: 1,
      paid_invoices: 3,
      overdue_invoices: 2,
      unique_clients: 2,
    });
    expect(data.draft_invoices + data.unpaid_invoices + data.paid_invoices + data.overdue_invoices).toBe(
      data.total_invoices,
    );
  });

  it('lists the newest 4 invoices of that currency by created date, with effective status and client name', async () => {
    const data = await summary(t, ada);
    expect(data.invoices.map((invoice) => invoice.invoice_number)).toEqual(['E7', 'E6', 'E5', 'E4']);
    expect(data.invoices[2]).toEqual({
      id: ids.E5,
      invoice_number: 'E5',
      status: 'overdue',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      issued_date: euro[4]!.issued,
      due_date: euro[4]!.due,
      total_amount: 50.25,
      currency: 'EUR',
      client_name: 'Client E5',
    });
    expect(data.invoices[0]).toMatchObject({ issued_date: null, due_date: null, status: 'paid' });
    const usd = await summary(t, ada, '&currency=USD');
    expect(usd.invoices.map((invoice) => [invoice.invoice_number, invoice.status])).toEqual([
      ['U2', 'overdue'],
      ['U1', 'paid'],
    ]);
  });

  it('says Unknown Customer when the stored To block had no name', async () => {
    await t.pool.query(`update invoices set client_name = '' where id = $1`, [ids.G1]);
    const gbp = await summary(t, ada, '&currency=GBP');
    expect(gbp.invoices).toHaveLength(1);
    expect(gbp.invoices[0]!.client_name).toBe('Unknown Customer');
  });

  it('gives a 12-month series ending this month, by issued date (created date when none), zeros included', async () => {
    const data = await summary(t, ada);
    const months = chartMonths();
    expect(data.monthly.map((month) => month.month)).toEqual(months);
    const expected = new Map(months.map((month) => [month, { paid: 0, outstanding: 0 }]));
    const today = utcDate(0);
    for (const fixture of euro) {
      const entry = expected.get((fixture.issued ?? today).slice(0, 7));
      if (!entry) continue; // E6, issued 400 days ago
      const overdue = fixture.status === 'overdue' || (fixture.status === 'sent' && fixture.due! < today);
      if (fixture.status === 'paid') entry.paid += fixture.amount * 100;
      if (fixture.status === 'sent' || overdue) entry.outstanding += fixture.amount * 100;
    }
    expect(data.monthly).toEqual(
      months.map((month) => ({
        month,
        paid: expected.get(month)!.paid / 100,
        outstanding: expected.get(month)!.outstanding / 100,
      })),
    );
    const sum = (key: 'paid' | 'outstanding') => data.monthly.reduce((total, month) => total + month[key] * 100, 0);
    expect(sum('paid')).toBe(40050 + 75); // E6 is outside the window
    expect(sum('outstanding')).toBe(55025);
  });

  it('keeps currencies apart: per-currency totals sorted by code, never summed across', async () => {
    const data = await summary(t, ada);
    expect(data.currency_totals).toEqual([
      {
        currency: 'EUR',
        currency_symbol: '€',
        invoice_count: 7,
        total_amount: 1061.5,
        total_revenue: 411.25,
        total_outstanding: 550.25,
      },
      {
        currency: 'GBP',
        currency_symbol: '£',
        invoice_count: 1,
        total_amount: 70,
        total_revenue: 0,
        total_outstanding: 0,
      },
      {
        currency: 'USD',
        currency_symbol: '$',
        invoice_count: 2,
        total_amount: 1500,
        total_revenue: 1000,
        total_outstanding: 500,
      },
    ]);
    const usd = await summary(t, ada, '&currency=usd');
    expect(usd).toMatchObject({
      currency: 'USD',
      currency_symbol: '$',
      total_revenue: 1000,
      total_outstanding: 500,
      total_invoices: 2,
      draft_invoices: 0,
      unpaid_invoices: 0,
      paid_invoices: 1,
      overdue_invoices: 1,
      unique_clients: 2,
    });
    expect(usd.monthly.every((month) => month.paid + month.outstanding <= 1500)).toBe(true);
  });

  it('answers zeros for a currency the user has no invoices in, still listing the ones they have', async () => {
    const data = await summary(t, ada, '&currency=JPY');
    expect(data).toMatchObject({
      currency: 'JPY',
      currency_symbol: '¥',
      available_currencies: ['EUR', 'GBP', 'USD'],
      total_revenue: 0,
      total_outstanding: 0,
      total_invoices: 0,
      invoices: [],
    });
    expect(data.monthly).toHaveLength(12);
    expect(data.monthly.every((month) => month.paid === 0 && month.outstanding === 0)).toBe(true);
  });

  it('picks the currency when none is asked: default if used, else the most used (ties by code), else the default', async () => {
    const newcomer = await signUp(t.app);
    const empty = await summary(t, newcomer);
    expect(empty).toMatchObject({
      currency: 'EUR',
      available_currencies: [],
      total_invoices: 0,
      unique_clients: 0,
      invoices: [],
      currency_totals: [],
    });
    expect(empty.monthly.map((month) => month.month)).toEqual(chartMonths());

    const profile = (account: TestAccount, currency: string) =>
      as(
        t.app,
        account,
      )({
        method: 'PUT',
        url: '/api/users/profile',
        payload: { first_name: 'A', last_name: 'B', default_currency: currency },
      });
    expect((await profile(newcomer, 'CHF')).statusCode).toBe(200);
    expect((await summary(t, newcomer)).currency).toBe('CHF');

    const fixture = (number: string, currency: string): Fixture => ({
      number,
      amount: 1,
      currency,
      status: 'draft',
      issued: utcDate(0),
      due: null,
    });
    // Default EUR, no EUR invoices: the most used, CAD and USD tied at 2, the lower code wins.
    const carol = await signUp(t.app);
    for (const [number, currency] of [
      ['1', 'USD'],
      ['2', 'CAD'],
      ['3', 'USD'],
      ['4', 'CAD'],
      ['5', 'GBP'],
    ] as const) {
      await create(t, carol, fixture(number, currency));
    }
    expect((await summary(t, carol)).currency).toBe('CAD');
    await create(t, carol, fixture('6', 'USD'));
    expect((await summary(t, carol)).currency).toBe('USD');
    // The default currency wins as soon as the user has an invoice in it, even a single one.
    expect((await profile(carol, 'GBP')).statusCode).toBe(200);
    expect((await summary(t, carol)).currency).toBe('GBP');
    const gbp = await summary(t, carol);
    expect(gbp.available_currencies).toEqual(['CAD', 'GBP', 'USD']);
    expect(gbp.total_invoices).toBe(1);
  });

  it('refuses an unknown currency code with a clear 400 and another user’s id with 403', async () => {
    for (const code of ['XYZ', 'EURO', '12']) {
      const response = await as(t.app, ada)({ method: 'GET', url: `/api/dashboard/summary?currency=${code}` });
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: `Unknown currency "${code}". Use one of ${CURRENCY_CODES.join(', ')}.`,
      });
    }
    const blank = await as(t.app, ada)({ method: 'GET', url: '/api/dashboard/summary?currency=' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().data.currency).toBe('EUR');

    const other = await as(t.app, ada)({ method: 'GET', url: `/api/dashboard/summary?user_id=${bob.id}` });
    expect(other.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(guest.statusCode).toBe(401);
  });

  it('shows Bob only his own figures', async () => {
    const data = await summary(t, bob);
    expect(data).toMatchObject({
      currency: 'EUR',
      available_currencies: ['EUR'],
      total_revenue: 999,
      total_invoices: 1,
      paid_invoices: 1,
      unique_clients: 1,
    });
    expect(data.invoices.map((invoice) => invoice.invoice_number)).toEqual(['B1']);
  });

  it('reads the aggregate and two short index ranges: never every invoice of the user', async () => {
    // What a running database has: statistics and a visibility map (autovacuum), so index-only scans pay.
    await t.pool.query('vacuum analyze invoices');
    await t.pool.query('vacuum analyze invoice_stats');
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      // Priced out, so a part that the indexes cannot serve shows up as another path.
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${summaryText}`, [ada.id, null]);
      await client.query('rollback');
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/Seq Scan on invoices/);
      const scans = [...plan.matchAll(/(Index Only Scan|Index Scan) using (\w+) on (invoices|invoice_stats)\b/g)].map(
        ([, kind, index]) => `${kind} ${index}`,
      );
      // The figures and the chart: invoice_stats by its key; the overdue split: the stored-sent
      // invoices past due; the newest 4: the currency's range in created order (only they touch the table).
      expect(new Set(scans), plan).toEqual(
        new Set([
          'Index Only Scan invoice_stats_user_id_currency_month_status_pk',
          'Index Only Scan invoices_user_sent_due_idx',
          'Index Scan invoices_user_currency_created_idx',
        ]),
      );
    } finally {
      client.release();
    }
  });
});
