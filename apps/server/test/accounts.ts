import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';

/** A signed-in account made through the real sign-up route. */
export interface TestAccount {
  id: string;
  email: string;
  password: string;
  /** `sid=...`, ready for a Cookie header. */
  cookie: string;
}

/** The `sid` cookie a response set, as a Cookie header value; undefined if none was set. */
export function sessionCookie(response: LightMyRequestResponse): string | undefined {
  const sid = response.cookies.find((cookie) => cookie.name === 'sid');
  return sid && sid.value !== '' ? `sid=${sid.value}` : undefined;
}

/** The Set-Cookie of `sid` on a response, parsed (to check its attributes or that it is cleared). */
export function sessionSetCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'sid');
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function signUp(
  app: FastifyInstance,
  fields: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {},
): Promise<TestAccount> {
  const body = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail(),
    password: 'correct horse',
    ...fields,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  const cookie = sessionCookie(response);
  expect(cookie).toBeDefined();
  return { id: response.json().user.id, email: body.email, password: body.password, cookie: cookie! };
}

export async function signIn(app: FastifyInstance, email: string, password: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** GET /api/auth/session with the cookie: the status tells whether the session is alive. */
/** 200 when the cookie is a live session, 401 when the probe sees a guest. */
export async function sessionStatus(app: FastifyInstance, cookie: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  if (response.statusCode !== 200) return response.statusCode;
  return response.json().user ? 200 : 401;
}

/**
 * Marks the account's address verified straight in the database: for tests that send e-mail for an account but are
 * not about verification (accounts.md#e-mail-verification is tested through its real link in
 * src/features/auth/account-links.routes.test.ts).
 */
export async function markVerified(pool: pg.Pool, ...accounts: Array<{ id: string }>): Promise<void> {
  await pool.query(`update users set email_verified = true where id = any($1::uuid[])`, [accounts.map((a) => a.id)]);
}
