import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, sessionStatus, signIn, signUp, uniqueEmail, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { dbFingerprint } from '../../../test/db-fingerprint';
import { settleQueue } from '../../../test/jobs';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp-test-server';
import { waitFor } from '../../../test/wait-for';

/**
 * Password reset and e-mail verification (docs/product/accounts.md#password-reset,
 * docs/product/accounts.md#e-mail-verification, docs/decisions/0052-account-links-verification-and-sessions.md),
 * against real PostgreSQL and a real SMTP server: the e-mails arrive, their links work exactly once, and the reset
 * request answers the same, after the same work, whether or not the address has an account.
 */

const post = (app: FastifyInstance, url: string, payload?: Record<string, unknown>, cookie?: string) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...(cookie ? { headers: { cookie } } : {}) });

const textOf = (mail: ReceivedMail) => mail.parts.find((part) => part.type === 'text/plain')?.text ?? '';
const htmlOf = (mail: ReceivedMail) => mail.parts.find((part) => part.type === 'text/html')?.text ?? '';

/** The messages to `address` whose subject says `subject`, once `count` have arrived. */
async function mailTo(smtp: TestSmtpServer, address: string, subject: string, count = 1): Promise<ReceivedMail[]> {
  const matching = () =>
    smtp.received.filter(
      (mail) => mail.rcptTo.includes(address.toLowerCase()) && (mail.headers.get('subject') ?? '').includes(subject),
    );
  await waitFor(() => matching().length >= count, 30_000);
  return matching();
}

