import { invoiceListResponseSchema } from '@invoicer/domain/api/invoices';
import { effectiveStatus, INVOICE_STATUSES } from '@invoicer/domain/status';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';
import { effectiveStatusSql, TODAY_UTC } from '../../shared/invoice-status-sql';
import { adaAndBob } from '../../../test/two-users';

interface Listed {
  id: string;
  invoice_number: string;
  status: string;
  total_amount: number;
  client_name: string;
}

describe('GET /api/invoices: pages', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  const ids: string[] = [];
  const list = async (query = '', account = ada) => {
    const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return invoiceListResponseSchema.parse(response.json());
  };

  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    for (let n = 1; n <= 25; n++) {
      ids.push(await createInvoice(t.app, ada, { invoice_number: `P-${String(n).padStart(3, '0')}` }));
    }
    await createInvoice(t.app, bob, { invoice_number: 'BOB-1' });
  });

  it('answers 10 per page by default, newest first, with the documented pagination', async () => {
    const body = await list(`?user_id=${ada.id}`);
    expect(body.success).toBe(true);
    expect(body.invoices.map((invoice) => invoice.invoice_number)).toEqual(
      Array.from({ length: 10 }, (_, i) => `P-${String(25 - i).padStart(3, '0')}`),
    );
    expect(body.pagination).toEqual({ page: 1, per_page: 10, total: 25, pages: 3, has_prev: false, has_next: true });
    expect(body.invoices[0]).toMatchObject({ id: ids[24], status: 'draft', total_amount: 104.28 });
  });

  it('answers each invoice as the list shows it: its columns, without the document or its totals', async () => {
    const response = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?per_page=1' });
    const [first] = response.json().invoices as Array<Record<string, unknown>>;
    expect(first).toEqual({
      id: ids[24],
      invoice_number: 'P-025',
      status: 'draft',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      issued_date: '2026-11-21',
      due_date: '2026-11-28',
      total_amount: 104.28,
      amount_due: 104.28,
      amount_paid: 0,
      balance_due: 104.28,
      currency: { code: 'EUR', symbol: '€', label: 'Euro (€)' },
      client_name: 'Acme Corp Ltd',
      client_id: null,
      business_id: null,
      viewed_at: null,
      view_count: 0,
    });
    // The detail call still carries the document, with the same figures.
    const detail = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${ids[24]}` });
    expect(detail.json().invoice).toMatchObject({ ...first, totals: { total: 104.28 } });
    expect(detail.json().invoice.data.items).toHaveLength(2);
  });

  it('walks the pages without overlap, and answers a page beyond the last as empty', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`?page=${page}&per_page=10`);
      seen.push(...body.invoices.map((invoice) => invoice.id));
      expect(body.pagination).toMatchObject({ page, pages: 3, has_prev: page > 1, has_next: page < 3 });
    }
    expect(seen).toEqual([...ids].reverse());
    // Pages in the first half are read from the newest end, later ones from the oldest: same order.
    const small: string[] = [];
    for (let page = 1; page <= 7; page++) {
      const body = await list(`?page=${page}&per_page=4`);
      expect(body.pagination).toMatchObject({ page, per_page: 4, total: 25, pages: 7 });
      small.push(...body.invoices.map((invoice) => invoice.id));
    }
    expect(small).toEqual([...ids].reverse());
    const beyond = await list('?page=4');
    expect(beyond.invoices).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 4, per_page: 10, total: 25, pages: 3, has_prev: true, has_next: false });
    const far = await list('?page=999999');
    expect(far.invoices).toEqual([]);
    expect(far.pagination.total).toBe(25);
  });

  it('caps per_page at 100 and refuses pages and sizes that are not whole numbers from 1', async () => {
    expect((await list('?per_page=1000')).pagination.per_page).toBe(100);
    expect((await list('?per_page=1000')).invoices).toHaveLength(25);
    expect((await list('?per_page=7&page=4')).invoices.map((invoice) => invoice.id)).toEqual([
      ids[3],
      ids[2],
      ids[1],
      ids[0],
    ]);
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?per_page=0', '?per_page=1.5', '?page=1e3']) {
      const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('lists only the signed-in user’s invoices; an empty account has one empty page', async () => {
    const bobs = await list('', bob);
    expect(bobs.invoices.map((invoice) => invoice.invoice_number)).toEqual(['BOB-1']);
    const carol = await signUp(t.app);
    const empty = await list('', carol);
    expect(empty).toEqual({
      success: true,
      invoices: [],
      pagination: { page: 1, per_page: 10, total: 0, pages: 1, has_prev: false, has_next: false },
    });
  });

  it('answers 403 for another user_id and 401 without a session', async () => {
    expect((await as(t.app, ada)({ method: 'GET', url: `/api/invoices?user_id=${bob.id}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoices' })).statusCode).toBe(401);
  });
});

