import { invoiceFileName } from '@invoicer/domain/invoice-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markVerified, signUp, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { as, createInvoice, utcDate } from '../../../test/invoice-fixtures';
import { waitFor } from '../../../test/wait-for';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server';

/**
 * The reminder scheduler end to end (docs/decisions/0050-automatic-reminders.md): real PostgreSQL, the real job
 * queue, e-mails delivered to a real SMTP server. The test apps do not scan by themselves (REMINDERS_SCAN off in
 * test/app.ts); each test runs passes when it wants them, as the every-minute schedule would.
 */

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp.close());

/** One pass, and every job it led to (reminders and their e-mails), done. */
async function pass(t: TestApp): Promise<void> {
  await t.app.jobs.send('reminders.scan', {});
  const open = async () => {
    const { rows } = await t.pool.query<{ open: number; failed: number }>(
      `select count(*) filter (where state < 'completed')::int as open,
              count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name in ('reminders.scan', 'reminders.process', 'mail.deliver')`,
    );
    return rows[0]!;
  };
  await waitFor(async () => (await open()).open === 0, 30_000);
  expect((await open()).failed).toBe(0);
}

async function newClient(t: TestApp, account: TestAccount, email: string): Promise<string> {
  const response = await as(t.app, account)({ method: 'POST', url: '/api/clients', payload: { name: 'Acme', email } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().client.id as string;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.rcptTo.includes(address));

async function remindersOf(t: TestApp, invoiceId: string) {
  const { rows } = await t.pool.query(
    `select stage, outcome, recipient from invoice_reminders where invoice_id = $1 order by id`,
    [invoiceId],
  );
  return rows;
}

describe('the reminder scheduler', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' });
    ada = await signUp(t.app);
    // Verification is not what these tests are about (the test below is).
    await markVerified(t.pool, ada);
  });

  it('reminds an overdue invoice once, of its latest stage, with the link, and tells the owner', async () => {
    const clientId = await newClient(t, ada, 'billing@acme.example');
    // Due 10 days ago: "before", "due" and "after" (7 days) have all passed; only "after" is sent.
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'R-1', issued_date: utcDate(-40), due_date: utcDate(-10) },
      { status: 'sent', client_id: clientId },
    );
    await pass(t);
    await waitFor(() => mailsTo('billing@acme.example').length === 1);
    const [mail] = mailsTo('billing@acme.example');
    expect(mail!.headers.get('subject')).toBe('Reminder: invoice R-1 is 10 days overdue');
    expect(mail!.headers.get('reply-to')).toContain(ada.email);
    const text = mail!.parts.find((part) => part.type === 'text/plain')!.text;
    expect(text).toContain('invoice R-1');
    expect(text).toContain('is 10 days overdue');
    // The link (PUBLIC_URL, else this server's own address) and the PDF, attached as downloads are named.
    const link = /https?:\/\/[^/\s]+\/i\/([A-Za-z0-9_-]{24})/.exec(text);
    expect(link, text).not.toBeNull();
    const pdf = mail!.parts.find((part) => part.type === 'application/pdf');
    expect(pdf?.fileName).toBe(invoiceFileName('R-1', utcDate(-40)));
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    // The link opens the invoice.
    const opened = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${link![1]}` });
    expect(opened.statusCode).toBe(200);

    expect(await remindersOf(t, id)).toEqual([
      { stage: 'overdue', outcome: 'notified', recipient: null },
      { stage: 'after', outcome: 'sent', recipient: 'billing@acme.example' },
    ]);
    const activity = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/activity` });
    expect(activity.json().activity.map((entry: { kind: string }) => entry.kind)).toContain('reminder');
    const { rows: notes } = await t.pool.query(
      `select title from notifications where related_entity_id = $1 order by created_at, title`,
      [id],
    );
    expect(notes.map((note) => note.title)).toEqual(
      expect.arrayContaining(['Invoice R-1 is overdue', 'Reminder sent for invoice R-1']),
    );

    // Passes after it send nothing more; the next check is the first repeat, 21 days after the due date.
    await t.pool.query(`update invoice_reminder_state set next_check_at = now() where invoice_id = $1`, [id]);
    await pass(t);
    await pass(t);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('billing@acme.example')).toHaveLength(1);
    expect((await remindersOf(t, id)).length).toBe(2);
    const { rows: state } = await t.pool.query(
      `select (next_check_at at time zone 'UTC')::date::text as next from invoice_reminder_state where invoice_id = $1`,
      [id],
    );
    expect(state).toEqual([{ next: utcDate(11) }]);
    const page = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/reminders` });
    expect(page.json().reminders).toMatchObject({
      next: { stage: 'repeat_1', date: utcDate(11) },
      sent: [{ stage: 'after', to: 'billing@acme.example', outcome: 'sent' }],
    });
  });

  it('never reminds a draft, paid, paused or deleted invoice', async () => {
    const past = { issued_date: utcDate(-40), due_date: utcDate(-3) };
    const to = (n: number) => ({ to: `Client ${n}\nnever${n}@acme.example` });
    const draft = await createInvoice(t.app, ada, { invoice_number: 'N-1', ...past, ...to(1) });
    const paid = await createInvoice(t.app, ada, { invoice_number: 'N-2', ...past, ...to(2) }, { status: 'paid' });
    const paused = await createInvoice(t.app, ada, { invoice_number: 'N-3', ...past, ...to(3) }, { status: 'sent' });
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${paused}/reminders`, payload: { paused: true } });
    const deleted = await createInvoice(t.app, ada, { invoice_number: 'N-4', ...past, ...to(4) }, { status: 'sent' });
    await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${deleted}` });
    // Paid after a pass queued its job: the job looks again under the invoice's lock and sends nothing.
    const late = await createInvoice(t.app, ada, { invoice_number: 'N-5', ...past, ...to(5) }, { status: 'sent' });
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${late}/status`, payload: { status: 'paid' } });
    await t.app.jobs.send('reminders.process', { invoiceId: late });
    await t.app.jobs.send('reminders.process', { invoiceId: deleted });
    await pass(t);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const n of [1, 2, 3, 4, 5]) expect(mailsTo(`never${n}@acme.example`)).toHaveLength(0);
    expect(await remindersOf(t, draft)).toEqual([]);
    expect(await remindersOf(t, paid)).toEqual([]);
    expect(await remindersOf(t, late)).toEqual([]);
    // A paused invoice gets no reminder, but its owner still hears once that it became overdue.
    expect(await remindersOf(t, paused)).toEqual([{ stage: 'overdue', outcome: 'notified', recipient: null }]);
  });

  it('records a reminder it could not send for want of an address, once', async () => {
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'E-1', issued_date: utcDate(-10), due_date: utcDate(0), to: 'No Mail Ltd\nSomewhere' },
      { status: 'sent' },
    );
    await pass(t);
    expect(await remindersOf(t, id)).toEqual([{ stage: 'due', outcome: 'no_recipient', recipient: null }]);
    const activity = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/activity` });
    expect(activity.json().activity[0]).toMatchObject({
      kind: 'reminder',
      data: { stage: 'due', skipped: 'no_recipient' },
    });
    await t.pool.query(`update invoice_reminder_state set next_check_at = now() where invoice_id = $1`, [id]);
    await pass(t);
    expect(await remindersOf(t, id)).toHaveLength(1);
  });

  it('looks again when an invoice is sent, and its pause, status or due date changes', async () => {
    const id = await createInvoice(t.app, ada, {
      invoice_number: 'T-1',
      issued_date: utcDate(-20),
      due_date: utcDate(-1),
      to: 'Trigger Ltd\ntrigger@acme.example',
    });
    const state = async () =>
      (
        await t.pool.query(
          `select next_check_at is not null and next_check_at <= now() as due from invoice_reminder_state where invoice_id = $1`,
          [id],
        )
      ).rows;
    expect(await state()).toEqual([]); // a draft has nothing to check
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'sent' } });
    expect(await state()).toEqual([{ due: true }]);
    await pass(t);
    await waitFor(() => mailsTo('trigger@acme.example').length === 1);
    expect(mailsTo('trigger@acme.example')[0]!.headers.get('subject')).toBe('Reminder: invoice T-1 is 1 day overdue');
    expect(await state()).toEqual([{ due: false }]);
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'paid' } });
    const { rows } = await t.pool.query(`select next_check_at from invoice_reminder_state where invoice_id = $1`, [id]);
    expect(rows).toEqual([{ next_check_at: null }]);
  });

  it('skips every reminder when the account turns them off, and resumes with the latest stage only', async () => {
    const grace = await signUp(t.app);
    await markVerified(t.pool, grace);
    const off = { enabled: false, before_days: 3, on_due: true, after_days: 7, repeat_days: 14, max: 3 };
    await as(t.app, grace)({ method: 'PUT', url: '/api/users/settings', payload: { reminders: off } });
    const id = await createInvoice(
      t.app,
      grace,
      { invoice_number: 'G-1', issued_date: utcDate(-90), due_date: utcDate(-50), to: 'Late Ltd\nlate@acme.example' },
      { status: 'sent' },
    );
    await pass(t);
    expect(mailsTo('late@acme.example')).toHaveLength(0);
    await as(
      t.app,
      grace,
    )({ method: 'PUT', url: '/api/users/settings', payload: { reminders: { ...off, enabled: true } } });
    await pass(t);
    await waitFor(() => mailsTo('late@acme.example').length === 1);
    // 50 days late: after (7), repeat_1 (21), repeat_2 (35) and repeat_3 (49) have passed; one e-mail, for repeat_3.
    expect((await remindersOf(t, id)).filter((row) => row.stage !== 'overdue')).toEqual([
      { stage: 'repeat_3', outcome: 'sent', recipient: 'late@acme.example' },
    ]);
  });
});

describe('an account whose address is not verified', () => {
  it('gets no reminder e-mailed while it waits, its owner’s notice all the same, then the latest stage once', async () => {
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' });
    const hal = await signUp(t.app);
    const id = await createInvoice(
      t.app,
      hal,
      { invoice_number: 'U-1', issued_date: utcDate(-60), due_date: utcDate(-25), to: 'Wait Ltd\nwait@acme.example' },
      { status: 'sent' },
    );
    await pass(t);
    await pass(t);
    expect(mailsTo('wait@acme.example')).toHaveLength(0);
    expect(await remindersOf(t, id)).toEqual([{ stage: 'overdue', outcome: 'notified', recipient: null }]);
    const page = await as(t.app, hal)({ method: 'GET', url: `/api/invoices/${id}/reminders` });
    // The invoice page still shows what is planned, and that it waits.
    expect(page.json().reminders).toMatchObject({ account_verified: false, next: { stage: 'repeat_1' } });

    // Verified through the link of the sign-up e-mail: the next pass sends the latest stage due, and only it.
    await waitFor(() => mailsTo(hal.email).length === 1);
    const text = mailsTo(hal.email)[0]!.parts.find((part) => part.type === 'text/plain')!.text;
    const token = new URL(/https?:\/\/\S+verify-email\S+/.exec(text)![0]).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(
      200,
    );
    await pass(t);
    await waitFor(() => mailsTo('wait@acme.example').length === 1);
    // 25 days late: after (7) and repeat_1 (21) have passed; one e-mail, for repeat_1.
    expect((await remindersOf(t, id)).filter((row) => row.stage !== 'overdue')).toEqual([
      { stage: 'repeat_1', outcome: 'sent', recipient: 'wait@acme.example' },
    ]);
    await pass(t);
    expect(mailsTo('wait@acme.example')).toHaveLength(1);
  });
});

describe('the per-account daily cap', () => {
  it('sends at most REMINDERS_PER_ACCOUNT_PER_DAY a day; the rest wait for the next day', async () => {
    const t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1', REMINDERS_PER_ACCOUNT_PER_DAY: '2' });
    const ada = await signUp(t.app);
    await markVerified(t.pool, ada);
    for (let n = 1; n <= 3; n++) {
      await createInvoice(
        t.app,
        ada,
        { invoice_number: `C-${n}`, issued_date: utcDate(-30), due_date: utcDate(-8), to: `C\ncap${n}@acme.example` },
        { status: 'sent' },
      );
    }
    await pass(t);
    const { rows } = await t.pool.query(
      `select count(*)::int as n from invoice_reminders where user_id = $1 and outcome = 'sent'`,
      [ada.id],
    );
    expect(rows[0].n).toBe(2);
    const { rows: waiting } = await t.pool.query(
      `select (next_check_at at time zone 'UTC')::date::text as next from invoice_reminder_state s
        where s.user_id = $1 and not exists (select 1 from invoice_reminders r where r.invoice_id = s.invoice_id and r.stage = 'after')`,
      [ada.id],
    );
    expect(waiting).toEqual([{ next: utcDate(1) }]);
  });
});

describe('two server processes on one database', () => {
  it('remind each invoice exactly once while both pass at the same time', async () => {
    const one = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' });
    const two = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '1' }, { databaseUrl: one.databaseUrl });
    const ada = await signUp(one.app);
    await markVerified(one.pool, ada);
    const ids: string[] = [];
    for (let n = 1; n <= 30; n++) {
      ids.push(
        await createInvoice(
          one.app,
          ada,
          {
            invoice_number: `P-${n}`,
            issued_date: utcDate(-30),
            due_date: utcDate(-2),
            to: `P\npair${n}@acme.example`,
          },
          { status: 'sent' },
        ),
      );
    }
    await Promise.all([pass(one), pass(two), pass(one), pass(two)]);
    await waitFor(() => smtp.received.filter((mail) => mail.rcptTo[0]!.startsWith('pair')).length >= 30);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pairs = smtp.received.filter((mail) => mail.rcptTo[0]!.startsWith('pair')).map((mail) => mail.rcptTo[0]);
    expect(pairs.sort()).toEqual(Array.from({ length: 30 }, (_, n) => `pair${n + 1}@acme.example`).sort());
    const { rows } = await one.pool.query(
      `select stage, count(*)::int as n from invoice_reminders where user_id = $1 group by stage order by stage`,
      [ada.id],
    );
    expect(rows).toEqual([
      { stage: 'due', n: 30 },
      { stage: 'overdue', n: 30 },
    ]);
  });
});
