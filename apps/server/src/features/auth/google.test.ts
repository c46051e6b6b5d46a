import { createServer } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sessionCookie, sessionStatus, signIn, signUp, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { sweepOAuthStates } from './auth.queries';

/**
 * Google sign-in end to end against a real OpenID provider on 127.0.0.1 (oauth2-mock-server):
 * discovery, the authorization redirect, the provider's approval, the code exchange with PKCE,
 * the ID token's signature, issuer, audience and nonce. The provider approves automatically;
 * each test sets the identity it signs its tokens with.
 */

interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

const provider = new OAuth2Server();
let identity: Identity;
/** Extra claims for the next tokens only (to break them on purpose). */
let tamper: Record<string, unknown> = {};

beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // The mock names itself http://localhost:<port>; the issuer of these tests is the address it listens on.
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity, tamper);
  });
});
afterAll(async () => {
  await provider.stop();
});
beforeEach(() => {
  tamper = {};
});

function googleSettings(): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'invoicer-test',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_ISSUER: provider.issuer.url!,
  };
}

function newIdentity(overrides: Partial<Identity> = {}): Identity {
  const sub = `g-${Math.random().toString(36).slice(2)}`;
  return {
    sub,
    email: uniqueEmail('google'),
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
    picture: 'https://lh3.googleusercontent.com/a/photo',
    ...overrides,
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function cookieValue(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name);
}

interface FlowResult {
  start: LightMyRequestResponse;
  callback: LightMyRequestResponse;
  callbackUrl: URL;
  stateCookie: string;
}

/** Browser steps: our redirect, the provider's approval, our callback (with the state cookie and any session cookie). */
async function googleFlow(app: FastifyInstance, as: Identity, cookie?: string, host?: string): Promise<FlowResult> {
  identity = as;
  const hostHeader = host ? { host } : {};
  const start = await app.inject({
    method: 'GET',
    url: '/api/auth/google',
    headers: { ...hostHeader, ...(cookie ? { cookie } : {}) },
  });
  expect(start.statusCode, start.body).toBe(302);
  const state = cookieValue(start, 'oauth_state')!;
  const approval = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(approval.status).toBe(302);
  const callbackUrl = new URL(approval.headers.get('location')!);
  const stateCookie = `oauth_state=${state.value}`;
  const callback = await app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { ...hostHeader, cookie: [stateCookie, cookie].filter(Boolean).join('; ') },
  });
  return { start, callback, callbackUrl, stateCookie };
}

function expectFailure(response: LightMyRequestResponse, base = '') {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(`${base}/auth?error=oauth_failed`);
  expect(sessionCookie(response)).toBeUndefined();
}

async function profile(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().user;
}

