import { amountDueMinor } from '@invoicer/domain/amount-due';
import {
  DEFAULT_SORT_ORDER,
  INVOICE_SORTS,
  invoiceListResponseSchema,
  STATUS_SORT_ORDER,
  type InvoiceListItem,
  type InvoiceSort,
  type SortOrder,
} from '@invoicer/domain/api/invoices';
import { amountToMinor } from '@invoicer/domain/money';
import { INVOICE_STATUSES, type InvoiceStatus } from '@invoicer/domain/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';

/**
 * GET /api/invoices?sort&order (docs/decisions/0043-sorting-the-invoice-list.md): every sort in both
 * orders against an order computed here from the answers' own fields, pages walked without repeats
 * or gaps (ties included), combined with search, status filter and deep pages, and bad values refused.
 */

const plain = { show_tax: false, show_discount: false, show_shipping: false };
const item = (unit_cost: number) => [{ name: 'Work', quantity: 1, unit_cost }];

/** The ICU root collation with numeric digits, as natural_sort is; code points break its ties. */
const collator = new Intl.Collator('und', { numeric: true });
const compareText = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const compareScalar = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list's date: the issued date, else the creation day in UTC. */
const listDate = (invoice: InvoiceListItem) => invoice.issued_date ?? invoice.created_at.slice(0, 10);

/** The expected order of a sort, ascending, from the answer's fields alone. */
function compareAscending(sort: InvoiceSort) {
  const tie = (a: InvoiceListItem, b: InvoiceListItem) =>
    compareScalar(a.created_at, b.created_at) || compareScalar(a.id, b.id);
  return (a: InvoiceListItem, b: InvoiceListItem): number => {
    switch (sort) {
      case 'created':
        return tie(a, b);
      case 'number':
        return compareText(a.invoice_number, b.invoice_number) || compareScalar(a.id, b.id);
      case 'client':
        return compareText(a.client_name, b.client_name) || tie(a, b);
      case 'amount':
        return (
          compareScalar(amountToMinor(a.amount_due, a.currency.code), amountToMinor(b.amount_due, b.currency.code)) ||
          tie(a, b)
        );
      case 'issued':
        return compareScalar(listDate(a), listDate(b)) || tie(a, b);
      case 'status':
        return STATUS_SORT_ORDER.indexOf(a.status) - STATUS_SORT_ORDER.indexOf(b.status) || tie(a, b);
    }
  };
}

function expectedOrder(invoices: InvoiceListItem[], sort: InvoiceSort, order: SortOrder): string[] {
  const sorted = [...invoices].sort(compareAscending(sort));
  if (order === 'desc') sorted.reverse();
  return sorted.map((invoice) => invoice.invoice_number);
}

