import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { expect } from 'vitest';
import type { TestAccount } from './accounts';

/** Helpers for the client and business route tests (not used by the server). */

export interface InjectOptions {
  payload?: unknown;
  query?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as `account` (its session cookie). */
export function as(app: FastifyInstance, account: TestAccount) {
  return (method: Method, url: string, options: InjectOptions = {}): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { cookie: account.cookie },
      ...(options.query ? { query: options.query } : {}),
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    });
}

/** An invoice row written directly (the invoices API is another feature); answers its id. */
export async function insertInvoice(
  pool: pg.Pool,
  values: { userId: string; number: string; clientId?: string | null; businessId?: string | null; to?: string },
): Promise<string> {
  const to = values.to ?? 'Someone';
  const { rows } = await pool.query<{ id: string }>(
    `insert into invoices (user_id, client_id, business_id, invoice_number, currency, client_name, data)
     values ($1, $2, $3, $4, 'EUR', $5, $6) returning id`,
    [
      values.userId,
      values.clientId ?? null,
      values.businessId ?? null,
      values.number,
      to.split('\n')[0],
      JSON.stringify({ to, from: 'Ada Studio\n1 Row', invoice_number: values.number }),
    ],
  );
  return rows[0]!.id;
}

/** Row counts of the tables a client or business call may write. */
export async function tableCounts(pool: pg.Pool) {
  const { rows } = await pool.query<{ clients: number; businesses: number; notifications: number; invoices: number }>(
    `select (select count(*) from clients)::int as clients, (select count(*) from businesses)::int as businesses,
            (select count(*) from notifications)::int as notifications, (select count(*) from invoices)::int as invoices`,
  );
  return rows[0]!;
}

/** A 4xx with the error envelope (docs/product/api.md#the-error-envelope). */
export function expectFailure(response: LightMyRequestResponse, status: number, error?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
  if (error !== undefined) expect(body.error).toBe(error);
  return body as { success: false; error: string; errors?: string[] };
}