/** The token of the last link to `path` in a message's text. */
function tokenIn(mail: ReceivedMail, origin: string, path: string): string {
  const links = [...textOf(mail).matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  const link = links.find((url) => url.startsWith(`${origin}${path}?token=`));
  expect(link, textOf(mail)).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

/** Every account e-mail: both parts, the product's name, nothing loaded from anywhere, links on the mailer's origin. */
function expectWellFormed(mail: ReceivedMail, origin: string) {
  const text = textOf(mail);
  const html = htmlOf(mail);
  expect(text).toContain('Invoicer');
  expect(html).toContain('Invoicer');
  expect(html).not.toMatch(/<img|<script|src=|url\(/i);
  for (const [url] of `${text}\n${html}`.matchAll(/https?:\/\/[^\s"<]+/g))
    expect(url.startsWith(origin), url).toBe(true);
  expect(mail.headers.get('from')).toContain('Invoicer');
}

const RESET_SUBJECT = 'Reset your Invoicer password';
const VERIFY_SUBJECT = 'Verify your e-mail address for Invoicer';

/** Until every e-mail written so far has left: a delivery writes to the outbox, which fingerprints see. */
async function deliveriesSettled(t: TestApp): Promise<void> {
  await waitFor(
    async () => (await t.pool.query(`select count(*)::int as n from outbox where status = 'pending'`)).rows[0].n === 0,
    30_000,
  );
  await t.app.jobs.idle();
}

async function jobsNamed(pool: pg.Pool, name: string): Promise<number> {
  return (await pool.query(`select count(*)::int as n from pgboss.job where name = $1`, [name])).rows[0].n;
}

describe('password reset', () => {
  let smtp: TestSmtpServer, t: TestApp, origin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'accounts@invoicer.test' });
    origin = t.app.mailer.linkOrigin;
  });
  afterAll(async () => {
    await smtp.close();
  });

  async function resetLink(account: { email: string }, count = 1): Promise<string> {
    const response = await post(t.app, '/api/auth/password-reset', { email: account.email });
    expect(response.statusCode, response.body).toBe(202);
    const mails = await mailTo(smtp, account.email, RESET_SUBJECT, count);
    return tokenIn(mails.at(-1)!, origin, '/reset-password');
  }

  it('e-mails a link that works once: the new password is set, every other session ends, this browser signs in', async () => {
    const ada = await signUp(t.app);
    const phone = sessionCookie(await signIn(t.app, ada.email, ada.password))!;
    const response = await post(t.app, '/api/auth/password-reset', { email: ada.email.toUpperCase() });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetRequested });

    const [mail] = await mailTo(smtp, ada.email, RESET_SUBJECT);
    expectWellFormed(mail!, origin);
    expect(textOf(mail!)).toContain('it works once, for one hour');
    const token = tokenIn(mail!, origin, '/reset-password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{59}$/);
    // The HTML part carries the same link.
    expect(htmlOf(mail!)).toContain(`${origin}/reset-password?token=${token}`);
    // Only a hash of the secret part is stored.
    const { rows } = await t.pool.query(`select selector, verifier_hash from account_tokens where user_id = $1`, [
      ada.id,
    ]);
    expect(rows).toHaveLength(2); // the reset link, and the verification link of sign-up
    expect(JSON.stringify(rows)).not.toContain(token.slice(16));

    const check = await post(t.app, '/api/auth/password-reset/check', { token });
    expect(check.json()).toEqual({ success: true, email: ada.email });

    // A refused password changes nothing: the link still works afterwards.
    const weak = await post(t.app, '/api/auth/password-reset/confirm', { token, new_password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(AUTH_MESSAGES.passwordTooCommon);

    const done = await post(t.app, '/api/auth/password-reset/confirm', { token, new_password: 'brand new stapler' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      success: true,
      message: ACCOUNT_MESSAGES.resetDone,
      user: { id: ada.id, email: ada.email, email_verified: true, auth_provider: 'email' },
    });
    const here = sessionCookie(done)!;
    expect(done.cookies.find((cookie) => cookie.name === 'device')).toBeDefined();
    expect(await sessionStatus(t.app, here)).toBe(200);
    expect(await sessionStatus(t.app, ada.cookie)).toBe(401);
    expect(await sessionStatus(t.app, phone)).toBe(401);
    expect((await signIn(t.app, ada.email, ada.password)).statusCode).toBe(401);
    expect((await signIn(t.app, ada.email, 'brand new stapler')).statusCode).toBe(200);

    // Exactly once.
    for (const again of [
      await post(t.app, '/api/auth/password-reset/confirm', { token, new_password: 'another new stapler' }),
      await post(t.app, '/api/auth/password-reset/check', { token }),
    ]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkUsed });
    }
    expect((await signIn(t.app, ada.email, 'another new stapler')).statusCode).toBe(401);
  });

  it('uses up every earlier reset link with the first one used, and with a password change', async () => {
    const ada = await signUp(t.app);
    const first = await resetLink(ada, 1);
    const second = await resetLink(ada, 2);
    expect(second).not.toBe(first);
    const done = await post(t.app, '/api/auth/password-reset/confirm', {
      token: second,
      new_password: 'first stapler',
    });
    expect(done.statusCode).toBe(200);
    const stale = await post(t.app, '/api/auth/password-reset/confirm', {
      token: first,
      new_password: 'other stapler',
    });
    expect(stale.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkUsed });

    const third = await resetLink(ada, 3);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: { cookie: sessionCookie(done)! },
      payload: { current_password: 'first stapler', new_password: 'second stapler' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const afterChange = await post(t.app, '/api/auth/password-reset/check', { token: third });
    expect(afterChange.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkUsed });
  });

  it('refuses an expired link, an unknown one, a malformed one and a wrong secret, changing nothing', async () => {
    const ada = await signUp(t.app);
    const token = await resetLink(ada);
    await t.pool.query(`update account_tokens set expires_at = now() - interval '1 second' where selector = $1`, [
      token.slice(0, 16),
    ]);
    await deliveriesSettled(t);
    const before = await dbFingerprint(t.pool);
    const expired = await post(t.app, '/api/auth/password-reset/confirm', { token, new_password: 'late stapler' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkExpired });
    expect((await post(t.app, '/api/auth/password-reset/check', { token })).json().error).toBe(
      ACCOUNT_MESSAGES.linkExpired,
    );

    const invalid = { success: false, error: ACCOUNT_MESSAGES.linkInvalid };
    const unknown = randomBytes(45).toString('base64url').slice(0, 59);
    const wrongSecret = token.slice(0, 16) + randomBytes(32).toString('base64url');
    for (const bad of [unknown, wrongSecret, 'abc', `${token}x`, ' '.repeat(3) + unknown]) {
      const response = await post(t.app, '/api/auth/password-reset/confirm', { token: bad, new_password: 'x stapler' });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toEqual(invalid);
    }
    const missing = await post(t.app, '/api/auth/password-reset/confirm', { new_password: 'x stapler' });
    expect(missing.json()).toEqual({
      success: false,
      error: ACCOUNT_MESSAGES.tokenRequired,
      errors: [ACCOUNT_MESSAGES.tokenRequired],
    });
    expect(await dbFingerprint(t.pool)).toEqual(before);
    expect((await signIn(t.app, ada.email, ada.password)).statusCode).toBe(200);
  });

  it('opens nothing with a verification link, and nothing once the address has changed', async () => {
    const ada = await signUp(t.app);
    const [verification] = await mailTo(smtp, ada.email, VERIFY_SUBJECT);
    const verifyToken = tokenIn(verification!, origin, '/verify-email');
    const crossed = await post(t.app, '/api/auth/password-reset/check', { token: verifyToken });
    expect(crossed.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkInvalid });

    const token = await resetLink(ada);
    await t.pool.query(`update users set email = $2 where id = $1`, [ada.id, uniqueEmail('moved')]);
    const moved = await post(t.app, '/api/auth/password-reset/check', { token });
    expect(moved.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkInvalid });
  });

  it('lets an account made with Google set a password, and sign in with it', async () => {
    const email = uniqueEmail('google');
    const { rows } = await t.pool.query(
      `insert into users (email, first_name, auth_provider, email_verified, google_id)
       values ($1, 'Grace', 'google', true, $2) returning id`,
      [email, `sub-${randomBytes(4).toString('hex')}`],
    );
    const token = await resetLink({ email });
    const [mail] = await mailTo(smtp, email, RESET_SUBJECT);
    expect(textOf(mail!)).toContain('which signs in with Google');
    const done = await post(t.app, '/api/auth/password-reset/confirm', { token, new_password: 'grace stapler' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: rows[0].id, auth_provider: 'email', google_id: expect.any(String) });
    expect((await signIn(t.app, email, 'grace stapler')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a known one, after the same work: one job each, an e-mail only for the account', async () => {
    const ada = await signUp(t.app);
    const nobody = uniqueEmail('nobody');
    await settleQueue(t, 'auth.password-reset');
    const jobsBefore = await jobsNamed(t.pool, 'auth.password-reset');
    const outboxBefore = (await t.pool.query(`select count(*)::int as n from outbox`)).rows[0].n;

    const known = await post(t.app, '/api/auth/password-reset', { email: ada.email });
    const unknown = await post(t.app, '/api/auth/password-reset', { email: nobody });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headers = (response: typeof known) =>
      Object.fromEntries(
        Object.entries(response.headers).filter(([name]) => name !== 'date' && !name.startsWith('x-ratelimit')),
      );
    expect(headers(unknown)).toEqual(headers(known));
    expect(known.cookies).toEqual([]);
    // The request's work is the same: one job either way, carrying an id or nothing, never the address typed.
    expect(await jobsNamed(t.pool, 'auth.password-reset')).toBe(jobsBefore + 2);
    const { rows: payloads } = await t.pool.query(
      `select data from pgboss.job where name = 'auth.password-reset' order by created_on desc limit 2`,
    );
    expect(payloads.map((row) => row.data).sort((a, b) => String(a.userId).localeCompare(String(b.userId)))).toEqual(
      [{ userId: ada.id }, { userId: null }].sort((a, b) => String(a.userId).localeCompare(String(b.userId))),
    );
    expect(JSON.stringify(payloads)).not.toContain('@');

    await settleQueue(t, 'auth.password-reset');
    const { rows } = await t.pool.query<{ recipient: string }>(`select recipient from outbox order by id offset $1`, [
      outboxBefore,
    ]);
    expect(rows.map((row) => row.recipient)).toEqual([ada.email]);
    await mailTo(smtp, ada.email, RESET_SUBJECT);
    expect(smtp.received.some((mail) => mail.rcptTo.includes(nobody))).toBe(false);
  });

  it('refuses a malformed request with a 400 and queues nothing', async () => {
    const jobs = await jobsNamed(t.pool, 'auth.password-reset');
    for (const payload of [{}, { email: 'not an address' }, { email: 42 }]) {
      const response = await post(t.app, '/api/auth/password-reset', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(await jobsNamed(t.pool, 'auth.password-reset')).toBe(jobs);
  });
});

describe('password reset limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ACCOUNT_EMAILS_PER_HOUR: '2', RATE_LIMIT_AUTH_PER_MINUTE: '6' });
  });

  it('limits per address, alike for an address with an account and one without, and per client', async () => {
    const ada = await signUp(t.app);
    const nobody = uniqueEmail('nobody');
    const answers = async (email: string) => {
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email },
          remoteAddress: `10.0.${i}.1`,
        });
        statuses.push(response.statusCode);
        last = response.body;
        if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      return { statuses, last };
    };
    const known = await answers(ada.email);
    const unknown = await answers(nobody);
    expect(known.statuses).toEqual([202, 202, 429]);
    expect(unknown).toEqual(known);
    expect(JSON.parse(known.last)).toEqual({
      success: false,
      error: 'Too many e-mails were asked for. Please wait 60 minutes and try again.',
    });

    // Per client address: the route limit, whatever the addresses named.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email: uniqueEmail('spray') },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });

  it('limits verification e-mails per account', async () => {
    const ada = await signUp(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email/resend',
        headers: { cookie: ada.cookie },
        remoteAddress: `10.1.${i}.1`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });
});