describe('GET /api/invoices: sorting', () => {
  let t: TestApp;
  let ada: TestAccount;
  let all: InvoiceListItem[];

  const get = async (query: string, account = ada) => {
    const response = await as(t.app, account)({ method: 'GET', url: `/api/invoices${query}` });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return invoiceListResponseSchema.parse(response.json());
  };
  const numbers = (body: { invoices: InvoiceListItem[] }) => body.invoices.map((invoice) => invoice.invoice_number);
  /** Every page of a query, `perPage` at a time, concatenated; checks the pagination on the way. */
  const walk = async (query: string, perPage: number) => {
    const first = await get(`${query}&per_page=${perPage}&page=1`);
    const seen = numbers(first);
    for (let page = 2; page <= first.pagination.pages; page++) {
      const body = await get(`${query}&per_page=${perPage}&page=${page}`);
      expect(body.pagination.total).toBe(first.pagination.total);
      seen.push(...numbers(body));
    }
    expect(seen).toHaveLength(first.pagination.total);
    return seen;
  };

  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    const bob = await signUp(t.app);
    const make = (number: string, to: string, amount: number, status: InvoiceStatus, dates: Record<string, unknown>) =>
      createInvoice(t.app, ada, { ...plain, invoice_number: number, to, items: item(amount), ...dates }, { status });
    // Numbers that sort differently as text and by value, names in mixed case and with accents,
    // amounts that tie, a paid invoice (nothing due) with the largest total, dates missing.
    await make('INV-9', 'zeta Studio', 500, 'sent', { issued_date: utcDate(-20), due_date: utcDate(5) });
    await make('INV-10', 'Émile Bakery', 500, 'sent', { issued_date: utcDate(-40), due_date: utcDate(-2) });
    await make('INV-100', 'acme Corp', 9000, 'paid', { issued_date: utcDate(-90), due_date: utcDate(-60) });
    await make('inv-11', 'Acme Corp', 120, 'draft', { issued_date: null, due_date: null });
    await make('A-2', 'Bravo GmbH', 75.5, 'overdue', { issued_date: utcDate(-10), due_date: utcDate(20) });
    await make('B-1', 'Émile Bakery', 75.5, 'draft', { issued_date: utcDate(-10), due_date: null });
    await make('0003', '7 Seas Ltd', 0, 'sent', { issued_date: utcDate(-1), due_date: null });
    await make('0004', 'Zoë Müller', 2500, 'paid', { issued_date: utcDate(-300), due_date: utcDate(-280) });
    await make('0012', 'émile bakery', 310, 'sent', { issued_date: utcDate(-5), due_date: utcDate(-1) });
    await make('X-1', 'Yak Imports', 42, 'overdue', { issued_date: utcDate(-50), due_date: utcDate(-30) });
    await make('X-2', 'Yak Imports', 42, 'draft', { issued_date: null, due_date: utcDate(3) });
    await make('X-3', 'Yak Imports', 42, 'sent', { issued_date: utcDate(-10), due_date: utcDate(0) });
    // Another user's invoices never show, whatever the sort.
    await createInvoice(t.app, bob, { ...plain, invoice_number: '0001', to: 'AAA', items: item(999999) });
    all = (await get('?per_page=100')).invoices;
    expect(all).toHaveLength(12);
  });

  it('sorts by every column in both orders, ties by creation then id, pages without gaps or repeats', async () => {
    for (const sort of INVOICE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = expectedOrder(all, sort, order);
        const query = `?sort=${sort}&order=${order}`;
        expect(numbers(await get(`${query}&per_page=100`)), query).toEqual(expected);
        // Pages of 5 (the last read from the far end and turned around) and of 1.
        expect(await walk(query, 5), `${query} by 5`).toEqual(expected);
        expect(await walk(query, 1), `${query} by 1`).toEqual(expected);
      }
    }
  });

  it('reads what the columns show: numbers by value, names as a reader orders them, what is due, the effective status', async () => {
    expect(numbers(await get('?sort=number&order=asc'))).toEqual([
      '0003',
      '0004',
      '0012',
      'A-2',
      'B-1',
      'INV-9',
      'INV-10',
      'inv-11',
      'INV-100',
      'X-1',
    ]);
    const clients = (await get('?sort=client&per_page=100')).invoices.map((invoice) => invoice.client_name);
    expect(clients).toEqual([
      '7 Seas Ltd',
      'acme Corp',
      'Acme Corp',
      'Bravo GmbH',
      'émile bakery',
      'Émile Bakery',
      'Émile Bakery',
      'Yak Imports',
      'Yak Imports',
      'Yak Imports',
      'zeta Studio',
      'Zoë Müller',
    ]);
    // The paid 9,000.00 owes nothing: amounts sort by what is due, largest first by default.
    const amounts = (await get('?sort=amount&per_page=100')).invoices;
    // 500.00 twice: the newer first (ties by creation, in the sort's direction).
    expect(numbers({ invoices: amounts.slice(0, 2) })).toEqual(['INV-10', 'INV-9']);
    expect(
      amounts.slice(-3).map((invoice) => [invoice.invoice_number, invoice.amount_due, invoice.total_amount]),
    ).toEqual([
      ['0004', 0, 2500],
      ['0003', 0, 0],
      ['INV-100', 0, 9000],
    ]);
    // Overdue first: stored overdue and sent past due alike; then sent, draft, paid.
    const statuses = (await get('?sort=status&per_page=100')).invoices.map((invoice) => invoice.status);
    expect(statuses).toEqual([...statuses].sort((a, b) => STATUS_SORT_ORDER.indexOf(a) - STATUS_SORT_ORDER.indexOf(b)));
    expect(numbers(await get('?sort=status&per_page=4'))).toEqual(['INV-10', 'A-2', '0012', 'X-1']);
    // Undated invoices sort by their creation day: today, after every dated one.
    expect(numbers(await get('?sort=issued&per_page=2'))).toEqual(['X-2', 'inv-11']);
  });

  it('combines with the status filter, the search and deep pages', async () => {
    for (const sort of INVOICE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        for (const status of INVOICE_STATUSES) {
          const expected = expectedOrder(
            all.filter((invoice) => invoice.status === status),
            sort,
            order,
          );
          expect(await walk(`?sort=${sort}&order=${order}&status=${status}`, 2), `${sort} ${order} ${status}`).toEqual(
            expected,
          );
        }
        const yak = expectedOrder(
          all.filter((invoice) => invoice.client_name === 'Yak Imports'),
          sort,
          order,
        );
        expect(await walk(`?sort=${sort}&order=${order}&search=yak`, 2), `${sort} ${order} search`).toEqual(yak);
        const emile = expectedOrder(
          all.filter((invoice) => /émile/i.test(invoice.client_name) && invoice.status === 'sent'),
          sort,
          order,
        );
        expect(await walk(`?sort=${sort}&order=${order}&search=emile&status=sent`, 1)).toEqual(emile);
      }
    }
    // A page past the last, sorted: no rows, still the total.
    const beyond = await get('?sort=status&per_page=5&page=4');
    expect(beyond.invoices).toEqual([]);
    expect(beyond.pagination.total).toBe(12);
  });

  it('uses each sort’s own order when none is given', async () => {
    for (const sort of INVOICE_SORTS) {
      expect(numbers(await get(`?sort=${sort}&per_page=100`)), sort).toEqual(
        expectedOrder(all, sort, DEFAULT_SORT_ORDER[sort]),
      );
    }
    expect(numbers(await get('?per_page=100'))).toEqual(expectedOrder(all, 'created', 'desc'));
    expect(numbers(await get('?sort=AMOUNT&order=Asc&per_page=100'))).toEqual(expectedOrder(all, 'amount', 'asc'));
  });

  it('refuses an unknown sort or order with the error envelope', async () => {
    for (const [query, message] of [
      ['?sort=total', 'Sort must be one of created, number, client, amount, status or issued.'],
      ['?sort=amount;drop', 'Sort must be one of created, number, client, amount, status or issued.'],
      ['?sort=amount&sort=client', 'Sort must be one of created, number, client, amount, status or issued.'],
      ['?sort=amount&order=up', 'Order must be asc or desc.'],
      ['?order=descending', 'Order must be asc or desc.'],
    ] as const) {
      const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ success: false, error: message });
    }
  });
});

