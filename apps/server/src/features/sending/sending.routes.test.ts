import {
  SEND_LIMITS,
  SEND_MESSAGES,
  sendDefaultsResponseSchema,
  sendInvoiceResponseSchema,
} from '@invoicer/domain/api/sending';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markVerified, signUp, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { dbFingerprint } from '../../../test/db-fingerprint';
import { as, createInvoice } from '../../../test/invoice-fixtures';
import { settleQueue } from '../../../test/jobs';
import { startSmtpServer, type TestSmtpServer, type ReceivedMail } from '../../../test/smtp-test-server';
import { waitFor } from '../../../test/wait-for';

/**
 * POST /api/invoices/{id}/send and its defaults (docs/product/sending-invoices.md), against real PostgreSQL, the
 * real PDF engine and a real SMTP server.
 */

const send = (app: FastifyInstance, account: TestAccount, id: string, payload: unknown) =>
  as(app, account)({ method: 'POST', url: `/api/invoices/${id}/send`, payload: payload as Record<string, unknown> });

async function newClient(app: FastifyInstance, account: TestAccount, email: string): Promise<string> {
  const response = await as(app, account)({ method: 'POST', url: '/api/clients', payload: { name: 'Acme', email } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().client.id;
}

async function activity(app: FastifyInstance, account: TestAccount, id: string) {
  const response = await as(app, account)({ method: 'GET', url: `/api/invoices/${id}/activity` });
  expect(response.statusCode).toBe(200);
  return response.json().activity as Array<{ kind: string; data: Record<string, unknown> }>;
}

async function storedStatus(pool: pg.Pool, id: string): Promise<string> {
  return (await pool.query(`select status from invoices where id = $1`, [id])).rows[0].status;
}

/** Jobs in pg-boss's table: outside `public`, so the fingerprint does not see them. */
async function mailJobs(pool: pg.Pool): Promise<number> {
  return (await pool.query(`select count(*)::int as n from pgboss.job where name = 'mail.deliver'`)).rows[0].n;
}

const subjectOf = (mail: ReceivedMail) => mail.headers.get('subject');

/** Until the e-mails of earlier tests have left: their deliveries write to the outbox, which fingerprints see. */
async function deliveriesSettled(t: TestApp): Promise<void> {
  await waitFor(
    async () => (await t.pool.query(`select count(*)::int as n from outbox where status = 'pending'`)).rows[0].n === 0,
    60_000,
  );
  await t.app.jobs.idle();
}

describe('POST /api/invoices/{id}/send with a mail server', () => {
  let smtp: TestSmtpServer, t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'invoices@invoicer.test',
    });
    [ada, bob] = await Promise.all([signUp(t.app), signUp(t.app, { first_name: 'Bob' })]);
    // Verification is not what these tests are about (the gate has its own describe below).
    await markVerified(t.pool, ada, bob);
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('answers the dialog’s defaults: the client’s address, the subject, the message and the attachment', async () => {
    const clientId = await newClient(t.app, ada, 'billing@acme.test');
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'D-1', due_date: '2026-12-05' },
      { client_id: clientId },
    );
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/send` });
    expect(response.statusCode, response.body).toBe(200);
    const defaults = sendDefaultsResponseSchema.parse(response.json());
    expect(defaults).toEqual({
      success: true,
      to: ['billing@acme.test'],
      subject: 'Invoice D-1 from Ada Lovelace Consulting',
      message: expect.stringContaining('{link}'),
      reply_to: ada.email,
      attachment_name: 'd_1_2026-11-21.pdf',
      email_delivery_configured: true,
      email_verified: true,
    });
    expect(defaults.message).toContain('Please find attached invoice D-1 for €');
    expect(defaults.message).toContain('due on December 5, 2026');

    // Without a linked client, an address written in the To block; without either, none.
    const written = await createInvoice(t.app, ada, { invoice_number: 'D-2', to: 'Acme\nPay: ap@acme.test.' });
    const none = await createInvoice(t.app, ada, { invoice_number: 'D-3' });
    const [fromBlock, nothing] = await Promise.all(
      [written, none].map((invoice) => as(t.app, ada)({ method: 'GET', url: `/api/invoices/${invoice}/send` })),
    );
    expect(fromBlock!.json().to).toEqual(['ap@acme.test']);
    expect(nothing!.json().to).toEqual([]);
  });

  it('sends a draft: the e-mail arrives with the PDF, both parts, the link and Reply-To; the draft becomes sent', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'S-1', due_date: '2099-01-31' });
    expect(await storedStatus(t.pool, id)).toBe('draft');
    const response = await send(t.app, ada, id, {
      to: ['client@example.com', 'Accounts@Example.org'],
      cc_me: true,
      subject: 'Invoice S-1 for December',
      message: 'Hello <Acme>,\n\nHere it is: {link}\n\nThanks',
    });
    expect(response.statusCode, response.body).toBe(202);
    const answer = sendInvoiceResponseSchema.parse(response.json());
    expect(answer).toEqual({
      success: true,
      message: 'Invoice S-1 is on its way to client@example.com, Accounts@Example.org.',
      status: 'sent',
      to: ['client@example.com', 'Accounts@Example.org'],
      cc: [ada.email],
      url: expect.stringMatching(/^http:\/\/localhost:80\/i\/[A-Za-z0-9_-]{24}$/),
      email_delivery_configured: true,
    });
    expect(await storedStatus(t.pool, id)).toBe('sent');

    await waitFor(() => smtp.received.some((mail) => subjectOf(mail) === 'Invoice S-1 for December'), 60_000);
    const mail = smtp.received.find((received) => subjectOf(received) === 'Invoice S-1 for December')!;
    // The SMTP client writes domains in lower case.
    expect(mail.rcptTo.map((address) => address.toLowerCase()).sort()).toEqual(
      ['accounts@example.org', 'client@example.com', ada.email].sort(),
    );
    expect(mail.headers.get('to')).toBe('client@example.com, Accounts@example.org');
    expect(mail.headers.get('cc')).toBe(ada.email);
    expect(mail.headers.get('reply-to')).toBe(ada.email);
    expect(mail.headers.get('from')).toBe('Ada Lovelace Consulting via Invoicer <invoices@invoicer.test>');
    expect(mail.parts.map((part) => part.type)).toEqual(['text/plain', 'text/html', 'application/pdf']);
    const [text, html, pdf] = mail.parts;
    expect(text!.text).toBe(`Hello <Acme>,\n\nHere it is: ${answer.url}\n\nThanks`);
    expect(html!.text).toContain('Hello &lt;Acme&gt;,');
    expect(html!.text).toContain(`Here it is: <a href="${answer.url}"`);
    expect(html!.text).not.toContain('<Acme>');
    expect(html!.text).not.toMatch(/<img|<script|src=/i);
    expect(pdf!.fileName).toBe('s_1_2026-11-21.pdf');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The same file as the download.
    const download = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    expect(download.headers['content-disposition']).toContain('s_1_2026-11-21.pdf');

    // The link in the e-mail opens the invoice, for anyone.
    const token = answer.url.split('/i/')[1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().invoice.invoice_number).toBe('S-1');
    // The view is counted just after the answer (docs/decisions/0051-public-views-off-the-request-path.md).
    await settleQueue(t, 'invoice-links.views');
    // And it is the link "Copy link" shows.
    const share = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/share` });
    expect(share.json().link.token).toBe(token);

    // Activity: the link was made, then the invoice sent (one entry, which says the draft became sent).
    const entries = await activity(t.app, ada, id);
    expect(entries.slice(0, 3).map((entry) => [entry.kind, entry.data])).toEqual([
      ['viewed', { first: true }],
      ['sent', { to: ['client@example.com', 'Accounts@Example.org'], cc: [ada.email], marked_sent: true }],
      ['link_created', { replaced: false }],
    ]);
    const notifications = await t.pool.query(
      `select type, title, message, related_entity_id from notifications where user_id = $1 and title like 'Invoice S-1%' order by created_at`,
      [ada.id],
    );
    expect(notifications.rows).toEqual([
      {
        type: 'success',
        title: 'Invoice S-1 sent',
        message: 'Invoice S-1 is on its way to client@example.com, Accounts@Example.org.',
        related_entity_id: id,
      },
      expect.objectContaining({ title: 'Invoice S-1 was viewed' }),
    ]);
    await waitFor(
      async () =>
        (await t.pool.query(`select status from outbox where attach_invoice_id = $1`, [id])).rows[0]?.status === 'sent',
    );
  });

  it('sends again with the defaults: the same link, no status change, no copy', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'S-2' });
    const first = sendInvoiceResponseSchema.parse((await send(t.app, ada, id, { to: ['a@example.com'] })).json());
    const again = await send(t.app, ada, id, { to: ['b@example.com'], cc_me: false, subject: null, message: null });
    expect(again.statusCode, again.body).toBe(202);
    const second = sendInvoiceResponseSchema.parse(again.json());
    expect(second.url).toBe(first.url);
    expect(second.cc).toEqual([]);
    expect(second.status).toBe('sent');
    const entries = await activity(t.app, ada, id);
    expect(entries.filter((entry) => entry.kind === 'sent').map((entry) => entry.data)).toEqual([
      { to: ['b@example.com'] },
      { to: ['a@example.com'], marked_sent: true },
    ]);
    await waitFor(
      () => smtp.received.filter((mail) => subjectOf(mail)?.startsWith('Invoice S-2 from')).length === 2,
      60_000,
    );
    const mails = smtp.received.filter((mail) => subjectOf(mail) === 'Invoice S-2 from Ada Lovelace Consulting');
    expect(mails.map((mail) => mail.rcptTo)).toEqual(expect.arrayContaining([['a@example.com'], ['b@example.com']]));
    expect(mails[0]!.parts[0]!.text).toContain(`You can also view and download it online: ${first.url}`);
    expect(mails[0]!.headers.get('cc')).toBeUndefined();
  });

  it('keeps a paid or overdue invoice’s status, and a copy to an address already in To is not a Cc', async () => {
    const paid = await createInvoice(t.app, ada, { invoice_number: 'S-3' }, { status: 'paid' });
    const overdue = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'S-4', due_date: '2020-01-01' },
      { status: 'sent' },
    );
    const paidAnswer = await send(t.app, ada, paid, { to: [ada.email.toUpperCase()], cc_me: true });
    expect(paidAnswer.statusCode, paidAnswer.body).toBe(202);
    expect(paidAnswer.json()).toMatchObject({ status: 'paid', cc: [] });
    const overdueAnswer = await send(t.app, ada, overdue, { to: ['late@example.com'] });
    expect(overdueAnswer.json().status).toBe('overdue');
    expect(await storedStatus(t.pool, paid)).toBe('paid');
    expect(await storedStatus(t.pool, overdue)).toBe('sent');
  });

  describe('bad input: 400 or 404 with the envelope, nothing written, nothing queued', () => {
    const tooMany = Array.from({ length: SEND_LIMITS.recipients + 1 }, (_, n) => `r${n}@example.com`);
    const cases: Array<[string, unknown, string]> = [
      ['no body', undefined, 'Request must be an object.'],
      ['no recipients', { to: [] }, SEND_MESSAGES.toRequired],
      ['to left out', { subject: 'Hi' }, SEND_MESSAGES.toType],
      ['to as one string', { to: 'a@example.com' }, SEND_MESSAGES.toType],
      ['a number in to', { to: [42] }, SEND_MESSAGES.toType],
      ['more than 10 recipients', { to: tooMany }, SEND_MESSAGES.tooManyRecipients],
      ['no @', { to: ['not-an-email'] }, SEND_MESSAGES.invalidAddress('not-an-email')],
      ['no dot in the domain', { to: ['a@localhost'] }, SEND_MESSAGES.invalidAddress('a@localhost')],
      ['a display name', { to: ['Ada <a@example.com>'] }, SEND_MESSAGES.invalidAddress('Ada <a@example.com>')],
      ['a comma', { to: ['a@example.com,b@example.com'] }, SEND_MESSAGES.invalidAddress('a@example.com,b@example.com')],
      ['a header in an address', { to: ['a@example.com\r\nBcc: x@evil.test'] }, 'is not a valid e-mail address'],
      ['a blank address', { to: ['  '] }, SEND_MESSAGES.invalidAddress('')],
      ['the same address twice', { to: ['a@example.com', 'A@Example.com'] }, SEND_MESSAGES.duplicate('A@Example.com')],
      ['a blank subject', { to: ['a@example.com'], subject: '  ' }, SEND_MESSAGES.subjectRequired],
      ['a long subject', { to: ['a@example.com'], subject: 'x'.repeat(201) }, SEND_MESSAGES.subjectTooLong],
      [
        'a subject on two lines',
        { to: ['a@example.com'], subject: 'Hi\nBcc: x@evil.test' },
        SEND_MESSAGES.subjectOneLine,
      ],
      ['a blank message', { to: ['a@example.com'], message: ' \n ' }, SEND_MESSAGES.messageRequired],
      ['a long message', { to: ['a@example.com'], message: 'x'.repeat(5001) }, SEND_MESSAGES.messageTooLong],
      ['a NUL in the message', { to: ['a@example.com'], message: 'a\u0000b' }, 'Message contains a character'],
      ['cc_me as text', { to: ['a@example.com'], cc_me: 'yes' }, SEND_MESSAGES.ccMe],
    ];

    let number = 0;
    it.each(cases)('%s', async (_name, payload, error) => {
      const id = await createInvoice(t.app, ada, { invoice_number: `B-${++number}` });
      await deliveriesSettled(t);
      const before = await dbFingerprint(t.pool);
      const jobs = await mailJobs(t.pool);
      const response = await send(t.app, ada, id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
      expect(response.body).toContain(JSON.stringify(error).slice(1, -1));
      expect(await dbFingerprint(t.pool)).toEqual(before);
      expect(await mailJobs(t.pool)).toBe(jobs);
    });

    it('another user’s invoice, an unknown one and a malformed id', async () => {
      const bobs = await createInvoice(t.app, bob, { invoice_number: 'B-BOB' });
      await deliveriesSettled(t);
      const before = await dbFingerprint(t.pool);
      const jobs = await mailJobs(t.pool);
      for (const id of [bobs, '00000000-0000-4000-8000-000000000000']) {
        const response = await send(t.app, ada, id, { to: ['a@example.com'] });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, error: 'Invoice not found' });
        const defaults = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/send` });
        expect(defaults.statusCode).toBe(404);
      }
      expect((await send(t.app, ada, 'not-an-id', { to: ['a@example.com'] })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/invoices/${bobs}/send`, payload: { to: ['a@example.com'] } }))
          .statusCode,
      ).toBe(401);
      expect(await dbFingerprint(t.pool)).toEqual(before);
      expect(await mailJobs(t.pool)).toBe(jobs);
      expect(await storedStatus(t.pool, bobs)).toBe('draft');
    });
  });
});

