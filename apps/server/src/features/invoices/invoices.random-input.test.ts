import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { FC_SEED, hostileString, looseValue } from '../../../test/hostile-input';
import { as, createInvoice, invoiceData } from '../../../test/invoice-fixtures';

/**
 * Random input at the invoice calls: whatever arrives, the answer is a success or a 4xx with the
 * envelope, never a 5xx, and a refused save stores nothing. Seeded, so a failure reproduces
 * (FC_SEED overrides).
 */

const hostile = hostileString(
  ['', ' ', '\u0000', 'in progress', 'PAID', "'; drop table invoices; --", '1e400', '-1', '0000-01-01'],
  { binaryMax: 100, long: [2000, 2100] },
);
const loose = looseValue(hostile);

const item = fc.record(
  {
    name: fc.oneof(fc.constantFrom('Work', ' '), loose),
    description: loose,
    quantity: fc.oneof(fc.nat({ max: 100 }), loose),
    unit_cost: fc.oneof(fc.constantFrom(0, 1.5, '12.34', 99999999999999), loose),
  },
  { requiredKeys: [] },
);

const data = fc.record(
  {
    from: fc.oneof(fc.constant('Acme'), loose),
    to: fc.oneof(fc.constant('Globex\nStreet'), loose),
    items: fc.oneof(fc.array(item, { maxLength: 4 }), loose),
    invoice_number: fc.oneof(fc.constantFrom('R-1', 'R-2', ' '), loose),
    issued_date: fc.oneof(fc.constantFrom('2026-11-21', '2026-02-30'), loose),
    due_date: loose,
    tax_percent: loose,
    tax_type: fc.oneof(fc.constantFrom('percent', 'flat'), loose),
    show_tax: loose,
    discount_percent: loose,
    shipping_amount: loose,
    show_shipping: loose,
    currency: fc.oneof(fc.constantFrom('EUR', 'jpy', 'XXX'), loose),
    logo_url: fc.oneof(fc.constantFrom('/api/logos/00000000-0000-4000-8000-000000000000', 'http://127.0.0.1/'), loose),
    terms: loose,
  },
  { requiredKeys: [] },
);

/** A valid editor payload with one field replaced by anything: exercises the paths that save. */
const mutated = fc
  .record({
    key: fc.constantFrom(...Object.keys(invoiceData())),
    value: loose,
    number: fc.constantFrom('R-1', 'R-2', 'R-3', 'EXISTING'),
  })
  .map(({ key, value, number }) => ({ data: { ...invoiceData({ invoice_number: number }), [key]: value } }));

const body = fc.oneof(
  mutated,
  fc.record(
    {
      data: fc.oneof(data, loose),
      client_id: loose,
      business_id: loose,
      status: loose,
      issued_date: loose,
      currency: loose,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('random input at the invoice calls', () => {
  let t: TestApp;
  let ada: TestAccount;
  let existing: string;
  const counts = async () =>
    (
      await t.pool.query(
        'select (select count(*) from invoices)::int as invoices, (select count(*) from invoice_items)::int as items',
      )
    ).rows[0];

  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    existing = await createInvoice(t.app, ada, { invoice_number: 'EXISTING' });
  });

  it('never answers 5xx to a save, and stores nothing it refused', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('POST', 'PUT'), async (payload, method) => {
        const before = await counts();
        const response = await as(
          t.app,
          ada,
        )({
          method,
          url: method === 'POST' ? '/api/invoices' : `/api/invoices/${existing}`,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        statuses.add(response.statusCode);
        if (response.statusCode >= 400) {
          expect(response.json().success).toBe(false);
          expect(await counts()).toEqual(before);
        }
      }),
      { seed: FC_SEED, numRuns: 250 },
    );
    // Saves went through, were refused as invalid, and clashed on a number.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 400, 409]));
  });

  it('never answers 5xx to list queries and status changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            page: hostile,
            per_page: hostile,
            search: hostile,
            status: hostile,
            sort: fc.oneof(hostile, fc.constantFrom('number', 'client', 'amount', 'status', 'issued', 'created')),
            order: fc.oneof(hostile, fc.constantFrom('asc', 'desc')),
          },
          { requiredKeys: [] },
        ),
        loose,
        async (query, status) => {
          const list = await as(
            t.app,
            ada,
          )({ method: 'GET', url: '/api/invoices', query: query as Record<string, string> });
          expect(list.statusCode, list.body.slice(0, 300)).toBeLessThan(500);
          const change = await as(
            t.app,
            ada,
          )({
            method: 'PUT',
            url: `/api/invoices/${existing}/status`,
            payload: JSON.stringify({ status }),
            headers: { 'content-type': 'application/json' },
          });
          expect(change.statusCode, change.body.slice(0, 300)).toBeLessThan(500);
        },
      ),
      { seed: FC_SEED, numRuns: 150 },
    );
  });
});