describe('Google sign-in against a local OpenID provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(googleSettings());
  });

  it('says Google is available', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ success: true, google: true });
  });

  it('redirects to the provider with PKCE, state, nonce and offline consent, bound to this browser', async () => {
    identity = newIdentity();
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: 'invoicer-test',
      response_type: 'code',
      redirect_uri: 'http://localhost:80/api/auth/google/callback',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toBeTruthy();
    const state = cookieValue(start, 'oauth_state')!;
    expect(state).toMatchObject({
      value: params.state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: 600,
    });
    const { rows } = await t.pool.query(`select nonce, code_verifier from oauth_states where state = $1`, [
      params.state,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].nonce).toBe(params.nonce);
    expect(rows[0].code_verifier).not.toBe(params.code_challenge);
  });

  it('creates an account for a new Google user and signs the browser in', async () => {
    const google = newIdentity();
    const { callback, callbackUrl } = await googleFlow(t.app, google);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth/callback');
    expect(callbackUrl.origin).toBe('http://localhost');
    expect(cookieValue(callback, 'oauth_state')).toMatchObject({ value: '', maxAge: 0 });
    const cookie = sessionCookie(callback)!;
    const user = await profile(t.app, cookie);
    expect(user).toMatchObject({
      email: google.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      google_id: google.sub,
      profile_picture_url: google.picture,
      auth_provider: 'google',
      auth_method: 'google',
      email_verified: true,
      is_guest: false,
      user_metadata: { avatar_url: google.picture, name: 'Grace Hopper' },
    });
    const { rows } = await t.pool.query(`select password_hash from users where id = $1`, [user.id]);
    expect(rows[0].password_hash).toBeNull();
    const { rows: notes } = await t.pool.query(`select title from notifications where user_id = $1`, [user.id]);
    expect(notes).toEqual([{ title: 'Welcome to Invoicer!' }]);
    const { rows: states } = await t.pool.query(`select count(*)::int as n from oauth_states`);
    expect(states[0].n).toBe(1); // only the one the previous test left unfinished

    // Signing in again finds the same account by its Google id, with a new session.
    const again = await googleFlow(t.app, { ...google, email: uniqueEmail('renamed') }, cookie);
    const second = sessionCookie(again.callback)!;
    expect(second).not.toBe(cookie);
    expect((await profile(t.app, second)).id).toBe(user.id);
    expect(await sessionStatus(t.app, cookie)).toBe(401); // the browser's previous session was replaced
  });

  it('names a user without given and family names from the name claim, or the e-mail', async () => {
    const named = await googleFlow(
      t.app,
      newIdentity({ given_name: undefined, family_name: undefined, name: 'Alan Mathison Turing' }),
    );
    expect(await profile(t.app, sessionCookie(named.callback)!)).toMatchObject({
      first_name: 'Alan',
      last_name: 'Mathison Turing',
    });
    const email = uniqueEmail('anon');
    const bare = await googleFlow(
      t.app,
      newIdentity({
        email,
        given_name: undefined,
        family_name: undefined,
        name: undefined,
        picture: 'http://insecure/p.png',
      }),
    );
    expect(await profile(t.app, sessionCookie(bare.callback)!)).toMatchObject({
      first_name: email.split('@')[0],
      last_name: '',
      profile_picture_url: null,
    });
  });

  it('links a verified Google e-mail to the existing account, ending the password nobody proved', async () => {
    const account = await signUp(t.app, { email: uniqueEmail('Existing'), password: 'pre-registered' });
    const google = newIdentity({ email: account.email.toLowerCase() });
    const { callback } = await googleFlow(t.app, google);
    const cookie = sessionCookie(callback)!;
    const user = await profile(t.app, cookie);
    expect(user).toMatchObject({
      id: account.id,
      google_id: google.sub,
      auth_provider: 'google',
      email_verified: true,
    });
    expect(user.email).toBe(account.email); // the stored address is kept as it was
    // Whoever registered the address with a password is out, and the password no longer works.
    expect(await sessionStatus(t.app, account.cookie)).toBe(401);
    expect((await signIn(t.app, account.email, 'pre-registered')).statusCode).toBe(401);
    // And Google keeps working for the owner.
    const again = await googleFlow(t.app, google);
    expect((await profile(t.app, sessionCookie(again.callback)!)).id).toBe(account.id);
  });

  it('refuses an e-mail the provider has not verified, and creates nothing', async () => {
    for (const verified of [false, 'false', undefined]) {
      const google = newIdentity({ email_verified: verified });
      const { callback } = await googleFlow(t.app, google);
      expectFailure(callback);
      const { rows } = await t.pool.query(`select 1 from users where lower(email) = lower($1)`, [google.email]);
      expect(rows).toHaveLength(0);
    }
    const noEmail = await googleFlow(t.app, newIdentity({ email: undefined }));
    expectFailure(noEmail.callback);
  });

  it('refuses a callback from another browser (no state cookie) and a replayed one', async () => {
    identity = newIdentity();
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const approval = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callbackUrl = new URL(approval.headers.get('location')!);
    const url = `${callbackUrl.pathname}${callbackUrl.search}`;
    expectFailure(await t.app.inject({ method: 'GET', url }));
    expectFailure(await t.app.inject({ method: 'GET', url, headers: { cookie: 'oauth_state=someone-elses' } }));

    const { callback, stateCookie, callbackUrl: used } = await googleFlow(t.app, newIdentity());
    expect(callback.headers.location).toBe('/auth/callback');
    const replay = await t.app.inject({
      method: 'GET',
      url: `${used.pathname}${used.search}`,
      headers: { cookie: stateCookie },
    });
    expectFailure(replay);
  });

  it('refuses an expired state, a provider error and missing parameters', async () => {
    identity = newIdentity();
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const state = cookieValue(start, 'oauth_state')!.value;
    await t.pool.query(`update oauth_states set created_at = now() - interval '11 minutes' where state = $1`, [state]);
    const approval = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callbackUrl = new URL(approval.headers.get('location')!);
    expectFailure(
      await t.app.inject({
        method: 'GET',
        url: `${callbackUrl.pathname}${callbackUrl.search}`,
        headers: { cookie: `oauth_state=${state}` },
      }),
    );

    const denied = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const deniedState = cookieValue(denied, 'oauth_state')!.value;
    expectFailure(
      await t.app.inject({
        method: 'GET',
        url: `/api/auth/google/callback?error=access_denied&state=${deniedState}`,
        headers: { cookie: `oauth_state=${deniedState}` },
      }),
    );
    expectFailure(await t.app.inject({ method: 'GET', url: '/api/auth/google/callback' }));
    expectFailure(await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?state[a]=1&code=2' }));
  });

  it('refuses tokens that fail verification: wrong nonce, wrong audience, wrong issuer, expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const broken of [
      { nonce: 'not-the-one-we-sent' },
      { aud: 'someone-else' },
      { iss: 'https://accounts.google.com' },
      { exp: now - 3600, iat: now - 7200 },
    ]) {
      tamper = broken;
      const google = newIdentity();
      const { callback } = await googleFlow(t.app, google);
      expectFailure(callback);
      const { rows } = await t.pool.query(`select 1 from users where google_id = $1`, [google.sub]);
      expect(rows, JSON.stringify(broken)).toHaveLength(0);
    }
  });

  it('refuses when the token endpoint refuses the code', async () => {
    provider.service.once('beforeResponse', (response: { body: unknown; statusCode: number }) => {
      response.body = { error: 'invalid_grant' };
      response.statusCode = 400;
    });
    const { callback } = await googleFlow(t.app, newIdentity());
    expectFailure(callback);
  });

  it('does not sign a second Google account into an address already linked to another one', async () => {
    const first = newIdentity();
    await googleFlow(t.app, first);
    const { callback } = await googleFlow(t.app, newIdentity({ email: first.email }));
    expectFailure(callback);
  });

  it('lets a Google-only account delete itself by typing its e-mail, and has no password to change', async () => {
    const google = newIdentity();
    const cookie = sessionCookie((await googleFlow(t.app, google)).callback)!;
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { current_password: 'anything', new_password: 'something new' },
      headers: { cookie },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({
      success: false,
      error: 'This account signs in with Google and has no password to change.',
    });
    // Nor can a password sign it in.
    expect((await signIn(t.app, google.email!, 'anything')).statusCode).toBe(401);

    const del = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'DELETE', url: '/api/users/delete', payload, headers: { cookie } });
    const withPassword = await del({ password: 'anything' });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error).toBe(
      'This account signs in with Google: type your e-mail address to confirm account deletion.',
    );
    const wrongEmail = await del({ confirm_email: 'someone@example.com' });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().error).toBe(
      'The e-mail address does not match this account. Your account was not deleted.',
    );
    const done = await del({ confirm_email: ` ${google.email!.toUpperCase()} ` });
    expect(done.statusCode).toBe(200);
    expect(await sessionStatus(t.app, cookie)).toBe(401);
    const { rows } = await t.pool.query(`select 1 from users where google_id = $1`, [google.sub]);
    expect(rows).toHaveLength(0);
  });
});