describe('POST /api/invoices/{id}/send is rate limited per account', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SEND_PER_HOUR: '2' });
    [ada, bob] = await Promise.all([signUp(t.app), signUp(t.app, { first_name: 'Bob' })]);
    await markVerified(t.pool, ada, bob);
  });

  it('refuses the third send of the hour with 429, queueing nothing; refused bodies and other accounts do not count', async () => {
    const id = await createInvoice(t.app, ada);
    expect((await send(t.app, ada, id, { to: [] })).statusCode).toBe(400);
    expect((await send(t.app, ada, id, { to: ['a@example.com'] })).statusCode).toBe(202);
    expect((await send(t.app, ada, id, { to: ['b@example.com'] })).statusCode).toBe(202);
    const before = await dbFingerprint(t.pool);
    const jobs = await mailJobs(t.pool);
    const refused = await send(t.app, ada, id, { to: ['c@example.com'] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: SEND_MESSAGES.tooMany(60) });
    expect(await dbFingerprint(t.pool)).toEqual(before);
    expect(await mailJobs(t.pool)).toBe(jobs);
    // Another account has its own count.
    const bobs = await createInvoice(t.app, bob);
    expect((await send(t.app, bob, bobs, { to: ['a@example.com'] })).statusCode).toBe(202);
  });
});

