import { SUPPORT_DETAILS_MAX, SUPPORT_MESSAGES, supportResponseSchema } from '@invoicer/domain/api/support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { as } from '../../../test/invoice-fixtures';
import { freePort } from '../../db/embedded-postgres';
import { waitFor } from '../../../test/wait-for';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server';
import { requesterName } from './support.service';
import { adaAndBob } from '../../../test/two-users';

const body = (overrides: Record<string, unknown> = {}) => ({
  issueType: 'download-error',
  details: '  The PDF download stops at 99 %.\nIt happens with every invoice.  ',
  name: 'Somebody Else',
  email: 'impostor@example.com',
  ...overrides,
});

const post = (app: FastifyInstance, account: TestAccount, payload: unknown) =>
  as(app, account)({ method: 'POST', url: '/api/support', payload: payload as Record<string, unknown> });

async function rows(t: TestApp, userId: string) {
  const requests = await t.pool.query(
    `select id, issue_type, details, name, email from support_requests where user_id = $1 order by created_at`,
    [userId],
  );
  const mails = await t.pool.query(
    `select id, kind, support_request_id, recipient, reply_to, subject, body, status, attempts, sent_at, last_error, job_id
       from outbox where user_id = $1 and kind = 'support_request' order by id`,
    [userId],
  );
  return { requests: requests.rows, mails: mails.rows };
}

describe('POST /api/support without SMTP_URL', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('stores the request under the session user’s own name and e-mail and keeps its e-mail in the outbox', async () => {
    const response = await post(t.app, ada, { ...body(), userId: ada.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(supportResponseSchema.parse(response.json())).toEqual({ success: true, message: SUPPORT_MESSAGES.sent });

    const { requests, mails } = await rows(t, ada.id);
    expect(requests).toEqual([
      {
        id: expect.any(String),
        issue_type: 'download-error',
        details: 'The PDF download stops at 99 %.\nIt happens with every invoice.',
        name: 'Ada Lovelace',
        email: ada.email,
      },
    ]);
    expect(mails).toEqual([
      {
        id: expect.any(String), // bigserial, as pg reads a bigint
        kind: 'support_request',
        support_request_id: requests[0].id,
        recipient: 'support@invoicer.app',
        reply_to: `"Ada Lovelace" <${ada.email}>`,
        subject: 'Support request: Download or Preview issue (PDF) (Ada Lovelace)',
        body: expect.stringContaining('Details:\nThe PDF download stops at 99 %.\nIt happens with every invoice.\n'),
        status: 'pending',
        attempts: 0,
        sent_at: null,
        last_error: null,
        job_id: expect.any(String),
      },
    ]);
    expect(mails[0].body).toContain(`From: Ada Lovelace <${ada.email}>`);
    expect(mails[0].body).toContain('Issue: Download or Preview issue (PDF) (download-error)');
    expect(mails[0].body).toContain(`Request id: ${requests[0].id}`);
    expect(mails[0].body).not.toContain('impostor');
    // Its delivery job was queued with it (and waits: no SMTP_URL here).
    const job = await t.pool.query(`select name, state, data from pgboss.job where id = $1`, [mails[0].job_id]);
    expect(job.rows).toEqual([{ name: 'mail.deliver', state: 'created', data: { outboxId: Number(mails[0].id) } }]);

    const notifications = await as(t.app, ada)({ method: 'GET', url: '/api/notifications' });
    expect(notifications.json().notifications[0]).toMatchObject({
      type: 'success',
      title: 'Support request sent',
      message: `We received your request about "Download or Preview issue (PDF)" and will reply to ${ada.email}, typically within 24 hours.`,
      related_entity_type: null,
      related_entity_id: null,
    });
  });

  it('refuses bad input with the form’s messages and writes nothing', async () => {
    const mailJobs = async () =>
      (await t.pool.query(`select count(*)::int as n from pgboss.job where name = 'mail.deliver'`)).rows[0].n;
    const jobsBefore = await mailJobs();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ issueType: undefined }, SUPPORT_MESSAGES.issueType],
      [{ issueType: '' }, SUPPORT_MESSAGES.issueType],
      [{ issueType: 'billing' }, SUPPORT_MESSAGES.issueType],
      [{ details: undefined }, SUPPORT_MESSAGES.details],
      [{ details: ' \n\t ' }, SUPPORT_MESSAGES.details],
      [{ details: 42 }, SUPPORT_MESSAGES.details],
      [{ details: 'x'.repeat(SUPPORT_DETAILS_MAX + 1) }, SUPPORT_MESSAGES.detailsTooLong],
    ];
    for (const [overrides, message] of cases) {
      const response = await post(t.app, bob, body(overrides));
      expect(response.statusCode, JSON.stringify(overrides).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: message });
    }
    const notJson = await as(
      t.app,
      bob,
    )({
      method: 'POST',
      url: '/api/support',
      payload: '{"issueType":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rows(t, bob.id)).toEqual({ requests: [], mails: [] });
    expect(await mailJobs()).toBe(jobsBefore);

    // At the limit, after trimming, it is accepted.
    const longest = await post(t.app, bob, body({ details: ` ${'x'.repeat(SUPPORT_DETAILS_MAX)} ` }));
    expect(longest.statusCode).toBe(200);
  });

  it('refuses another user’s id (403) and a guest (401), storing nothing', async () => {
    const before = (await rows(t, ada.id)).requests.length;
    const forbidden = await post(t.app, ada, { ...body(), userId: bob.id });
    expect(forbidden.statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: '/api/support', payload: body() });
    expect(guest.statusCode).toBe(401);
    expect((await rows(t, ada.id)).requests).toHaveLength(before);
  });

  it('names a user without a name “User”', () => {
    expect(requesterName({ firstName: ' ', lastName: '' })).toBe('User');
    expect(requesterName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(requesterName({ firstName: 'Ada\n', lastName: ' King' })).toBe('Ada King');
  });
});

