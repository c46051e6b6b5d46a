import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUp, uniqueEmail, type TestAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { dbFingerprint } from './db-fingerprint';

/**
 * The security suite's account checks (issue 13): weak passwords are refused at sign-up and at a
 * password change, each with the message the forms show, storing nothing.
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