describe('POST /api/invoices/{id}/send without SMTP_URL', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    ada = await signUp(t.app);
    await markVerified(t.pool, ada);
  });

  it('says so before and after, marks the draft sent, and the message waits in the outbox with its job', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'W-1' });
    const defaults = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/send` });
    expect(defaults.json().email_delivery_configured).toBe(false);

    const response = await send(t.app, ada, id, { to: ['client@example.com'] });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({
      success: true,
      message: SEND_MESSAGES.waiting('W-1'),
      status: 'sent',
      email_delivery_configured: false,
    });
    // Links point at the server's own address when PUBLIC_URL is unset: the origin the request came to.
    expect(response.json().url).toMatch(/^http:\/\/localhost:80\/i\//);
    const { rows } = await t.pool.query(
      `select status, kind, recipient, cc, reply_to, subject, attach_invoice_id, html is not null as has_html, job_id
         from outbox where user_id = $1 and kind = 'invoice'`,
      [ada.id],
    );
    expect(rows).toEqual([
      {
        status: 'pending',
        kind: 'invoice',
        recipient: 'client@example.com',
        cc: null,
        reply_to: ada.email,
        subject: 'Invoice W-1 from Ada Lovelace Consulting',
        attach_invoice_id: id,
        has_html: true,
        job_id: expect.any(String),
      },
    ]);
    const job = await t.pool.query(`select state from pgboss.job where id = $1`, [rows[0].job_id]);
    expect(job.rows).toEqual([{ state: 'created' }]);
    const notification = await t.pool.query(
      `select type, message from notifications where user_id = $1 and title = 'Invoice W-1 sent'`,
      [ada.id],
    );
    expect(notification.rows).toEqual([
      {
        type: 'warning',
        message:
          'Invoice W-1 to client@example.com is waiting in the outbox: e-mail delivery is not configured on this server.',
      },
    ]);
    expect(await storedStatus(t.pool, id)).toBe('sent');
  });

  it('deleting the invoice takes its waiting e-mail with it', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'W-2' });
    expect((await send(t.app, ada, id, { to: ['client@example.com'] })).statusCode).toBe(202);
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}` })).statusCode).toBe(200);
    const { rows } = await t.pool.query(`select count(*)::int as n from outbox where attach_invoice_id = $1`, [id]);
    expect(rows[0].n).toBe(0);
  });
});

