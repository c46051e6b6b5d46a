import { randomUUID } from 'node:crypto';
import { activitySentence, type ActivityEntry } from '@invoicer/domain/api/activity';
import { dashboardSummaryResponseSchema } from '@invoicer/domain/api/dashboard';
import {
  latestPaymentDate,
  PAYMENT_MESSAGES,
  PAYMENT_NOTE_MAX,
  paymentListResponseSchema,
  paymentResponseSchema,
  type Payment,
} from '@invoicer/domain/api/payments';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, savedPayload, utcDate } from '../../../test/invoice-fixtures';
import { adaAndBob } from '../../../test/two-users';

/**
 * Payments (docs/product/payments.md; docs/decisions/0048-payments-and-the-balance.md) against the real server and
 * PostgreSQL: the balance and the status follow every payment, bad input changes nothing, another user's invoice
 * or payment is a 404, concurrent payments never overpay, and Mark as Paid, status changes, saves, deletes and the
 * dashboard agree with the payments.
 */

/** One item at `amount`, nothing else on the invoice, so its total is `amount` (EUR unless told). */
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

let t: TestApp, ada: TestAccount, bob: TestAccount;
beforeAll(async () => {
  ({ t, ada, bob } = await adaAndBob());
});

const pay = (account: TestAccount, id: string, payload: unknown) =>
  as(t.app, account)({ method: 'POST', url: `/api/invoices/${id}/payments`, payload: payload as object });
const list = (account: TestAccount, id: string) =>
  as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}/payments` });
const remove = (account: TestAccount, id: string, paymentId: string) =>
  as(t.app, account)({ method: 'DELETE', url: `/api/invoices/${id}/payments/${paymentId}` });
const setStatus = (account: TestAccount, id: string, status: string) =>
  as(t.app, account)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status } });
const detail = async (account: TestAccount, id: string) =>
  (await as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}` })).json().invoice;
const activity = async (account: TestAccount, id: string) =>
  (
    (await as(t.app, account)({ method: 'GET', url: `/api/invoices/${id}/activity` })).json()
      .activity as ActivityEntry[]
  ).map(activitySentence);

async function paymentsOf(account: TestAccount, id: string): Promise<Payment[]> {
  const response = await list(account, id);
  expect(response.statusCode, response.body).toBe(200);
  return paymentListResponseSchema.parse(response.json()).payments;
}

