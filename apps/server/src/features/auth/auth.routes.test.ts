import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, sessionSetCookie, sessionStatus, signIn, signUp, uniqueEmail } from '../../../test/accounts';
import { createTestApp, sharedTestApp, type TestApp } from '../../../test/app';

const USER_FIELDS = [
  'id',
  'user_id',
  'email',
  'first_name',
  'last_name',
  'google_id',
  'profile_picture_url',
  'auth_provider',
  'auth_method',
  'is_guest',
  'email_verified',
  'data',
  'created_at',
  'updated_at',
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('creates the user, a welcome notification and a session, answering the profile', async () => {
    const email = uniqueEmail('Signup');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: ' Ada ', last_name: 'Lovelace', email: ` ${email} `, password: 'velvet otter 9' },
      headers: { 'user-agent': 'vitest' },
    });
    expect(response.statusCode).toBe(201);
    const { success, user } = response.json();
    expect(success).toBe(true);
    for (const field of USER_FIELDS) expect(user).toHaveProperty(field);
    expect(user).toMatchObject({
      user_id: user.id,
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      google_id: null,
      profile_picture_url: null,
      auth_provider: 'email',
      auth_method: 'email',
      is_guest: false,
      email_verified: false,
      data: {},
      default_currency: 'EUR',
      user_metadata: { avatar_url: null, name: 'Ada Lovelace' },
    });
    expect(new Date(user.created_at).toISOString()).toBe(user.created_at);
    expect(user).not.toHaveProperty('password_hash');
    expect(response.body).not.toContain('argon2');

    const { rows: stored } = await t.pool.query(`select password_hash from users where id = $1`, [user.id]);
    expect(stored[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const { rows: notes } = await t.pool.query(
      `select type, title, related_entity_type, is_read from notifications where user_id = $1`,
      [user.id],
    );
    expect(notes).toEqual([
      { type: 'success', title: 'Welcome to Invoicer!', related_entity_type: 'create', is_read: false },
    ]);

    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatchObject({ name: 'sid', httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    expect(cookie.secure).toBeFalsy(); // plain http without an https PUBLIC_URL
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows: sessions } = await t.pool.query(
      `select user_id, user_agent, expires_at > now() + interval '29 days' as long from sessions where id_hash = $1`,
      [sha256(cookie.value)],
    );
    expect(sessions).toEqual([{ user_id: user.id, user_agent: 'vitest', long: true }]);
    // Only the hash is stored.
    const { rows: plain } = await t.pool.query(`select 1 from sessions where id_hash = $1`, [cookie.value]);
    expect(plain).toHaveLength(0);

    const probe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sid=${cookie.value}` },
    });
    expect(probe.statusCode).toBe(200);
    expect(probe.json()).toEqual({ success: true, user });
  });

  it('answers 409 with one clear sentence for a taken e-mail, in any case, and writes nothing', async () => {
    const { email } = await signUp(t.app);
    const before = await t.pool.query(`select count(*)::int as n from users`);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'Other', last_name: 'Person', email: email.toUpperCase(), password: 'different' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'An account with this e-mail already exists.' });
    expect(sessionCookie(again)).toBeUndefined();
    const after = await t.pool.query(`select count(*)::int as n from users`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('requires every field with the documented messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: 'First name is required',
      errors: ['First name is required', 'Last name is required', 'Email is required', 'Password is required'],
    });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: uniqueEmail(), password: '12345' },
    });
    expect(short.json()).toEqual({
      success: false,
      error: 'Password must be at least 6 characters long',
      errors: ['Password must be at least 6 characters long'],
    });
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: 'not-an-email', password: 'sturdy badger' },
    });
    expect(email.json()).toEqual({ success: false, error: 'Invalid email format', errors: ['Invalid email format'] });
  });

  it('refuses over-long fields instead of truncating them, and stores nothing', async () => {
    const base = { first_name: 'A', last_name: 'B', email: uniqueEmail(), password: 'sturdy badger' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ first_name: 'x'.repeat(101) }, 'First name is too long (at most 100 characters).'],
      [{ last_name: 'x'.repeat(101) }, 'Last name is too long (at most 100 characters).'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'Email is too long (at most 254 characters).'],
      [{ password: 'x'.repeat(1001) }, 'Password must be at most 1000 characters long'],
    ];
    for (const [override, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { ...base, ...override },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const { rows } = await t.pool.query(`select 1 from users where lower(email) = lower($1)`, [base.email]);
    expect(rows).toHaveLength(0);
    // The limits themselves are accepted.
    await signUp(t.app, { first_name: 'x'.repeat(100), last_name: 'y'.repeat(100), password: 'p'.repeat(1000) });
  });

  it('refuses a sign-up posted from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: uniqueEmail(), password: 'sturdy badger' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, error: 'Cross-site requests are not allowed.' });
  });
});

describe('sign-in, sign-out and the session probe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });

  it('signs in with the e-mail in any case and a new session each time', async () => {
    const account = await signUp(t.app, { email: uniqueEmail('Mixed') });
    const response = await signIn(t.app, account.email.toLowerCase(), account.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { id: account.id, email: account.email } });
    const cookie = sessionCookie(response)!;
    expect(cookie).not.toBe(account.cookie);
    // Both browsers are signed in: a sign-in elsewhere does not end other sessions.
    expect(await sessionStatus(t.app, cookie)).toBe(200);
    expect(await sessionStatus(t.app, account.cookie)).toBe(200);
  });

  it('replaces the session of the browser that signs in again (no fixation)', async () => {
    const account = await signUp(t.app);
    const again = await signIn(t.app, account.email, account.password, account.cookie);
    const renewed = sessionCookie(again)!;
    expect(renewed).not.toBe(account.cookie);
    expect(await sessionStatus(t.app, account.cookie)).toBe(401);
    expect(await sessionStatus(t.app, renewed)).toBe(200);
    const { rows } = await t.pool.query(`select count(*)::int as n from sessions where user_id = $1`, [account.id]);
    expect(rows[0].n).toBe(1);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const account = await signUp(t.app);
    const wrong = await signIn(t.app, account.email, 'wrong password');
    const unknown = await signIn(t.app, uniqueEmail('nobody'), account.password);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, error: 'Invalid e-mail or password.' });
      expect(sessionCookie(response)).toBeUndefined();
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: account.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Password is required');
    const tooLong = await signIn(t.app, account.email, 'x'.repeat(1001));
    expect(tooLong.statusCode).toBe(400);
  });

  it('upgrades a hash made with older parameters at sign-in, and accepts the password however it is normalised', async () => {
    const account = await signUp(t.app, { password: 'caf\u00e9 au lait' });
    const old = await hash('caf\u00e9 au lait', { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await t.pool.query(`update users set password_hash = $1 where id = $2`, [old, account.id]);
    // The same text typed as e + combining accent (NFD), as some systems send it.
    const response = await signIn(t.app, account.email, 'cafe\u0301 au lait');
    expect(response.statusCode).toBe(200);
    const { rows } = await t.pool.query(`select password_hash from users where id = $1`, [account.id]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(t.app, account.email, 'caf\u00e9 au lait')).statusCode).toBe(200);
  });

  it('signs out: the session is gone, the cookie cleared, and signing out again is fine', async () => {
    const account = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: account.cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = sessionSetCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
    expect(await sessionStatus(t.app, account.cookie)).toBe(401);
    const { rows } = await t.pool.query(`select count(*)::int as n from sessions where user_id = $1`, [account.id]);
    expect(rows[0].n).toBe(0);

    const twice = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: account.cookie } });
    expect(twice.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(anonymous.statusCode).toBe(200);
    // The old cookie opens nothing.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/users/${account.id}`,
      headers: { cookie: account.cookie },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('refuses sign-in and sign-out posted from another site', async () => {
    const account = await signUp(t.app);
    for (const url of ['/api/auth/signin', '/api/auth/signout']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { email: account.email, password: account.password },
        headers: { origin: 'https://evil.example', cookie: account.cookie },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, error: 'Cross-site requests are not allowed.' });
    }
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    expect(await sessionStatus(t.app, account.cookie)).toBe(200);
  });

  it('answers the probe with user null for a guest, a forged or an unknown cookie', async () => {
    for (const headers of [{}, { cookie: 'sid=forged' }, { cookie: `sid=${'A'.repeat(43)}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, user: null });
    }
    // A dead cookie is cleared so the browser stops sending it.
    const dead = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sid=${'A'.repeat(43)}` },
    });
    expect(sessionSetCookie(dead)?.maxAge).toBe(0);
  });

  it('lists the sign-in providers: no Google without its settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ success: true, google: false });
    const google = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(google.statusCode).toBe(404);
    expect(google.json()).toEqual({ success: false, error: 'Google sign-in is not set up on this server.' });
    const callback = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth?error=oauth_failed');
  });
});