describe('GET /api/invoices: status filter and search', () => {
  let t: TestApp;
  let ada: TestAccount;
  const numbers = (body: { invoices: Listed[] }) => body.invoices.map((invoice) => invoice.invoice_number).sort();
  const list = async (query: string) => {
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { invoices: Listed[]; pagination: { total: number } };
  };

  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    const item = (unit_cost: number) => [{ name: 'Work', quantity: 1, unit_cost }];
    const plain = { show_tax: false, show_discount: false, show_shipping: false };
    await createInvoice(t.app, ada, { ...plain, invoice_number: 'D-1', items: item(10) }, { status: 'draft' });
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'S-FUTURE', due_date: utcDate(3), items: item(20) },
      {
        status: 'sent',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'S-TODAY', due_date: utcDate(0), items: item(30) },
      {
        status: 'sent',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'S-NODUE', due_date: null, items: item(40) },
      {
        status: 'sent',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'S-LATE', due_date: utcDate(-1), items: item(50) },
      {
        status: 'sent',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'O-1', due_date: utcDate(10), items: item(60) },
      {
        status: 'overdue',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'P-LATE', due_date: utcDate(-30), items: item(70) },
      {
        status: 'paid',
      },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'INV-2026/001', to: 'Zoë Müller GmbH\nBerlin', items: item(1234.5) },
      { status: 'draft' },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: 'INV-2026/002', to: 'ZOE MULLER\nCafé', items: item(99.99) },
      { status: 'paid' },
    );
    await createInvoice(
      t.app,
      ada,
      { ...plain, invoice_number: '100%_off', to: 'Globex', items: [{ name: 'x', quantity: 1000, unit_cost: 1000 }] },
      { status: 'draft' },
    );
  });

  it('filters on the effective status and shows it as the badge', async () => {
    const all = await list('?per_page=100');
    const badge = Object.fromEntries(all.invoices.map((invoice) => [invoice.invoice_number, invoice.status]));
    expect(badge).toMatchObject({
      'D-1': 'draft',
      'S-FUTURE': 'sent',
      'S-TODAY': 'sent',
      'S-NODUE': 'sent',
      'S-LATE': 'overdue',
      'O-1': 'overdue',
      'P-LATE': 'paid',
    });
    expect(numbers(await list('?status=overdue'))).toEqual(['O-1', 'S-LATE']);
    expect(numbers(await list('?status=sent'))).toEqual(['S-FUTURE', 'S-NODUE', 'S-TODAY']);
    expect(numbers(await list('?status=in%20progress'))).toEqual(['S-FUTURE', 'S-NODUE', 'S-TODAY']);
    expect(numbers(await list('?status=Paid'))).toEqual(['INV-2026/002', 'P-LATE']);
    expect(numbers(await list('?status=draft'))).toEqual(['100%_off', 'D-1', 'INV-2026/001']);
    expect((await list('?status=all')).pagination.total).toBe(10);
    expect((await list('?status=')).pagination.total).toBe(10);
    // The counts of the chips partition the list.
    let sum = 0;
    for (const status of INVOICE_STATUSES) sum += (await list(`?status=${status}`)).pagination.total;
    expect(sum).toBe(10);
  });

  it('refuses an unknown status filter', async () => {
    const response = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?status=void' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'Status filter must be one of all, draft, sent, paid or overdue.',
    });
  });

  it('searches the number, the client name and the amount as text, ignoring case and accents', async () => {
    expect(numbers(await list('?search=inv-2026/001'))).toEqual(['INV-2026/001']);
    expect(numbers(await list('?search=2026'))).toEqual(['INV-2026/001', 'INV-2026/002']);
    expect(numbers(await list('?search=zoe%20muller'))).toEqual(['INV-2026/001', 'INV-2026/002']);
    expect(numbers(await list(`?search=${encodeURIComponent('ZOË MÜLLER')}`))).toEqual([
      'INV-2026/001',
      'INV-2026/002',
    ]);
    expect(numbers(await list('?search=gmbh'))).toEqual(['INV-2026/001']);
    expect(numbers(await list('?search=1234.50'))).toEqual(['INV-2026/001']);
    expect(numbers(await list('?search=1234.5'))).toEqual(['INV-2026/001']);
    expect(numbers(await list('?search=1%2C234.50'))).toEqual(['INV-2026/001']);
    expect(numbers(await list(`?search=${encodeURIComponent('€1,234.50')}`))).toEqual(['INV-2026/001']);
    expect(numbers(await list('?search=1%2C000%2C000.00'))).toEqual(['100%_off']);
    expect(numbers(await list('?search=99.99'))).toEqual(['INV-2026/002']);
    expect(numbers(await list('?search=nothing-like-this'))).toEqual([]);
    // Every word must occur: short words (no trigram) with long ones, and more words than the
    // prepared shapes cover (built per request, same answers).
    expect(numbers(await list('?search=zo%20muller'))).toEqual(['INV-2026/001', 'INV-2026/002']);
    expect(numbers(await list('?search=zo%20mu%20gmbh'))).toEqual(['INV-2026/001']);
    const fiveWords = await list(`?search=${encodeURIComponent('zoe muller gmbh inv-2026/001 1234.50')}`);
    expect(numbers(fiveWords)).toEqual(['INV-2026/001']);
    expect(fiveWords.pagination.total).toBe(1);
    expect(numbers(await list(`?search=${encodeURIComponent('zoe muller gmbh inv-2026/001 9999')}`))).toEqual([]);
  });

  it('takes LIKE’s own characters literally and survives odd input', async () => {
    expect(numbers(await list('?search=%25'))).toEqual(['100%_off']);
    expect(numbers(await list('?search=_off'))).toEqual(['100%_off']);
    expect(numbers(await list('?search=%5C'))).toEqual([]);
    expect((await list('?search=%20%20')).pagination.total).toBe(10);
    const nul = await as(t.app, ada)({ method: 'GET', url: `/api/invoices?search=${encodeURIComponent('a\u0000b')}` });
    expect([nul.statusCode, nul.json().error]).toEqual([400, 'Search contains a character that is not allowed.']);
    const tooLong = await as(t.app, ada)({ method: 'GET', url: `/api/invoices?search=${'x'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('combines search, status filter and pages', async () => {
    const body = await list('?search=zoe&status=paid');
    expect(numbers(body)).toEqual(['INV-2026/002']);
    expect(body.pagination.total).toBe(1);
    const paged = await list('?search=2026&per_page=1&page=2');
    expect(paged.invoices.map((invoice) => invoice.invoice_number)).toEqual(['INV-2026/001']);
    expect(paged.pagination).toMatchObject({ total: 2, pages: 2, has_next: false, has_prev: true });
    // Past the last page of a search: no rows, still its total; no match at all: zero.
    const beyond = await list('?search=2026&per_page=1&page=3');
    expect(beyond.invoices).toEqual([]);
    expect(beyond.pagination.total).toBe(2);
    expect((await list('?search=nothing-like-this&status=paid')).pagination.total).toBe(0);
  });
});

describe('the effective-status SQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('agrees with the domain’s effectiveStatus for every stored status and due date', async () => {
    const db = drizzle(t.pool);
    const today = (await db.execute<{ today: string }>(sql`select ${TODAY_UTC}::text as today`)).rows[0]!.today;
    expect(today).toBe(utcDate(0));
    for (const status of INVOICE_STATUSES) {
      for (const due of [null, utcDate(-400), utcDate(-1), utcDate(0), utcDate(1)]) {
        const { rows } = await db.execute<{ effective: string }>(
          sql`select ${effectiveStatusSql(sql.raw('v.status'), sql.raw('v.due'))} as effective
                from (select ${status}::text as status, ${due}::date as due) v`,
        );
        expect(rows[0]!.effective, `${status} due ${due}`).toBe(effectiveStatus(status, due, today));
      }
    }
  });
});