describe('support requests per user per hour', () => {
  it('answers 429 past the limit, per user; a refused form does not count', async () => {
    const t = await createTestApp({ RATE_LIMIT_SUPPORT_PER_HOUR: '2' });
    const ada = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await post(t.app, ada, body())).statusCode).toBe(200);
    expect((await post(t.app, ada, body({ details: '' }))).statusCode).toBe(400);
    expect((await post(t.app, ada, body())).statusCode).toBe(200);
    const limited = await post(t.app, ada, body());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'You have sent too many support requests. Please wait 60 minutes and try again.',
    });
    expect((await post(t.app, bob, body())).statusCode).toBe(200);
    expect((await rows(t, ada.id)).requests).toHaveLength(2);
  });
});

describe('support e-mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let ada: TestAccount;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@example.com', MAIL_RETRY_SECONDS: '1' });
    ada = await signUp(t.app, { first_name: 'Ada', last_name: 'Lovelace' });
  });
  afterAll(async () => smtp.close());

  it('delivers the message to SUPPORT_EMAIL with the issue, the user and the details', async () => {
    const response = await post(t.app, ada, body({ issueType: 'missing-invoice', details: 'Invoice 0007 is gone.' }));
    expect(response.statusCode).toBe(200);
    // Sign-up's verification e-mail goes to Ada; the request goes to SUPPORT_EMAIL.
    const toSupport = () => smtp.received.filter((mail) => mail.rcptTo.includes('help@example.com'));
    await waitFor(() => toSupport().length === 1);
    const [mail] = toSupport();
    expect(mail!.mailFrom).toBe('help@example.com');
    expect(mail!.rcptTo).toEqual(['help@example.com']);
    expect(mail!.headers.get('to')).toBe('help@example.com');
    expect(mail!.headers.get('from')).toBe('Invoicer <help@example.com>');
    expect(mail!.headers.get('reply-to')).toBe(`Ada Lovelace <${ada.email}>`);
    expect(mail!.headers.get('subject')).toBe('Support request: Invoice not generated or missing (Ada Lovelace)');
    expect(mail!.headers.get('message-id')).toMatch(/^<outbox-\d+-\d+@example\.com>$/);
    expect(mail!.body).toContain('Issue: Invoice not generated or missing (missing-invoice)');
    expect(mail!.body).toContain(`From: Ada Lovelace <${ada.email}>`);
    expect(mail!.body).toContain('Details:\nInvoice 0007 is gone.\n');

    await waitFor(async () => (await rows(t, ada.id)).mails[0]?.status === 'sent');
    const { mails } = await rows(t, ada.id);
    expect(mails[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null, sent_at: expect.any(Date) });
  });
});

describe('support e-mail while the SMTP server is down', () => {
  let port: number;
  let t: TestApp;
  let ada: TestAccount;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    port = await freePort(); // nothing listens there: connections are refused
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SUPPORT_EMAIL: 'help@example.com',
      MAIL_RETRY_SECONDS: '1',
    });
    ada = await signUp(t.app);
  });
  afterAll(async () => smtp?.close());

  it('stores and answers the request, keeps the e-mail pending, and delivers it exactly once when SMTP is back', async () => {
    const response = await post(t.app, ada, body({ details: 'Sent while the mail server was down.' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: SUPPORT_MESSAGES.sent });
    expect((await rows(t, ada.id)).requests).toHaveLength(1);

    await waitFor(async () => ((await rows(t, ada.id)).mails[0]?.attempts ?? 0) >= 2);
    const pending = (await rows(t, ada.id)).mails[0];
    expect(pending).toMatchObject({
      status: 'pending',
      sent_at: null,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });

    smtp = await startSmtpServer(port);
    // Sign-up's verification e-mail waited too; the request goes to SUPPORT_EMAIL.
    const toSupport = () => smtp!.received.filter((mail) => mail.rcptTo.includes('help@example.com'));
    await waitFor(() => toSupport().length >= 1, 20_000);
    await waitFor(async () => (await rows(t, ada.id)).mails[0]?.status === 'sent');
    // Time for a duplicate to show up if the loop were to send it again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.app.jobs.idle();
    expect(toSupport()).toHaveLength(1);
    expect(toSupport()[0]!.body).toContain('Sent while the mail server was down.');
    const sent = (await rows(t, ada.id)).mails[0];
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.sent_at).toBeInstanceOf(Date);
  });
});

describe('a message that never gets through', () => {
  it('is marked failed after the last attempt and kept, with the request', async () => {
    const port = await freePort();
    const t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_RETRY_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '2',
    });
    const ada = await signUp(t.app);
    expect((await post(t.app, ada, body())).statusCode).toBe(200);
    await waitFor(async () => (await rows(t, ada.id)).mails[0]?.status === 'failed');
    const { requests, mails } = await rows(t, ada.id);
    expect(requests).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'failed', attempts: 2, sent_at: null });
  });
});
