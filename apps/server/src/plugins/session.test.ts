import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sessionSetCookie, sessionStatus, signUp, type TestAccount } from '../../test/accounts';
import { createTestApp, sharedTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { runQueue } from '../../test/jobs';
import database, { createPool } from './database';
import errors, { zodValidatorCompiler } from './errors';
import jobs from './jobs';
import session, { authModeOf, requireSession } from './session';
import { adaAndBob } from '../../test/two-users';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (cookie: string) => cookie.slice('sid='.length);

describe('session lifetime', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await sharedTestApp();
    account = await signUp(t.app);
  });

  const row = async (cookie: string) =>
    (
      await t.pool.query(
        `select last_seen_at, expires_at, expires_at > now() + interval '29 days' as renewed
           from sessions where id_hash = $1`,
        [sha256(tokenOf(cookie))],
      )
    ).rows[0];

  it('does not write on every request: a fresh session is neither renewed nor re-sent', async () => {
    const before = await row(account.cookie);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(await row(account.cookie)).toEqual(before);
  });

  it('slides: a session last seen over an hour ago is renewed for 30 days, cookie included', async () => {
    await t.pool.query(
      `update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 day'
        where id_hash = $1`,
      [sha256(tokenOf(account.cookie))],
    );
    expect((await row(account.cookie)).renewed).toBe(false);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(200);
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatchObject({
      value: tokenOf(account.cookie),
      maxAge: 30 * 24 * 3600,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const after = await row(account.cookie);
    expect(after.renewed).toBe(true);
    expect(Date.now() - after.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('deletes an expired session when it is used and clears the cookie', async () => {
    const other = await signUp(t.app);
    await t.pool.query(`update sessions set expires_at = now() - interval '1 minute' where id_hash = $1`, [
      sha256(tokenOf(other.cookie)),
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${other.id}`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
    expect(sessionSetCookie(response)).toMatchObject({ value: '', maxAge: 0 });
    expect(await row(other.cookie)).toBeUndefined();
  });

  it('sweeps expired sessions (an hourly job) and keeps live ones', async () => {
    const other = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      await t.pool.query(
        `insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() - interval '1 second')`,
        [sha256(randomBytes(32).toString('base64url')), other.id],
      );
    }
    const expired = await t.pool.query(`select count(*)::int as n from sessions where expires_at <= now()`);
    expect(expired.rows[0].n).toBeGreaterThanOrEqual(3);
    await runQueue(t, 'sessions.sweep', {});
    expect(await sessionStatus(t.app, other.cookie)).toBe(200);
    const { rows } = await t.pool.query(`select count(*)::int as n from sessions where expires_at <= now()`);
    expect(rows[0].n).toBe(0);
  });
});

describe('Secure cookies', () => {
  it('are Secure when the public URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://invoices.example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: 'secure@example.com', password: 'sturdy badger' },
      headers: { origin: 'https://invoices.example.com', host: 'invoices.example.com' },
    });
    expect(response.statusCode).toBe(201);
    expect(sessionSetCookie(response)?.secure).toBe(true);
  });

  it('are Secure behind a trusted proxy that says https, and only then', async () => {
    const trusted = await createTestApp({ TRUST_PROXY: 'true' });
    const untrusted = await sharedTestApp();
    const signup = (app: FastifyInstance, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { first_name: 'A', last_name: 'B', email, password: 'sturdy badger' },
        headers: { 'x-forwarded-proto': 'https' },
      });
    expect(sessionSetCookie(await signup(trusted.app, 'proxy@example.com'))?.secure).toBe(true);
    expect(sessionSetCookie(await signup(untrusted.app, 'direct@example.com'))?.secure).toBeFalsy();
  });
});

describe('a user_id naming someone else (identity comes from the session)', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('answers 403 in the query and the body, whatever its type or key, and changes nothing', async () => {
    const forbidden = { success: false, error: 'You can only access your own account.' };
    const attempts = [
      { method: 'GET' as const, url: `/api/users/${ada.id}?user_id=${bob.id}` },
      { method: 'GET' as const, url: `/api/users/${ada.id}?user_id=${ada.id}&user_id=${bob.id}` },
      {
        method: 'PUT' as const,
        url: '/api/users/profile',
        payload: { user_id: bob.id, first_name: 'X', last_name: 'Y' },
      },
      {
        method: 'PUT' as const,
        url: '/api/users/profile',
        payload: { userId: bob.id, first_name: 'X', last_name: 'Y' },
      },
      { method: 'PUT' as const, url: '/api/users/profile', payload: { user_id: 42, first_name: 'X', last_name: 'Y' } },
      {
        method: 'PUT' as const,
        url: '/api/users/profile',
        payload: { user_id: { id: ada.id }, first_name: 'X', last_name: 'Y' },
      },
      {
        method: 'PUT' as const,
        url: `/api/users/profile?user_id=${bob.id}`,
        payload: { first_name: 'X', last_name: 'Y' },
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: { cookie: ada.cookie } });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json()).toEqual(forbidden);
    }
    const { rows } = await t.pool.query(`select first_name from users where id = $1`, [ada.id]);
    expect(rows[0].first_name).toBe('Ada');
  });

  it('accepts the session user’s own id in any case, and an empty one', async () => {
    for (const userId of [ada.id, ada.id.toUpperCase(), '', null]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        payload: { user_id: userId, first_name: 'Ada', last_name: 'King' },
        headers: { cookie: ada.cookie },
      });
      expect(response.statusCode, String(userId)).toBe(200);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ada.id}?user_id=${ada.id}`,
      headers: { cookie: ada.cookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it('asks for sign-in first when there is no session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${ada.id}?user_id=${bob.id}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('auth modes of a route', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    pool = createPool(await createTestDatabase(), 2);
    const { rows } = await pool.query<{ id: string }>(
      `insert into users (email) values ('modes@example.com') returning id`,
    );
    userId = rows[0]!.id;
    token = randomBytes(32).toString('base64url');
    await pool.query(`insert into sessions (id_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
      sha256(token),
      userId,
    ]);

    const server = Fastify().withTypeProvider<ZodTypeProvider>();
    app = server;
    app.setValidatorCompiler(zodValidatorCompiler);
    await app.register(errors);
    await app.register(database, { pool });
    await app.register(jobs, { pool, stopTimeoutMs: 10_000 });
    await app.register(session, {});
    const echo = async (request: { session: unknown }) => ({ session: request.session });
    app.get('/api/required', echo);
    app.get('/api/optional', { config: { auth: 'optional' } }, echo);
    app.get('/api/public', { config: { auth: 'public' } }, echo);
    app.get('/elsewhere', echo);
    app.get('/api/lazy', { config: { auth: 'public' } }, async (request) => ({
      session: await request.loadSession(),
    }));
    server.post('/api/strict', { schema: { body: z.object({ name: z.string() }) } }, async (request) => ({
      userId: requireSession(request).userId,
      name: request.body.name,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('defaults to required under /api and public elsewhere', () => {
    expect(authModeOf({ url: '/api/x', config: {} })).toBe('required');
    expect(authModeOf({ url: '/api/x', config: { auth: 'public' } })).toBe('public');
    expect(authModeOf({ url: '/generate-invoice', config: {} })).toBe('public');
  });

  it('applies each mode with and without a session', async () => {
    const get = (url: string, signedIn: boolean) =>
      app.inject({ method: 'GET', url, headers: signedIn ? { cookie: `sid=${token}` } : {} });
    const session = { userId, idHash: sha256(token) };

    expect((await get('/api/required', false)).statusCode).toBe(401);
    expect((await get('/api/required', true)).json()).toEqual({ session });
    expect((await get('/api/optional', false)).json()).toEqual({ session: null });
    expect((await get('/api/optional', true)).json()).toEqual({ session });
    // Public routes look nothing up unless they ask.
    expect((await get('/api/public', true)).json()).toEqual({ session: null });
    expect((await get('/elsewhere', true)).json()).toEqual({ session: null });
    expect((await get('/api/lazy', true)).json()).toEqual({ session });
    expect((await get('/api/lazy', false)).json()).toEqual({ session: null });
    // HEAD routes made from GET routes are guarded too.
    expect((await app.inject({ method: 'HEAD', url: '/api/required' })).statusCode).toBe(401);
  });

  it('answers 401 before reading the body of a required route', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/strict',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/strict',
      payload: { name: 'x', user_id: userId },
      headers: { cookie: `sid=${token}` },
    });
    expect(signedIn.json()).toEqual({ userId, name: 'x' });
  });
});
