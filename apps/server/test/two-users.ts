import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import { signUp, type TestAccount } from './accounts';
import { sharedTestApp, type TestApp } from './app';
import { savedPayload } from './invoice-fixtures';

/** One of every resource a user owns, made through the real routes. */
export interface OwnedResources {
  account: TestAccount;
  clientId: string;
  businessId: string;
  invoiceId: string;
  notificationId: string;
  logoUrl: string;
  /** The token of the invoice's public link. */
  linkToken: string;
  /** A payment recorded on the invoice (part of its total: a balance stays due). */
  paymentId: string;
  /** The id of the account's session (the list of signed-in devices names it so). */
  sessionId: string;
  /** An export of the account's data, ready (its row only: no job renders it, and its ZIP is empty). */
  exportId: string;
}

export interface TwoUsers {
  /** The owner of the resources B tries to reach. */
  a: OwnedResources;
  /** The intruder: signed in, with resources of its own. */
  b: OwnedResources;
}

function multipartPng(png: Buffer) {
  const boundary = 'two-users-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function ownResources(app: FastifyInstance, pool: pg.Pool, first_name: string): Promise<OwnedResources> {
  const account = await signUp(app, { first_name });
  const send = async (method: 'POST', url: string, payload: unknown) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie: account.cookie } });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(201);
    return response.json();
  };
  const client = await send('POST', '/api/clients', { name: `${first_name}'s client`, email: 'client@example.com' });
  const business = await send('POST', '/api/businesses', {
    name: `${first_name}'s business`,
    email: 'business@example.com',
  });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const upload = await app.inject({ method: 'POST', url: '/upload-logo', ...multipartPng(png) });
  expect(upload.statusCode, upload.body).toBe(201);
  const logoUrl = upload.json().logo_url as string;
  const invoice = await send(
    'POST',
    '/api/invoices',
    savedPayload(account, { logo_url: logoUrl }, { client_id: client.client.id, business_id: business.business.id }),
  );
  const link = await send('POST', `/api/invoices/${invoice.id}/share`, {});
  const payment = await send('POST', `/api/invoices/${invoice.id}/payments`, {
    amount: 10,
    date: '2026-01-15',
    method: 'bank_transfer',
    note: `${first_name}'s first payment`,
  });
  // Creating a client notifies its owner: that notification is the one B must not reach.
  const { rows } = await pool.query<{ id: string }>(
    'select id from notifications where user_id = $1 order by created_at limit 1',
    [account.id],
  );
  expect(rows[0], 'a notification for the new client').toBeDefined();
  const exported = await pool.query<{ id: string }>(
    `insert into account_exports (user_id, status, size_bytes, expires_at, finished_at)
     values ($1, 'ready', 0, now() + interval '1 day', now()) returning id`,
    [account.id],
  );
  const sessions = await app.inject({ method: 'GET', url: '/api/users/sessions', headers: { cookie: account.cookie } });
  expect(sessions.statusCode, sessions.body).toBe(200);
  return {
    account,
    clientId: client.client.id,
    businessId: business.business.id,
    invoiceId: invoice.id,
    notificationId: rows[0]!.id,
    logoUrl,
    linkToken: link.token,
    paymentId: payment.payment.id,
    sessionId: (sessions.json() as { sessions: Array<{ id: string }> }).sessions[0]!.id,
    exportId: exported.rows[0]!.id,
  };
}

/**
 * Users A and B, each with a client, a business, an invoice (using both and a logo, with a public link and a payment)
 * and a notification.
 */
export async function twoUsers(app: FastifyInstance, pool: pg.Pool): Promise<TwoUsers> {
  return { a: await ownResources(app, pool, 'Alice'), b: await ownResources(app, pool, 'Bob') };
}

/**
 * The set-up most route tests start from: the file's shared app (or `t`) and two new accounts on it,
 * Ada (the one acting) and Bob (the other user, whose data Ada must never reach).
 */
export async function adaAndBob(t?: TestApp): Promise<{ t: TestApp; ada: TestAccount; bob: TestAccount }> {
  const app = t ?? (await sharedTestApp());
  const [ada, bob] = await Promise.all([
    signUp(app.app, { first_name: 'Ada' }),
    signUp(app.app, { first_name: 'Bob' }),
  ]);
  return { t: app, ada, bob };
}