describe('rate limits on sign-in and sign-up', () => {
  it('limits attempts per client address with a clear message', async () => {
    const t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
    const account = await signUp(t.app); // attempt 1 from 127.0.0.1
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: account.email, password: 'wrong password' },
        remoteAddress: ip,
      });
    expect((await attempt('10.1.0.1')).statusCode).toBe(401);
    expect((await attempt('10.1.0.1')).statusCode).toBe(401);
    expect((await attempt('10.1.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, error: 'Too many attempts. Please wait 1 minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
      remoteAddress: '10.1.0.1',
    });
    expect(right.statusCode).toBe(429);
    // Another address has its own window.
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('limits failed sign-ins per account from unknown browsers, across client addresses, whatever its case', async () => {
    const t = await createTestApp({ RATE_LIMIT_AUTH_PER_EMAIL: '3' });
    const account = await signUp(t.app);
    const attempt = (ip: string, email = account.email, password = 'wrong password') =>
      t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: ip });
    // A success does not count: only failures do.
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
    expect((await attempt('10.2.0.1')).statusCode).toBe(401);
    expect((await attempt('10.2.0.2', account.email.toUpperCase())).statusCode).toBe(401);
    expect((await attempt('10.2.0.3')).statusCode).toBe(401);
    const limited = await attempt('10.2.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many attempts\. Please wait (1[0-5]|[2-9]) minutes and try again\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Any browser that never signed in to the account waits, even with the right password.
    expect((await attempt('10.2.0.4', account.email, account.password)).statusCode).toBe(429);
    // Sign-ups naming the address neither count nor are refused by it.
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { first_name: 'A', last_name: 'B', email: account.email, password: 'sturdy badger' },
      remoteAddress: '10.2.0.4',
    });
    expect(signup.statusCode).toBe(409);
    // Other accounts are not affected, and no key holds an e-mail address.
    await signUp(t.app);
    const { rows } = await t.pool.query(`select key from rate_limits where key like 'auth-%'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) expect(key).not.toContain('@');
  });
});