async function payOk(account: TestAccount, id: string, payload: Record<string, unknown>) {
  const response = await pay(account, id, { date: '2026-11-02', method: 'bank_transfer', ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return paymentResponseSchema.parse(response.json());
}

/** Everything a refused request must leave as it was. */
async function snapshot(id: string) {
  const [invoice, payments, activityRows, notifications] = await Promise.all([
    t.pool.query(
      'select status, total_minor, amount_paid_minor, amount_due_minor, updated_at from invoices where id = $1',
      [id],
    ),
    t.pool.query('select id, amount_minor from payments where invoice_id = $1 order by id', [id]),
    t.pool.query('select count(*)::int as n from invoice_activity where invoice_id = $1', [id]),
    t.pool.query('select count(*)::int as n from notifications where related_entity_id = $1', [id]),
  ]);
  return {
    invoice: invoice.rows,
    payments: payments.rows,
    activity: activityRows.rows,
    notifications: notifications.rows,
  };
}

describe('payments in a currency without a minor unit (ADR 59)', () => {
  it('records whole yen and refuses a fraction of a yen by name, changing nothing', async () => {
    const id = await createInvoice(
      t.app,
      ada,
      plain('P-JPY', 12_345, { currency: 'JPY', shipping_amount: 0, tax_percent: 0, discount_percent: 0 }),
      { status: 'sent' },
    );
    const before = await snapshot(id);
    const refused = await pay(ada, id, { amount: '100.5', date: '2026-11-02', method: 'cash' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, error: 'Amount must be a whole number in JPY.' });
    expect(await snapshot(id)).toEqual(before);
    const over = await pay(ada, id, { amount: 12_346, date: '2026-11-02', method: 'cash' });
    expect(over.json().error).toBe(
      'This payment (¥12,346) is more than the balance due of ¥12,345. Enter at most ¥12,345.',
    );
    const paid = await payOk(ada, id, { amount: 12_000 });
    expect(paid.payment.amount).toBe(12_000);
    expect(paid.invoice).toMatchObject({ total_amount: 12_345, amount_paid: 12_000, balance_due: 345 });
    const { rows } = await t.pool.query('select amount_minor::int as amount from payments where invoice_id = $1', [id]);
    expect(rows).toEqual([{ amount: 12_000 }]);
    expect((await activity(ada, id)).some((line) => line.startsWith('Payment of ¥12,000 recorded'))).toBe(true);
  });
});

describe('recording payments', () => {
  it('moves the balance with a partial payment, then the rest makes the invoice paid; a deletion moves it back', async () => {
    const id = await createInvoice(t.app, ada, plain('P-1', 200), { status: 'sent' });
    const first = await payOk(ada, id, { amount: 120, method: 'bank_transfer', note: '  Transfer ref 42 ' });
    expect(first.payment).toMatchObject({
      invoice_id: id,
      amount: 120,
      date: '2026-11-02',
      method: 'bank_transfer',
      note: 'Transfer ref 42',
      source: 'manual',
    });
    expect(first.invoice).toMatchObject({ status: 'sent', total_amount: 200, amount_paid: 120, balance_due: 80 });
    expect(await detail(ada, id)).toMatchObject({ status: 'sent', amount_paid: 120, balance_due: 80, amount_due: 80 });
    const row = (await as(t.app, ada)({ method: 'GET', url: '/api/invoices?search=P-1' })).json().invoices[0];
    expect(row).toMatchObject({ amount_paid: 120, balance_due: 80, amount_due: 80 });

    const rest = await payOk(ada, id, { amount: '80.00', method: 'card', date: '2026-11-03' });
    expect(rest.invoice).toMatchObject({ status: 'paid', amount_paid: 200, balance_due: 0 });
    expect(await detail(ada, id)).toMatchObject({ status: 'paid', amount_paid: 200, balance_due: 0, amount_due: 0 });
    const { rows } = await t.pool.query(
      'select title from notifications where user_id = $1 and related_entity_id = $2',
      [ada.id, id],
    );
    expect(rows.map((r) => r.title)).toContain('Invoice P-1 is paid in full');

    // Newest first, by date.
    const payments = await paymentsOf(ada, id);
    expect(payments.map((p) => [p.amount, p.date])).toEqual([
      [80, '2026-11-03'],
      [120, '2026-11-02'],
    ]);

    const deleted = await remove(ada, id, payments[1]!.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({
      success: true,
      message: PAYMENT_MESSAGES.deleted,
      invoice: { status: 'sent', amount_paid: 80, balance_due: 120 },
    });
    expect(await activity(ada, id)).toEqual([
      'Status changed to Sent',
      'Payment of €120.00 deleted (bank transfer)',
      'Status changed to Paid',
      'Payment of €80.00 recorded (card)',
      'Payment of €120.00 recorded (bank transfer)',
      'Created',
    ]);
    // The same payment again is gone.
    expect((await remove(ada, id, payments[1]!.id)).statusCode).toBe(404);
  });

  it('goes back to overdue (derived from the due date) when a payment of a late invoice is deleted', async () => {
    const id = await createInvoice(t.app, ada, plain('P-LATE', 50, { due_date: utcDate(-3) }), { status: 'sent' });
    expect((await detail(ada, id)).status).toBe('overdue');
    const { payment, invoice } = await payOk(ada, id, { amount: 50 });
    expect(invoice.status).toBe('paid');
    const deleted = await remove(ada, id, payment.id);
    expect(deleted.json().invoice).toMatchObject({ status: 'overdue', balance_due: 50 });
    const { rows } = await t.pool.query('select status from invoices where id = $1', [id]);
    expect(rows[0].status).toBe('sent');
  });

  it('takes a draft out of draft with its first payment', async () => {
    const partial = await createInvoice(t.app, ada, plain('P-DRAFT-1', 100));
    expect((await payOk(ada, partial, { amount: 10 })).invoice.status).toBe('sent');
    const full = await createInvoice(t.app, ada, plain('P-DRAFT-2', 100));
    expect((await payOk(ada, full, { amount: 100 })).invoice.status).toBe('paid');
    expect(await activity(ada, full)).toEqual([
      'Status changed to Paid',
      'Payment of €100.00 recorded (bank transfer)',
      'Created',
    ]);
  });

  it('accepts a date up to today anywhere on Earth and up to 2 decimals', async () => {
    const id = await createInvoice(t.app, ada, plain('P-DATE', 10), { status: 'sent' });
    const { payment } = await payOk(ada, id, { amount: 0.01, date: latestPaymentDate() });
    expect(payment).toMatchObject({ amount: 0.01, date: latestPaymentDate() });
  });
});

describe('bad input: 400 with the envelope, nothing stored', () => {
  let id: string;
  beforeAll(async () => {
    id = await createInvoice(t.app, ada, plain('P-BAD', 120), { status: 'sent' });
    await payOk(ada, id, { amount: 20 });
  });

  const valid = { amount: 10, date: '2026-11-01', method: 'cash' };
  const cases: Array<[string, unknown, string]> = [
    ['amount 0', { ...valid, amount: 0 }, PAYMENT_MESSAGES.amountPositive],
    ['a negative amount', { ...valid, amount: -10 }, PAYMENT_MESSAGES.amountPositive],
    ['a negative amount as text', { ...valid, amount: '-0.01' }, PAYMENT_MESSAGES.amountPositive],
    ['more than 2 decimals', { ...valid, amount: 10.005 }, PAYMENT_MESSAGES.amountFormat],
    ['an amount that is not a number', { ...valid, amount: 'ten' }, PAYMENT_MESSAGES.amountFormat],
    ['no amount', { date: valid.date, method: valid.method }, PAYMENT_MESSAGES.amountRequired],
    ['a huge amount', { ...valid, amount: '1000000000000000' }, PAYMENT_MESSAGES.amountTooLarge],
    ['a date in the future', { ...valid, date: utcDate(2) }, PAYMENT_MESSAGES.dateFuture],
    ['a malformed date', { ...valid, date: '01/11/2026' }, PAYMENT_MESSAGES.dateFormat],
    ['a date that does not exist', { ...valid, date: '2026-02-30' }, PAYMENT_MESSAGES.dateFormat],
    ['no date', { amount: 10, method: 'cash' }, PAYMENT_MESSAGES.dateRequired],
    ['an unknown method', { ...valid, method: 'paypal' }, PAYMENT_MESSAGES.method],
    ['no method', { amount: 10, date: valid.date }, PAYMENT_MESSAGES.method],
    ['a note too long', { ...valid, note: 'n'.repeat(PAYMENT_NOTE_MAX + 1) }, PAYMENT_MESSAGES.noteTooLong],
    ['a note with U+0000', { ...valid, note: 'a\u0000b' }, 'Note contains a character that is not allowed.'],
    [
      'an overpayment',
      { ...valid, amount: 100.01 },
      'This payment (€100.01) is more than the balance due of €100.00. Enter at most €100.00.',
    ],
  ];

  it.each(cases)('refuses %s', async (_name, payload, message) => {
    const before = await snapshot(id);
    const response = await pay(ada, id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a body that is not JSON, an array, or empty', async () => {
    const before = await snapshot(id);
    for (const payload of ['{', '[]', '']) {
      const response = await as(
        t.app,
        ada,
      )({
        method: 'POST',
        url: `/api/invoices/${id}/payments`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('says the invoice is paid in full when nothing is due, and refuses a payment on a total of 0', async () => {
    const paid = await createInvoice(t.app, ada, plain('P-FULL', 30), { status: 'sent' });
    await payOk(ada, paid, { amount: 30 });
    const again = await pay(ada, paid, valid);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(PAYMENT_MESSAGES.nothingDue('P-FULL'));
    const zero = await createInvoice(t.app, ada, plain('P-ZERO', 0), { status: 'sent' });
    expect((await pay(ada, zero, valid)).json().error).toBe(PAYMENT_MESSAGES.nothingDue('P-ZERO'));
    expect(await paymentsOf(ada, zero)).toEqual([]);
  });
});

describe('another user, no session, malformed ids', () => {
  it('answers 404 for another user’s invoice or payment, and changes nothing', async () => {
    const id = await createInvoice(t.app, ada, plain('P-OWN', 100), { status: 'sent' });
    const { payment } = await payOk(ada, id, { amount: 40 });
    const before = await snapshot(id);
    expect((await pay(bob, id, { amount: 10, date: '2026-11-01', method: 'cash' })).statusCode).toBe(404);
    expect((await list(bob, id)).statusCode).toBe(404);
    expect((await remove(bob, id, payment.id)).statusCode).toBe(404);
    // Bob's own invoice with Ada's payment id: not his payment either.
    const bobs = await createInvoice(t.app, bob, plain('P-BOB', 100), { status: 'sent' });
    expect((await remove(bob, bobs, payment.id)).statusCode).toBe(404);
    // Ada's payment through another invoice of hers: 404, the payment stays.
    const other = await createInvoice(t.app, ada, plain('P-OTHER', 100), { status: 'sent' });
    const wrong = await remove(ada, other, payment.id);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ success: false, error: PAYMENT_MESSAGES.notFound });
    expect(await snapshot(id)).toEqual(before);
    const unknown = await pay(ada, randomUUID(), { amount: 1, date: '2026-11-01', method: 'cash' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 401 without a session, 403 for a spoofed user_id, 400 for malformed ids', async () => {
    const id = await createInvoice(t.app, ada, plain('P-GUARD', 100), { status: 'sent' });
    const before = await snapshot(id);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${id}/payments`,
      payload: { amount: 1, date: '2026-11-01', method: 'cash' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${id}/payments` })).statusCode).toBe(401);
    const spoofed = await pay(ada, id, { amount: 1, date: '2026-11-01', method: 'cash', user_id: bob.id });
    expect(spoofed.statusCode).toBe(403);
    expect((await pay(ada, 'not-an-id', { amount: 1, date: '2026-11-01', method: 'cash' })).statusCode).toBe(400);
    expect((await remove(ada, id, 'not-an-id')).statusCode).toBe(400);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('concurrency', () => {
  it('never overpays with payments sent at once: the invoice row lock serializes them', async () => {
    const id = await createInvoice(t.app, ada, plain('P-RACE', 104.28), { status: 'sent' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => pay(ada, id, { amount: 20, date: '2026-11-01', method: 'cash' })),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json().error).toBe(
        'This payment (€20.00) is more than the balance due of €4.28. Enter at most €4.28.',
      );
    }
    const { rows } = await t.pool.query(
      `select i.amount_paid_minor::int as paid, (select sum(amount_minor)::int from payments p where p.invoice_id = i.id) as sum
         from invoices i where i.id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ paid: 10_000, sum: 10_000 });
    // Two that each fit alone but not together: exactly one lands.
    const both = await Promise.all([
      pay(ada, id, { amount: 3, date: '2026-11-01', method: 'cash' }),
      pay(ada, id, { amount: 3, date: '2026-11-01', method: 'card' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 400]);
  });
});

describe('Mark as Paid and the status menu', () => {
  it('records a payment of the balance dated today, and setting the status back removes only that one', async () => {
    const id = await createInvoice(t.app, ada, plain('P-MARK', 150), { status: 'sent' });
    await payOk(ada, id, { amount: 50, method: 'cash' });
    const marked = await setStatus(ada, id, 'paid');
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().invoice).toMatchObject({ status: 'paid', amount_paid: 150, balance_due: 0 });
    const payments = await paymentsOf(ada, id);
    expect(payments[0]).toMatchObject({ amount: 100, method: 'other', source: 'mark_as_paid', note: null });
    expect([utcDate(0), utcDate(-1)]).toContain(payments[0]!.date);

    const back = await setStatus(ada, id, 'sent');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().invoice).toMatchObject({ status: 'sent', amount_paid: 50, balance_due: 100 });
    expect((await paymentsOf(ada, id)).map((p) => [p.amount, p.source])).toEqual([[50, 'manual']]);
    expect((await activity(ada, id)).slice(0, 4)).toEqual([
      'Status changed to Sent',
      'Payment of €100.00 deleted (other)',
      'Status changed to Paid',
      'Marked as paid: payment of €100.00 recorded',
    ]);
  });

  it('refuses to set back an invoice its own payments cover, and Draft while payments remain', async () => {
    const id = await createInvoice(t.app, ada, plain('P-COVERED', 80), { status: 'sent' });
    await payOk(ada, id, { amount: 80 });
    let before = await snapshot(id);
    const back = await setStatus(ada, id, 'sent');
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toBe(PAYMENT_MESSAGES.paidByPayments('P-COVERED'));
    expect(await snapshot(id)).toEqual(before);

    const partial = await createInvoice(t.app, ada, plain('P-NODRAFT', 80), { status: 'sent' });
    await payOk(ada, partial, { amount: 10 });
    before = await snapshot(partial);
    const draft = await setStatus(ada, partial, 'draft');
    expect(draft.statusCode).toBe(400);
    expect(draft.json().error).toBe(PAYMENT_MESSAGES.draftWithPayments('P-NODRAFT'));
    expect(await snapshot(partial)).toEqual(before);
    // Overdue (or Sent) on a partly paid invoice keeps its payments.
    const overdue = await setStatus(ada, partial, 'overdue');
    expect(overdue.json().invoice).toMatchObject({ status: 'overdue', amount_paid: 10, balance_due: 70 });
  });

  it('pays a new invoice saved as paid in full, and Mark as Paid on a total of 0 records nothing', async () => {
    const id = await createInvoice(t.app, ada, plain('P-NEWPAID', 42.5), { status: 'paid' });
    expect(await detail(ada, id)).toMatchObject({ status: 'paid', amount_paid: 42.5, balance_due: 0 });
    expect((await paymentsOf(ada, id)).map((p) => [p.amount, p.source])).toEqual([[42.5, 'mark_as_paid']]);
    const zero = await createInvoice(t.app, ada, plain('P-ZEROPAID', 0), { status: 'sent' });
    expect((await setStatus(ada, zero, 'paid')).json().invoice).toMatchObject({ status: 'paid', amount_paid: 0 });
    expect(await paymentsOf(ada, zero)).toEqual([]);
    expect((await setStatus(ada, zero, 'sent')).json().invoice).toMatchObject({ status: 'sent' });
  });
});

describe('saving an invoice that has payments', () => {
  const put = (id: string, data: Record<string, unknown>, top: Record<string, unknown> = {}) =>
    // As the editor saves: no status (the fixture's body says draft).
    as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}`, payload: savedPayload(ada, data, { status: null, ...top }) });

  it('refuses a total below what was paid and another currency, changing nothing', async () => {
    const id = await createInvoice(t.app, ada, plain('P-EDIT', 100), { status: 'sent' });
    await payOk(ada, id, { amount: 60 });
    const before = await snapshot(id);
    const lower = await put(id, plain('P-EDIT', 59.99));
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error).toBe(PAYMENT_MESSAGES.totalBelowPaid('€59.99', '€60.00'));
    const currency = await put(id, plain('P-EDIT', 100, { currency: 'USD' }));
    expect(currency.statusCode).toBe(400);
    expect(currency.json().error).toBe(PAYMENT_MESSAGES.currencyLocked('EUR'));
    expect(await snapshot(id)).toEqual(before);
  });

  it('makes the invoice paid when the total comes down to what was paid, and sent again when it grows', async () => {
    const id = await createInvoice(t.app, ada, plain('P-TOTAL', 100), { status: 'sent' });
    await payOk(ada, id, { amount: 60 });
    const down = await put(id, plain('P-TOTAL', 60));
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().invoice).toMatchObject({ status: 'paid', amount_paid: 60, balance_due: 0 });
    const up = await put(id, plain('P-TOTAL', 75));
    expect(up.json().invoice).toMatchObject({ status: 'sent', amount_paid: 60, balance_due: 15 });
    // A paid invoice (by Mark as Paid) whose total grows owes the difference.
    const marked = await createInvoice(t.app, ada, plain('P-GROW', 100), { status: 'paid' });
    const grown = await put(marked, plain('P-GROW', 130));
    expect(grown.json().invoice).toMatchObject({ status: 'sent', amount_paid: 100, balance_due: 30 });
    // Saved with status paid, it is paid in full at its new total, lower or higher.
    const again = await put(marked, plain('P-GROW', 90), { status: 'paid' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().invoice).toMatchObject({ status: 'paid', amount_paid: 90, balance_due: 0 });
  });

  it('deletes the payments with their invoice', async () => {
    const id = await createInvoice(t.app, ada, plain('P-GONE', 100), { status: 'sent' });
    await payOk(ada, id, { amount: 60 });
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}` })).statusCode).toBe(200);
    const { rows } = await t.pool.query('select count(*)::int as n from payments where invoice_id = $1', [id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('the dashboard', () => {
  it('counts money received as revenue and the balance due of sent and overdue invoices as outstanding', async () => {
    const { t: app, ada: carol } = await adaAndBob(t);
    const make = (n: string, amount: number, top: Record<string, unknown>, more: Record<string, unknown> = {}) =>
      createInvoice(app.app, carol, plain(n, amount, { currency: 'GBP', ...more }), top);
    const sent = await make('D-1', 200, { status: 'sent' });
    const late = await make('D-2', 100, { status: 'sent' }, { due_date: utcDate(-5) });
    await make('D-3', 50, { status: 'paid' });
    await make('D-4', 999, {});
    const payAs = (id: string, amount: number) =>
      as(
        app.app,
        carol,
      )({
        method: 'POST',
        url: `/api/invoices/${id}/payments`,
        payload: { amount, date: '2026-11-01', method: 'cash' },
      });
    expect((await payAs(sent, 120)).statusCode).toBe(201);
    expect((await payAs(late, 30)).statusCode).toBe(201);

    const summary = dashboardSummaryResponseSchema.parse(
      (await as(app.app, carol)({ method: 'GET', url: '/api/dashboard/summary?currency=GBP' })).json(),
    ).data;
    expect(summary).toMatchObject({
      total_revenue: 200, // 120 + 30 + 50
      total_outstanding: 150, // 80 + 70
      paid_invoices: 1,
      unpaid_invoices: 1,
      overdue_invoices: 1,
      draft_invoices: 1,
    });
    // The same figures as the list: the Amount Due of its sent and overdue invoices.
    const rows = (await as(app.app, carol)({ method: 'GET', url: '/api/invoices?per_page=100' })).json()
      .invoices as Array<{
      status: string;
      amount_due: number;
      amount_paid: number;
    }>;
    const outstanding = rows
      .filter((row) => row.status === 'sent' || row.status === 'overdue')
      .reduce((sum, row) => sum + row.amount_due * 100, 0);
    expect(outstanding / 100).toBe(summary.total_outstanding);
    expect(rows.reduce((sum, row) => sum + row.amount_paid * 100, 0) / 100).toBe(summary.total_revenue);
    const month = summary.monthly.at(-1)!;
    expect(month.paid + month.outstanding).toBeGreaterThanOrEqual(0);

    // A deleted payment leaves revenue; deleting an invoice takes its payments out of it.
    const [first] = (await as(app.app, carol)({ method: 'GET', url: `/api/invoices/${sent}/payments` })).json()
      .payments;
    await as(app.app, carol)({ method: 'DELETE', url: `/api/invoices/${sent}/payments/${first.id}` });
    await as(app.app, carol)({ method: 'DELETE', url: `/api/invoices/${late}` });
    const after = dashboardSummaryResponseSchema.parse(
      (await as(app.app, carol)({ method: 'GET', url: '/api/dashboard/summary?currency=GBP' })).json(),
    ).data;
    expect(after).toMatchObject({ total_revenue: 50, total_outstanding: 200 });
  });
});
