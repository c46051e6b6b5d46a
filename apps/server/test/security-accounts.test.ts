import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, uniqueEmail, type TestAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { dbFingerprint } from './db-fingerprint';

/**
 * The security suite's account checks (issue 13): weak passwords are refused at sign-up and at a
 * password change, each with the message the forms show, storing nothing; and nobody can lock an
 * account's owner out by failing to sign in (or to sign up) with its address.
 */

const signupBody = (email: string, password: string) => ({ first_name: 'Ada', last_name: 'Lovelace', email, password });

describe('password rules', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    account = await signUp(t.app);
  });

  it('refuses weak passwords at sign-up with a reason, creating no account', async () => {
    const email = uniqueEmail('weak');
    const cases: Array<[string, string]> = [
      ['      ', 'Password cannot be only spaces'],
      ['\u00a0 \t \u3000 ', 'Password cannot be only spaces'],
      ['123456', 'This password is one of the most common ones and easy to guess. Please choose another'],
      ['Password1', 'This password is one of the most common ones and easy to guess. Please choose another'],
      [' iloveyou ', 'This password is one of the most common ones and easy to guess. Please choose another'],
      ['qwertyuiop', 'This password is one of the most common ones and easy to guess. Please choose another'],
      [email.toUpperCase(), 'Password cannot be your e-mail address'],
    ];
    for (const [password, message] of cases) {
      const before = await dbFingerprint(t.pool);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(email, password),
      });
      expect([response.statusCode, response.json()], JSON.stringify(password)).toEqual([
        400,
        { success: false, error: message, errors: [message] },
      ]);
      expect(await dbFingerprint(t.pool), JSON.stringify(password)).toEqual(before);
    }
    // An uncommon passphrase is fine, spaces and all.
    await signUp(t.app, { email, password: 'six spaces between   us' });
  });

  it('refuses weak new passwords at a password change, keeping the old one', async () => {
    const change = (new_password: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { current_password: account.password, new_password },
        headers: { cookie: account.cookie },
      });
    for (const [password, message] of [
      ['        ', 'Password cannot be only spaces'],
      ['12345678', 'This password is one of the most common ones and easy to guess. Please choose another'],
      [` ${account.email} `, 'Password cannot be your e-mail address'],
    ] as const) {
      const before = await dbFingerprint(t.pool);
      const response = await change(password);
      expect([response.statusCode, response.json().error], password).toEqual([400, message]);
      expect(await dbFingerprint(t.pool), password).toEqual(before);
    }
    expect((await signIn(t.app, account.email, account.password)).statusCode).toBe(200);
  });
});

/** The cookies a response set, as one Cookie header (sid and the device cookie). */
function cookiesOf(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const),
  );
  for (const cookie of response.cookies) {
    if (cookie.value === '') jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe('sign-in cannot be used to lock its owner out (device cookies, ADR 0013)', () => {
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_EMAIL: '10' });
    // A second server on the same database: the signing key is shared, not per process.
    second = await createTestApp({ RATE_LIMIT_AUTH_PER_EMAIL: '10' }, { databaseUrl: t.databaseUrl });
  });

  const signin = (app: TestApp, email: string, password: string, cookie?: string, ip = '10.9.0.1') =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("keeps the owner's browser signing in while another client fails on the account, and locks only unknown browsers", async () => {
    const email = uniqueEmail('owner');
    const password = 'owner passphrase';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(email, password),
    });
    expect(signup.statusCode).toBe(201);
    const device = signup.cookies.find((cookie) => cookie.name === 'device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(device.value).not.toContain('@');
    const ownerBrowser = cookiesOf(signup);

    // The attacker, from many addresses and without the owner's cookie, fails 25 times.
    const attacker = [];
    for (let i = 0; i < 25; i++)
      attacker.push((await signin(t, email, `guess ${i}`, undefined, `10.9.1.${i}`)).statusCode);
    expect(attacker.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(attacker.slice(10)).toEqual(Array(15).fill(429));

    // The owner's browser is not locked out: by either server process.
    const owner = await signin(t, email, password, ownerBrowser, '10.9.2.1');
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await signin(second, email, password, cookiesOf(owner, ownerBrowser), '10.9.2.2')).statusCode).toBe(200);
    // A browser that never signed in to the account is (even with the right password),
    // and so is one with a forged or another account's device cookie.
    expect((await signin(t, email, password, undefined, '10.9.2.3')).statusCode).toBe(429);
    const forged = ownerBrowser.replace(
      /(device=[^;]*)(.)(;|$)/,
      (_m, head: string, last: string, end: string) => `${head}${last === 'A' ? 'B' : 'A'}${end}`,
    );
    expect((await signin(t, email, password, forged, '10.9.2.4')).statusCode).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signupBody(uniqueEmail('other'), 'other passphrase'),
    });
    expect((await signin(t, email, password, cookiesOf(other), '10.9.2.5')).statusCode).toBe(429);
  });

  it("limits a known browser's own failures without touching the owner's other browsers", async () => {
    const email = uniqueEmail('devices');
    const password = 'two laptops here';
    const laptop = cookiesOf(
      await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email, password) }),
    );
    const phone = cookiesOf(await signin(t, email, password));
    const fromLaptop = [];
    for (let i = 0; i < 12; i++) fromLaptop.push((await signin(t, email, `typo ${i}`, laptop, '10.9.3.1')).statusCode);
    expect(fromLaptop).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await signin(t, email, password, laptop, '10.9.3.1')).statusCode).toBe(429);
    expect((await signin(t, email, password, phone, '10.9.3.2')).statusCode).toBe(200);
    // Nor did the laptop's failures count against unknown browsers.
    expect((await signin(t, email, password, undefined, '10.9.3.3')).statusCode).toBe(200);
  });

  it('never counts failed sign-ups against sign-in', async () => {
    const email = uniqueEmail('signup-spam');
    const password = 'a private phrase';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(email, password) }))
        .statusCode,
    ).toBe(201);
    for (let i = 0; i < 15; i++) {
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: signupBody(email, `another phrase ${i}`),
        remoteAddress: `10.9.4.${i}`,
      });
      expect(taken.statusCode).toBe(409);
    }
    // Even a browser that never signed in to the account is let in.
    expect((await signin(t, email, password, undefined, '10.9.4.99')).statusCode).toBe(200);
  });
});