describe('POST /api/invoices/{id}/send for an account whose address is not verified', () => {
  let smtp: TestSmtpServer, t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    ada = await signUp(t.app);
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('says so in the dialog’s defaults, refuses with 403 queueing nothing, and sends once verified through the link', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'V-1' });
    const defaults = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/send` });
    expect(defaults.json()).toMatchObject({ email_verified: false, email_delivery_configured: true });

    await deliveriesSettled(t);
    const before = await dbFingerprint(t.pool);
    const jobs = await mailJobs(t.pool);
    const refused = await send(t.app, ada, id, { to: ['client@example.com'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: SEND_MESSAGES.notVerified });
    expect(await dbFingerprint(t.pool)).toEqual(before);
    expect(await mailJobs(t.pool)).toBe(jobs);
    expect(await storedStatus(t.pool, id)).toBe('draft');
    // Another user's invoice still answers 404 first: the gate tells nothing about it.
    const bob = await signUp(t.app);
    const bobs = await createInvoice(t.app, bob);
    expect((await send(t.app, ada, bobs, { to: ['client@example.com'] })).statusCode).toBe(404);

    // The link of the sign-up e-mail verifies the address; then the send goes out.
    await waitFor(() => smtp.received.some((mail) => mail.rcptTo.includes(ada.email)), 30_000);
    const verification = smtp.received.find((mail) => mail.rcptTo.includes(ada.email))!;
    const text = verification.parts.find((part) => part.type === 'text/plain')!.text;
    const token = new URL(/https?:\/\/\S+verify-email\S+/.exec(text)![0]).searchParams.get('token')!;
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode, verified.body).toBe(200);
    const sent = await send(t.app, ada, id, { to: ['client@example.com'] });
    expect(sent.statusCode, sent.body).toBe(202);
    await waitFor(
      () => smtp.received.some((mail) => subjectOf(mail) === 'Invoice V-1 from Ada Lovelace Consulting'),
      60_000,
    );
  });
});