describe('e-mail verification', () => {
  let smtp: TestSmtpServer, t: TestApp, origin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    origin = t.app.mailer.linkOrigin;
  });
  afterAll(async () => {
    await smtp.close();
  });

  const profile = async (account: TestAccount) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: account.cookie } })).json()
      .user as { email: string; email_verified: boolean };

  it('sends a link at sign-up that verifies the address exactly once', async () => {
    const ada = await signUp(t.app);
    expect((await profile(ada)).email_verified).toBe(false);
    const [mail] = await mailTo(smtp, ada.email, VERIFY_SUBJECT);
    expectWellFormed(mail!, origin);
    expect(textOf(mail!)).toContain(`Please confirm that ${ada.email} is your address`);
    const token = tokenIn(mail!, origin, '/verify-email');
    expect(htmlOf(mail!)).toContain(`${origin}/verify-email?token=${token}`);

    // No session needed: the link is often opened on another device.
    const verified = await post(t.app, '/api/auth/verify-email', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: ACCOUNT_MESSAGES.verified,
      purpose: 'verification',
      email: ada.email,
    });
    expect((await profile(ada)).email_verified).toBe(true);

    const again = await post(t.app, '/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkUsed });
  });

  it('sends a new link on request; either link verifies, then the other is used up; verified, it says so', async () => {
    const ada = await signUp(t.app);
    const resent = await post(t.app, '/api/auth/verify-email/resend', undefined, ada.cookie);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.verificationSent(ada.email) });
    const [first, second] = await mailTo(smtp, ada.email, VERIFY_SUBJECT, 2);
    const firstToken = tokenIn(first!, origin, '/verify-email');
    const secondToken = tokenIn(second!, origin, '/verify-email');
    expect((await post(t.app, '/api/auth/verify-email', { token: secondToken })).statusCode).toBe(200);
    expect((await post(t.app, '/api/auth/verify-email', { token: firstToken })).json().error).toBe(
      ACCOUNT_MESSAGES.linkUsed,
    );

    const needless = await post(t.app, '/api/auth/verify-email/resend', undefined, ada.cookie);
    expect(needless.statusCode).toBe(400);
    expect(needless.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.alreadyVerified });
    expect((await post(t.app, '/api/auth/verify-email/resend')).statusCode).toBe(401);
  });

  it('refuses an expired link and an unknown one, changing nothing', async () => {
    const ada = await signUp(t.app);
    const [mail] = await mailTo(smtp, ada.email, VERIFY_SUBJECT);
    const token = tokenIn(mail!, origin, '/verify-email');
    await t.pool.query(`update account_tokens set expires_at = now() - interval '1 second' where selector = $1`, [
      token.slice(0, 16),
    ]);
    await deliveriesSettled(t);
    const before = await dbFingerprint(t.pool);
    const expired = await post(t.app, '/api/auth/verify-email', { token });
    expect(expired.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkExpired });
    const unknown = await post(t.app, '/api/auth/verify-email', { token: randomBytes(45).toString('base64url') });
    expect(unknown.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkInvalid });
    expect(await dbFingerprint(t.pool)).toEqual(before);
    expect((await profile(ada)).email_verified).toBe(false);
  });
});