describe('Google sign-in configuration', () => {
  it('uses the public URL for the redirect URI and the return page', async () => {
    const t = await createTestApp({ ...googleSettings(), PUBLIC_URL: 'https://invoices.example.com' });
    const { start, callback } = await googleFlow(t.app, newIdentity(), undefined, 'invoices.example.com');
    expect(new URL(start.headers.location as string).searchParams.get('redirect_uri')).toBe(
      'https://invoices.example.com/api/auth/google/callback',
    );
    expect(cookieValue(start, 'oauth_state')?.secure).toBe(true);
    expect(callback.headers.location).toBe('https://invoices.example.com/auth/callback');
    expect(sessionCookie(callback)).toBeDefined();
  });

  it('starts without reaching the provider, fails over to the sign-in page while it is unreachable, then retries', async () => {
    const port = await closedPort();
    const t = await createTestApp({ ...googleSettings(), GOOGLE_ISSUER: `http://127.0.0.1:${port}` });
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ success: true, google: true });
    expectFailure(await t.app.inject({ method: 'GET', url: '/api/auth/google' }));
    const { rows } = await t.pool.query(`select count(*)::int as n from oauth_states`);
    expect(rows[0].n).toBe(0);

    // The failed discovery is not remembered: once the provider is up, the next click works.
    const late = new OAuth2Server();
    await late.issuer.keys.generate('RS256');
    await late.start(port, '127.0.0.1');
    late.issuer.url = `http://127.0.0.1:${port}`;
    try {
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`));
    } finally {
      await late.stop();
    }
  });

  it('sweeps sign-in states older than ten minutes', async () => {
    const t = await createTestApp(googleSettings());
    await t.pool.query(
      `insert into oauth_states (state, code_verifier, nonce, created_at)
       values ('old', 'v', 'n', now() - interval '11 minutes'), ('new', 'v', 'n', now())`,
    );
    expect(await sweepOAuthStates(t.app.db)).toBe(1);
    const { rows } = await t.pool.query(`select state from oauth_states`);
    expect(rows).toEqual([{ state: 'new' }]);
  });

  it('refuses a plain-http provider that is not on this machine', async () => {
    const t = await createTestApp({ ...googleSettings(), GOOGLE_ISSUER: 'http://accounts.example.com' });
    expectFailure(await t.app.inject({ method: 'GET', url: '/api/auth/google' }));
  });

  it('needs both the client id and the secret', async () => {
    const t = await createTestApp({ GOOGLE_CLIENT_ID: 'only-the-id', GOOGLE_ISSUER: provider.issuer.url! });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      success: true,
      google: false,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, error: 'Google sign-in is not set up on this server.' });
  });
});