describe('GET /api/invoices: ties', () => {
  it('breaks ties of every sort by creation time, then id, so pages never repeat or skip rows', async () => {
    const t = await sharedTestApp();
    const carol = await signUp(t.app);
    const ids: string[] = [];
    for (let n = 0; n < 14; n++) {
      ids.push(
        await createInvoice(
          t.app,
          carol,
          { ...plain, invoice_number: `T-${n}`, to: 'Same Client', items: item(10), issued_date: '2026-01-15' },
          { status: 'draft' },
        ),
      );
    }
    // Half of them share one creation instant too: only the id tells them apart.
    await t.pool.query(`update invoices set created_at = '2026-01-15T10:00:00Z' where id = any($1)`, [ids.slice(0, 7)]);
    for (const sort of INVOICE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        for (let page = 1; page <= 5; page++) {
          const response = await as(
            t.app,
            carol,
          )({
            method: 'GET',
            url: `/api/invoices?sort=${sort}&order=${order}&per_page=3&page=${page}`,
          });
          seen.push(...(response.json().invoices as InvoiceListItem[]).map((invoice) => invoice.id));
        }
        expect(new Set(seen).size, `${sort} ${order}`).toBe(14);
        expect(seen).toHaveLength(14);
      }
    }
  });
});

describe('the amount-due column', () => {
  it('agrees with the domain’s amountDueMinor for every status, and follows a status change', async () => {
    const t = await sharedTestApp();
    const dave = await signUp(t.app);
    for (const status of INVOICE_STATUSES) {
      for (const total of [0, 0.01, 1234.56, 99_999_999.99]) {
        const id = await createInvoice(
          t.app,
          dave,
          { ...plain, invoice_number: `${status}-${total}`, items: item(total) },
          { status },
        );
        const { rows } = await t.pool.query<{ status: InvoiceStatus; total: string; paid: string; due: string }>(
          'select status, total_minor::text as total, amount_paid_minor::text as paid, amount_due_minor::text as due from invoices where id = $1',
          [id],
        );
        const row = rows[0]!;
        expect(Number(row.due), `${status} ${total}`).toBe(
          amountDueMinor({ status: row.status, totalMinor: Number(row.total), amountPaidMinor: Number(row.paid) }),
        );
        const detail = await as(t.app, dave)({ method: 'GET', url: `/api/invoices/${id}` });
        expect(detail.json().invoice.amount_due).toBe(status === 'paid' ? 0 : total);
      }
    }
    // Marking paid makes it owe nothing; back to sent, the whole total again.
    const id = await createInvoice(t.app, dave, { ...plain, invoice_number: 'FLIP', items: item(250) });
    const set = async (status: InvoiceStatus) =>
      (await as(t.app, dave)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status } })).json().invoice;
    expect(await set('paid')).toMatchObject({ amount_due: 0, total_amount: 250 });
    expect(await set('sent')).toMatchObject({ amount_due: 250, total_amount: 250 });
    // A partial payment: the total less what was paid, in SQL and in the domain alike.
    const paid = await as(
      t.app,
      dave,
    )({
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      payload: { amount: 100.5, date: '2026-01-02', method: 'cash' },
    });
    expect(paid.statusCode).toBe(201);
    const { rows } = await t.pool.query<{ status: InvoiceStatus; total: string; paid: string; due: string }>(
      'select status, total_minor::text as total, amount_paid_minor::text as paid, amount_due_minor::text as due from invoices where id = $1',
      [id],
    );
    expect(Number(rows[0]!.due)).toBe(14_950);
    expect(
      amountDueMinor({
        status: rows[0]!.status,
        totalMinor: Number(rows[0]!.total),
        amountPaidMinor: Number(rows[0]!.paid),
      }),
    ).toBe(14_950);
  });
});