describe('changing the e-mail address', () => {
  let smtp: TestSmtpServer, t: TestApp, origin: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@invoicer.test' });
    origin = t.app.mailer.linkOrigin;
  });
  afterAll(async () => {
    await smtp.close();
  });

  const change = (account: TestAccount, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/users/email', headers: { cookie: account.cookie }, payload });
  const profile = async (account: TestAccount) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: account.cookie } })).json()
      .user as { email: string; email_verified: boolean };

  it('needs the password, sends a link to the new address, changes it only when opened, and tells the old one', async () => {
    const ada = await signUp(t.app);
    const next = uniqueEmail('new');
    await deliveriesSettled(t);
    const before = await dbFingerprint(t.pool);
    const wrong = await change(ada, { new_email: next, password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, error: 'Current password is incorrect.' });
    const same = await change(ada, { new_email: ada.email.toUpperCase(), password: ada.password });
    expect(same.json()).toEqual({
      success: false,
      error: 'That is already your e-mail address.',
      errors: ['That is already your e-mail address.'],
    });
    expect(await dbFingerprint(t.pool)).toEqual(before);

    const asked = await change(ada, { new_email: next, password: ada.password });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(
      `We sent a confirmation link to ${next}. Your address changes when you open it (within 24 hours).`,
    );
    expect((await profile(ada)).email).toBe(ada.email);

    const [mail] = await mailTo(smtp, next, 'Confirm your new e-mail address for Invoicer');
    expectWellFormed(mail!, origin);
    const token = tokenIn(mail!, origin, '/verify-email');
    const done = await post(t.app, '/api/auth/verify-email', { token });
    expect(done.json()).toEqual({
      success: true,
      message: `Your e-mail address is now ${next}.`,
      purpose: 'email_change',
      email: next,
    });
    expect(await profile(ada)).toMatchObject({ email: next, email_verified: true });
    expect((await signIn(t.app, next, ada.password)).statusCode).toBe(200);
    expect((await signIn(t.app, ada.email, ada.password)).statusCode).toBe(401);

    const [notice] = await mailTo(smtp, ada.email, 'Your Invoicer e-mail address was changed');
    expectWellFormed(notice!, origin);
    expect(textOf(notice!)).toContain(`changed from ${ada.email} to ${next}`);
    expect(textOf(notice!)).toContain('help@invoicer.test');
    expect(textOf(notice!)).not.toMatch(/token=/);
    expect(notice!.headers.get('reply-to')).toContain('help@invoicer.test');

    expect((await post(t.app, '/api/auth/verify-email', { token })).json().error).toBe(ACCOUNT_MESSAGES.linkUsed);
  });

  it('refuses a taken address as sign-up does, when asked and when the link is opened', async () => {
    const [ada, bob] = await Promise.all([signUp(t.app), signUp(t.app)]);
    const taken = await change(ada, { new_email: bob.email.toUpperCase(), password: ada.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, error: AUTH_MESSAGES.emailTaken });

    const next = uniqueEmail('race');
    expect((await change(ada, { new_email: next, password: ada.password })).statusCode).toBe(202);
    const [mail] = await mailTo(smtp, next, 'Confirm your new e-mail address');
    // Someone signs up with that address before the link is opened.
    await signUp(t.app, { email: next });
    const late = await post(t.app, '/api/auth/verify-email', { token: tokenIn(mail!, origin, '/verify-email') });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ success: false, error: AUTH_MESSAGES.emailTaken });
    expect((await profile(ada)).email).toBe(ada.email);
  });

  it('makes a verification link sent to the old address useless once the address changed', async () => {
    const ada = await signUp(t.app);
    const [verification] = await mailTo(smtp, ada.email, VERIFY_SUBJECT);
    const next = uniqueEmail('moved');
    await change(ada, { new_email: next, password: ada.password });
    const [mail] = await mailTo(smtp, next, 'Confirm your new e-mail address');
    await post(t.app, '/api/auth/verify-email', { token: tokenIn(mail!, origin, '/verify-email') });
    const old = await post(t.app, '/api/auth/verify-email', { token: tokenIn(verification!, origin, '/verify-email') });
    expect(old.json()).toEqual({ success: false, error: ACCOUNT_MESSAGES.linkUsed });
  });

  it('asks an account without a password to set one first', async () => {
    const ada = await signUp(t.app);
    await t.pool.query(`update users set password_hash = null, auth_provider = 'google' where id = $1`, [ada.id]);
    const response = await change(ada, { new_email: uniqueEmail('g'), password: 'anything at all' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'This account signs in with Google and has no password yet. Set one first with "Send me a link to set a password", then change the address.',
    );
  });
});
