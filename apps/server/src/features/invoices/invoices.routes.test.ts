import { randomUUID } from 'node:crypto';
import { invoiceResponseSchema, savedInvoiceResponseSchema } from '@invoicer/domain/api/invoices';
import { INVOICE_NUMBER_VALUE_PATTERN, invoiceNumberValue } from '@invoicer/domain/invoice-number';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, createInvoice, invoiceData, savedPayload, utcDate } from '../../../test/invoice-fixtures';
import { adaAndBob } from '../../../test/two-users';

const REQUIRED = 'Please fill in all required fields before saving.';

describe('saving invoices', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  const counts = async (userId: string) =>
    (
      await t.pool.query<{ invoices: number; items: number; notifications: number; keys: number }>(
        `select (select count(*) from invoices where user_id = $1)::int as invoices,
                (select count(*) from invoice_items where user_id = $1)::int as items,
                (select count(*) from notifications where user_id = $1)::int as notifications,
                (select count(*) from invoice_save_keys where user_id = $1)::int as keys`,
        [userId],
      )
    ).rows[0]!;

  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('creates a draft with totals computed by the server, ignoring any total sent', async () => {
    const payload = {
      ...savedPayload(ada, { total_amount: 1, subtotal: 1, total: 1 }, { total_amount: 999_999, status: undefined }),
      total_amount: 0.01,
    };
    const response = await as(t.app, ada)({ method: 'POST', url: '/api/invoices', payload });
    expect(response.statusCode, response.body).toBe(201);
    const body = savedInvoiceResponseSchema.parse(response.json());
    expect(body).toMatchObject({ success: true, message: 'Invoice saved successfully' });
    expect(body.id).toBe(body.invoice_id);
    expect(body.invoice.id).toBe(body.id);
    // 3 × 10.05 + 12 × 4.99 = 90.03; tax 7.5 % = 6.75; discount 5.00; shipping 12.50
    expect(body.invoice).toMatchObject({
      invoice_number: '0001',
      status: 'draft',
      issued_date: '2026-11-21',
      due_date: '2026-11-28',
      total_amount: 104.28,
      totals: { subtotal: 90.03, tax: 6.75, discount: 5, shipping: 12.5, total: 104.28 },
      currency: { code: 'EUR', symbol: '€', label: 'Euro (€)' },
      client_name: 'Acme Corp Ltd',
      client_id: null,
      business_id: null,
    });
    expect(body.invoice.data).toMatchObject({
      from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
      to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
      invoice_number: '0001',
      tax_percent: 7.5,
      tax_type: 'percent',
      discount_percent: 5,
      discount_type: 'fixed',
      shipping_amount: 12.5,
      show_tax: true,
      items: [
        { id: '1', name: 'Design work', description: 'Landing page', showDesc: true, quantity: 3, unit_cost: 10.05 },
        { id: '2', name: 'Hosting', description: '', showDesc: false, quantity: 12, unit_cost: 4.99 },
      ],
    });
    const [row] = (
      await t.pool.query(
        `select status, client_name, subtotal_minor::int, tax_minor::int, discount_minor::int, shipping_minor::int,
                total_minor::int, search_text from invoices where id = $1`,
        [body.id],
      )
    ).rows;
    expect(row).toEqual({
      status: 'draft',
      client_name: 'Acme Corp Ltd',
      subtotal_minor: 9003,
      tax_minor: 675,
      discount_minor: 500,
      shipping_minor: 1250,
      total_minor: 10428,
      search_text: '0001\nacme corp ltd\n104.28\n104.28',
    });
    const items = await t.pool.query(
      'select position, name, quantity::int, unit_cost_minor::int, amount_minor::int from invoice_items where invoice_id = $1 order by position',
      [body.id],
    );
    expect(items.rows).toEqual([
      { position: 0, name: 'Design work', quantity: 3, unit_cost_minor: 1005, amount_minor: 3015 },
      { position: 1, name: 'Hosting', quantity: 12, unit_cost_minor: 499, amount_minor: 5988 },
    ]);
  });

  it('records an "Invoice created" notification about the invoice, in the same transaction', async () => {
    const before = await counts(ada.id);
    const id = await createInvoice(t.app, ada, { invoice_number: 'N-CREATED' });
    const { rows } = await t.pool.query(
      `select type, title, message, related_entity_type, related_entity_id from notifications
        where user_id = $1 order by created_at desc limit 1`,
      [ada.id],
    );
    expect(rows[0]).toEqual({
      type: 'success',
      title: 'Invoice created',
      message: 'Invoice N-CREATED for Acme Corp Ltd was created.',
      related_entity_type: 'invoice',
      related_entity_id: id,
    });
    expect(await counts(ada.id)).toEqual({
      ...before,
      invoices: before.invoices + 1,
      items: before.items + 2,
      notifications: before.notifications + 1,
    });
  });

  it('keeps a status given on create, and treats "in progress" as sent', async () => {
    const response = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'IP-1', due_date: utcDate(30) }, { status: 'In Progress' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().invoice.status).toBe('sent');
  });

  it('refuses a save without number, named item, From or To with the one message, storing nothing', async () => {
    const before = await counts(ada.id);
    for (const data of [
      { invoice_number: '' },
      { invoice_number: '   ' },
      { items: [] },
      { items: [{ name: '  ', quantity: 1, unit_cost: 3 }] },
      { from: '' },
      { to: ' \n ' },
    ]) {
      const response = await as(t.app, ada)({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, data) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: REQUIRED });
    }
    const noData = await as(t.app, ada)({ method: 'POST', url: '/api/invoices', payload: { user_id: ada.id } });
    expect(noData.json()).toMatchObject({ success: false, error: REQUIRED });
    expect(await counts(ada.id)).toEqual(before);
  });

  it('refuses other bad input with its own message, storing nothing', async () => {
    const before = await counts(ada.id);
    const cases: Array<[Record<string, unknown>, Record<string, unknown>, RegExp]> = [
      [{ items: [{ name: 'x', quantity: 1, unit_cost: 1.234 }] }, {}, /Rate must be a non-negative number/],
      [{ items: [{ name: 'x', quantity: -1, unit_cost: 1 }] }, {}, /Quantity must be a number, 0 or more/],
      [
        { items: [{ name: 'x', quantity: 1.2345, unit_cost: 1 }] },
        {},
        /^Quantity must be a number, 0 or more, with at most 3 decimals\.$/,
      ],
      [{ items: [{ name: 'x', unit: 'u'.repeat(21) }] }, {}, /^Unit is too long \(at most 20 characters\)\.$/],
      [{ tax_percent: 101 }, {}, /Tax percent must be between 0 and 100/],
      [{ currency: 'XXX' }, {}, /Unknown currency/],
      [{ issued_date: '2026-02-30' }, {}, /Issued date must be a date/],
      [{ terms: 'nul \u0000 here' }, {}, /^Terms contains a character that is not allowed\.$/],
      [{ logo_url: 'https://example.com/logo.png' }, {}, /Logo must be an uploaded logo/],
      [{}, { status: 'void' }, /Status must be one of/],
      [{}, { client_id: 'not-an-id' }, /Client must be a valid id/],
    ];
    for (const [data, top, message] of cases) {
      const response = await as(
        t.app,
        ada,
      )({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, { invoice_number: 'BAD', ...data }, top) });
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    const notJson = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices', payload: '{"data":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(await counts(ada.id)).toEqual(before);
  });

  it('answers 409 for a number the user already has, and lets another user use it', async () => {
    await createInvoice(t.app, ada, { invoice_number: 'DUP-1' });
    const before = await counts(ada.id);
    const again = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, { invoice_number: 'DUP-1' }) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'Invoice number DUP-1 already exists.' });
    expect(await counts(ada.id)).toEqual(before);
    await createInvoice(t.app, bob, { invoice_number: 'DUP-1' });
  });

  it('gives exactly one success and one 409 to two concurrent saves of the same number', async () => {
    for (let round = 0; round < 5; round++) {
      const number = `RACE-${round}`;
      const before = await counts(ada.id);
      const responses = await Promise.all(
        [0, 1].map(() =>
          as(
            t.app,
            ada,
          )({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, { invoice_number: number }) }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((response) => response.statusCode === 409)!.json().error).toBe(
        `Invoice number ${number} already exists.`,
      );
      const after = await counts(ada.id);
      expect(after).toEqual({
        ...before,
        invoices: before.invoices + 1,
        items: before.items + 2,
        notifications: before.notifications + 1,
      });
    }
  });

  it('links the user’s own client and business, refuses anyone else’s, and allows none', async () => {
    const client = await t.pool.query<{ id: string }>(
      `insert into clients (user_id, name, email) values ($1, 'Globex', 'g@example.com') returning id`,
      [ada.id],
    );
    const business = await t.pool.query<{ id: string }>(
      `insert into businesses (user_id, name, email) values ($1, 'Ada Ltd', 'a@example.com') returning id`,
      [ada.id],
    );
    const bobsClient = await t.pool.query<{ id: string }>(
      `insert into clients (user_id, name, email) values ($1, 'Initech', 'i@example.com') returning id`,
      [bob.id],
    );
    const clientId = client.rows[0]!.id;
    const businessId = business.rows[0]!.id;
    const linked = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: savedPayload(ada, { invoice_number: 'LINK-1' }, { client_id: clientId, business_id: businessId }),
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().invoice).toMatchObject({ client_id: clientId, business_id: businessId });

    const before = await counts(ada.id);
    for (const [top, message] of [
      [{ client_id: bobsClient.rows[0]!.id }, 'Client not found'],
      [{ client_id: randomUUID() }, 'Client not found'],
      [{ business_id: randomUUID() }, 'Business not found'],
    ] as const) {
      const response = await as(
        t.app,
        ada,
      )({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada, { invoice_number: 'LINK-2' }, top) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, error: message });
    }
    expect(await counts(ada.id)).toEqual(before);

    // Deleting the client keeps the invoice, unlinked (ON DELETE SET NULL).
    await t.pool.query('delete from clients where id = $1', [clientId]);
    const after = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${linked.json().id}` });
    expect(after.json().invoice).toMatchObject({ client_id: null, business_id: businessId });
  });

  it('answers 403 when user_id names someone else, storing nothing', async () => {
    const before = await counts(ada.id);
    const response = await as(
      t.app,
      ada,
    )({ method: 'POST', url: '/api/invoices', payload: savedPayload(bob, { invoice_number: 'X-403' }) });
    expect(response.statusCode).toBe(403);
    expect(await counts(ada.id)).toEqual(before);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/invoices', payload: savedPayload(ada) });
    expect(response.statusCode).toBe(401);
  });

  describe('with an Idempotency-Key (ADR 12)', () => {
    const keyed = (account: TestAccount, key: string, payload: ReturnType<typeof savedPayload>) =>
      as(t.app, account)({ method: 'POST', url: '/api/invoices', payload, headers: { 'idempotency-key': key } });

    it('answers a save sent again with its key with the invoice the first one created, storing one', async () => {
      const key = randomUUID();
      const payload = savedPayload(ada, { invoice_number: 'IDEM-1' });
      const before = await counts(ada.id);
      const first = await keyed(ada, key, payload);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await keyed(ada, key, payload);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(savedInvoiceResponseSchema.parse(again.json()).id).toBe(first.json().id);
      expect(again.json().invoice).toEqual(first.json().invoice);
      expect(await counts(ada.id)).toEqual({
        invoices: before.invoices + 1,
        items: before.items + 2,
        notifications: before.notifications + 1,
        keys: before.keys + 1,
      });
      // Without a key the same body is a second save of a taken number.
      const unkeyed = await as(t.app, ada)({ method: 'POST', url: '/api/invoices', payload });
      expect(unkeyed.statusCode).toBe(409);
    });

    it('gives every one of ten concurrent sends of one save the same invoice', async () => {
      const key = randomUUID();
      const payload = savedPayload(ada, { invoice_number: 'IDEM-RACE' });
      const before = await counts(ada.id);
      const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(ada, key, payload)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect((await counts(ada.id)).invoices).toBe(before.invoices + 1);
    });

    it('refuses the key with another body (422) and a malformed key (400), storing nothing', async () => {
      const key = randomUUID();
      expect((await keyed(ada, key, savedPayload(ada, { invoice_number: 'IDEM-2' }))).statusCode).toBe(201);
      const before = await counts(ada.id);
      const other = await keyed(ada, key, savedPayload(ada, { invoice_number: 'IDEM-3' }));
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        success: false,
        error: 'This Idempotency-Key was already used for a different invoice. Send a new key with a new invoice.',
      });
      for (const bad of ['short', 'x'.repeat(101), 'has space in it', 'naïve-key-123', '']) {
        const response = await keyed(ada, bad, savedPayload(ada, { invoice_number: 'IDEM-4' }));
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().error).toBe(
          'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
        );
      }
      expect(await counts(ada.id)).toEqual(before);
    });

    it('keeps keys per user, and frees a key when its invoice is deleted', async () => {
      const key = randomUUID();
      const adas = await keyed(ada, key, savedPayload(ada, { invoice_number: 'IDEM-5' }));
      const bobs = await keyed(bob, key, savedPayload(bob, { invoice_number: 'IDEM-5' }));
      expect(bobs.statusCode).toBe(201);
      expect(bobs.headers['idempotent-replayed']).toBeUndefined();
      expect(bobs.json().id).not.toBe(adas.json().id);

      const deleted = await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${adas.json().id}` });
      expect(deleted.statusCode).toBe(200);
      const again = await keyed(ada, key, savedPayload(ada, { invoice_number: 'IDEM-5' }));
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json().id).not.toBe(adas.json().id);
    });
  });
});

describe('updating invoices', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('replaces the row and its items and recomputes the totals', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'U-1' });
    const response = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      payload: savedPayload(
        ada,
        {
          invoice_number: 'U-1b',
          to: 'Zoë Café\nParis',
          items: [{ name: 'Only item', quantity: 2, unit_cost: '50' }],
          show_tax: false,
          show_discount: false,
          show_shipping: false,
          total_amount: 5,
        },
        { status: undefined },
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = savedInvoiceResponseSchema.parse(response.json());
    expect(body).toMatchObject({ success: true, message: 'Invoice updated successfully', id, invoice_id: id });
    expect(body.invoice).toMatchObject({
      invoice_number: 'U-1b',
      status: 'draft',
      total_amount: 100,
      client_name: 'Zoë Café',
      data: { items: [{ id: '1', name: 'Only item', quantity: 2, unit_cost: 50 }] },
    });
    const items = await t.pool.query('select count(*)::int as n from invoice_items where invoice_id = $1', [id]);
    expect(items.rows[0].n).toBe(1);
    const search = await t.pool.query('select search_text from invoices where id = $1', [id]);
    expect(search.rows[0].search_text).toBe('u-1b\nzoe cafe\n100.00\n100.00');
  });

  it('keeps links and status left out, clears links sent as null, and notifies a status change', async () => {
    const client = await t.pool.query<{ id: string }>(
      `insert into clients (user_id, name, email) values ($1, 'Globex', 'g@example.com') returning id`,
      [ada.id],
    );
    const clientId = client.rows[0]!.id;
    const id = await createInvoice(t.app, ada, { invoice_number: 'U-2' }, { client_id: clientId, status: 'sent' });
    const put = (top: Record<string, unknown>) =>
      as(
        t.app,
        ada,
      )({ method: 'PUT', url: `/api/invoices/${id}`, payload: savedPayload(ada, { invoice_number: 'U-2' }, top) });
    const kept = await put({ client_id: undefined, business_id: undefined, status: undefined });
    expect(kept.json().invoice).toMatchObject({ client_id: clientId, status: 'sent' });
    const cleared = await put({ client_id: null, status: 'paid' });
    expect(cleared.json().invoice).toMatchObject({ client_id: null, status: 'paid' });
    const { rows } = await t.pool.query(
      `select title, message from notifications where user_id = $1 and related_entity_id = $2 order by created_at`,
      [ada.id, id],
    );
    expect(rows.at(-1)).toEqual({
      title: 'Invoice U-2 marked as paid',
      message: 'Invoice U-2 changed from Sent to Paid.',
    });
  });

  it('answers 409 when renamed to a number the user already has, and changes nothing', async () => {
    await createInvoice(t.app, ada, { invoice_number: 'TAKEN' });
    const id = await createInvoice(t.app, ada, { invoice_number: 'FREE' });
    const response = await as(
      t.app,
      ada,
    )({
      method: 'PUT',
      url: `/api/invoices/${id}`,
      payload: savedPayload(ada, { invoice_number: 'TAKEN', items: [{ name: 'new', quantity: 1, unit_cost: 1 }] }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, error: 'Invoice number TAKEN already exists.' });
    const row = await t.pool.query(
      `select invoice_number, (select count(*)::int from invoice_items where invoice_id = $1) as items from invoices where id = $1`,
      [id],
    );
    expect(row.rows[0]).toEqual({ invoice_number: 'FREE', items: 2 });
  });

  it('refuses missing required fields on update too, changing nothing', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'U-REQ' });
    const response = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}`, payload: savedPayload(ada, { items: [] }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: REQUIRED });
  });

  it('answers 404 for another user’s invoice and an unknown one, 400 for a malformed id', async () => {
    const bobs = await createInvoice(t.app, bob, { invoice_number: 'BOB-1' });
    for (const id of [bobs, randomUUID()]) {
      const response = await as(
        t.app,
        ada,
      )({ method: 'PUT', url: `/api/invoices/${id}`, payload: savedPayload(ada, { invoice_number: 'HIJACK' }) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Invoice not found' });
    }
    const untouched = await t.pool.query('select invoice_number from invoices where id = $1', [bobs]);
    expect(untouched.rows[0].invoice_number).toBe('BOB-1');
    const malformed = await as(t.app, ada)({ method: 'PUT', url: '/api/invoices/42', payload: savedPayload(ada) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: 'Id must be a valid id.' });
  });
});

describe('reading, status, deleting, next number', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  let adaInvoice: string;
  let bobInvoice: string;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    adaInvoice = await createInvoice(t.app, ada, { invoice_number: 'INV-0007' });
    bobInvoice = await createInvoice(t.app, bob, { invoice_number: 'BOB-0099' });
  });

  it('answers the invoice, with client and business embedded when asked (null when none)', async () => {
    const plain = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${adaInvoice}?user_id=${ada.id}` });
    expect(plain.statusCode).toBe(200);
    const invoice = invoiceResponseSchema.parse(plain.json()).invoice;
    expect(invoice).toMatchObject({ id: adaInvoice, invoice_number: 'INV-0007', total_amount: 104.28 });
    expect(plain.json().invoice).not.toHaveProperty('client');

    const none = await as(
      t.app,
      ada,
    )({ method: 'GET', url: `/api/invoices/${adaInvoice}?include_client=true&include_business=true` });
    expect(none.json().invoice).toMatchObject({ client: null, business: null });

    const client = await t.pool.query<{ id: string }>(
      `insert into clients (user_id, name, email, address) values ($1, 'Globex', 'g@example.com', 'Street 1') returning id`,
      [ada.id],
    );
    const business = await t.pool.query<{ id: string }>(
      `insert into businesses (user_id, name, email, tax_id) values ($1, 'Ada Ltd', 'a@example.com', 'GB123') returning id`,
      [ada.id],
    );
    const id = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'EMB-1' },
      { client_id: client.rows[0]!.id, business_id: business.rows[0]!.id },
    );
    const embedded = await as(
      t.app,
      ada,
    )({ method: 'GET', url: `/api/invoices/${id}?include_client=true&include_business=true` });
    expect(embedded.json().invoice).toMatchObject({
      client: { id: client.rows[0]!.id, name: 'Globex', email: 'g@example.com', address: 'Street 1', invoice_count: 1 },
      business: { id: business.rows[0]!.id, name: 'Ada Ltd', tax_id: 'GB123', logo_url: null, invoice_count: 1 },
    });
  });

  it('answers edit data in camelCase with the same invoice nested in snake_case', async () => {
    const response = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${adaInvoice}/edit?user_id=${ada.id}` });
    expect(response.statusCode).toBe(200);
    const { editData } = response.json();
    expect(editData).toMatchObject({
      id: adaInvoice,
      invoiceNumber: 'INV-0007',
      from: 'Ada Lovelace Consulting\n12 Analytical Row\nLondon',
      to: 'Acme Corp Ltd\n1 Main Street\nSpringfield',
      issuedDate: '2026-11-21',
      dueDate: '2026-11-28',
      paymentDetails: 'IBAN GB00 0000',
      terms: 'Please submit payment within 15 days of receipt of this invoice.',
      taxPercent: 7.5,
      discountPercent: 5,
      shippingAmount: 12.5,
      taxType: 'percent',
      discountType: 'fixed',
      showTax: true,
      showDiscount: true,
      showShipping: true,
      logoUrl: null,
      clientId: null,
      businessId: null,
      currency: 'EUR',
      status: 'draft',
      items: [
        { id: '1', name: 'Design work', description: 'Landing page', showDesc: true, quantity: 3, unit_cost: 10.05 },
        { id: '2', name: 'Hosting', description: '', showDesc: false, quantity: 12, unit_cost: 4.99 },
      ],
    });
    expect(editData.data).toMatchObject({
      invoice_number: 'INV-0007',
      from: editData.from,
      to: editData.to,
      issued_date: '2026-11-21',
      due_date: '2026-11-28',
      tax_percent: 7.5,
      tax_type: 'percent',
      discount_type: 'fixed',
      shipping_amount: 12.5,
      payment_details: 'IBAN GB00 0000',
      currency: 'EUR',
      currency_symbol: '€',
      items: editData.items,
    });
    // What the editor reads back saves unchanged: the edit round-trips.
    const resave = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${adaInvoice}`, payload: { user_id: ada.id, data: editData.data } });
    expect(resave.statusCode).toBe(200);
    expect(resave.json().invoice.total_amount).toBe(104.28);
  });

  it('sets any status from any status; "in progress" is sent; unknown values are refused', async () => {
    const put = (status: unknown) =>
      as(
        t.app,
        ada,
      )({ method: 'PUT', url: `/api/invoices/${adaInvoice}/status`, payload: { status, user_id: ada.id } });
    for (const status of ['paid', 'draft', 'overdue', 'sent', 'paid']) {
      const response = await put(status);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, invoice: { id: adaInvoice, status } });
    }
    const legacy = await put('in progress');
    expect(legacy.json()).toMatchObject({ message: 'Invoice status updated to Sent', invoice: { status: 'sent' } });
    for (const status of ['void', '', 42, null]) {
      const response = await put(status);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: 'Status must be one of draft, sent, paid or overdue.',
      });
    }
    const stored = await t.pool.query('select status from invoices where id = $1', [adaInvoice]);
    expect(stored.rows[0].status).toBe('sent');
  });

  it('notifies each status change once, not a repeat of the same status', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'NOTE-1' });
    const count = async () =>
      (
        await t.pool.query(
          `select count(*)::int as n from notifications where related_entity_id = $1 and title like '%marked as%'`,
          [id],
        )
      ).rows[0].n;
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'sent' } });
    await as(t.app, ada)({ method: 'PUT', url: `/api/invoices/${id}/status`, payload: { status: 'sent' } });
    expect(await count()).toBe(1);
    const { rows } = await t.pool.query(
      `select type, title, message, related_entity_type from notifications where related_entity_id = $1 and title like '%marked%'`,
      [id],
    );
    expect(rows[0]).toEqual({
      type: 'info',
      title: 'Invoice NOTE-1 marked as sent',
      message: 'Invoice NOTE-1 changed from Draft to Sent.',
      related_entity_type: 'invoice',
    });
  });

  it('reports a sent invoice past its due date (UTC) as overdue on detail and edit data; the due day is not', async () => {
    const late = await createInvoice(t.app, ada, { invoice_number: 'LATE', due_date: utcDate(-1) }, { status: 'sent' });
    const dueToday = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'TODAY', due_date: utcDate(0) },
      { status: 'sent' },
    );
    const paidLate = await createInvoice(
      t.app,
      ada,
      { invoice_number: 'PAIDLATE', due_date: utcDate(-5) },
      { status: 'paid' },
    );
    const status = async (id: string) =>
      (await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).json().invoice.status;
    expect(await status(late)).toBe('overdue');
    expect(await status(dueToday)).toBe('sent');
    expect(await status(paidLate)).toBe('paid');
    const edit = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${late}/edit` });
    expect(edit.json().editData.status).toBe('overdue');
    const stored = await t.pool.query('select status from invoices where id = $1', [late]);
    expect(stored.rows[0].status).toBe('sent');
  });

  it('deletes the invoice and its items; a second delete is 404', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'DEL-1' });
    const response = await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}?user_id=${ada.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Invoice deleted successfully' });
    const left = await t.pool.query(
      'select (select count(*)::int from invoices where id = $1) as i, (select count(*)::int from invoice_items where invoice_id = $1) as it',
      [id],
    );
    expect(left.rows[0]).toEqual({ i: 0, it: 0 });
    expect((await as(t.app, ada)({ method: 'DELETE', url: `/api/invoices/${id}` })).statusCode).toBe(404);
    expect((await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` })).statusCode).toBe(404);
  });

  it('answers 404 on every call about another user’s invoice, and changes nothing', async () => {
    const before = (await t.pool.query('select status, invoice_number from invoices where id = $1', [bobInvoice]))
      .rows[0];
    const calls = [
      { method: 'GET', url: `/api/invoices/${bobInvoice}` },
      { method: 'GET', url: `/api/invoices/${bobInvoice}?include_client=true&include_business=true` },
      { method: 'GET', url: `/api/invoices/${bobInvoice}/edit` },
      { method: 'GET', url: `/api/invoices/${bobInvoice}/pdf` },
      { method: 'PUT', url: `/api/invoices/${bobInvoice}`, payload: savedPayload(ada, { invoice_number: 'MINE' }) },
      { method: 'PUT', url: `/api/invoices/${bobInvoice}/status`, payload: { status: 'paid' } },
      { method: 'DELETE', url: `/api/invoices/${bobInvoice}` },
      { method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: [adaInvoice, bobInvoice] } },
    ] as const;
    for (const call of calls) {
      const response = await as(t.app, ada)(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Invoice not found' });
    }
    const after = (await t.pool.query('select status, invoice_number from invoices where id = $1', [bobInvoice]))
      .rows[0];
    expect(after).toEqual(before);
    const list = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?per_page=100' });
    expect(list.json().invoices.map((invoice: { id: string }) => invoice.id)).not.toContain(bobInvoice);
  });

  it('answers 400 for malformed ids on every call', async () => {
    const calls = [
      { method: 'GET', url: '/api/invoices/nope' },
      { method: 'GET', url: '/api/invoices/nope/edit' },
      { method: 'GET', url: '/api/invoices/nope/pdf' },
      { method: 'PUT', url: '/api/invoices/nope/status', payload: { status: 'paid' } },
      { method: 'DELETE', url: '/api/invoices/nope' },
      { method: 'POST', url: '/api/invoices/download', payload: { invoice_ids: ['nope'] } },
    ] as const;
    for (const call of calls) {
      const response = await as(t.app, ada)(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(response.json().error).toMatch(/must be a valid id/);
    }
  });

  it('proposes the next number: highest numeric part + 1, padded to 4', async () => {
    const fresh = await signUp(t.app);
    const next = async () =>
      (await as(t.app, fresh)({ method: 'GET', url: `/api/invoices/next-number?user_id=${fresh.id}` })).json();
    expect(await next()).toEqual({ success: true, invoice_number: '0001' });
    await createInvoice(t.app, fresh, { invoice_number: 'INV-0009' });
    await createInvoice(t.app, fresh, { invoice_number: 'no digits' });
    await createInvoice(t.app, fresh, { invoice_number: '2026-0041-A' });
    expect((await next()).invoice_number).toBe('0042');
    await createInvoice(t.app, fresh, { invoice_number: '12345678901234567890123' });
    expect((await next()).invoice_number).toBe('12345678901234567890124');
    // Another user's numbers do not count.
    expect((await as(t.app, bob)({ method: 'GET', url: '/api/invoices/next-number' })).json().invoice_number).toBe(
      '0100',
    );
  });

  it("reads an invoice number's numeric part in SQL exactly as the domain does", async () => {
    // The next number is found in SQL with the domain's own pattern; both engines must agree on it.
    const numbers = fc.sample(
      fc.oneof(
        fc.string({ unit: fc.constantFrom(...'0123456789-/ #AZaz\u0664\u00bd\u2079') }),
        fc.string({ unit: 'grapheme' }),
      ),
      { numRuns: 500, seed: 19 },
    );
    numbers.push('INV-0042', '2026-0041-A', 'no digits', '', '12a34b', '007');
    const { rows } = await t.pool.query<{ value: string | null }>(
      'select substring(n from $1::text) as value from unnest($2::text[]) with ordinality as x(n, i) order by i',
      [INVOICE_NUMBER_VALUE_PATTERN, numbers.map((n) => n.replace(/\0/g, ''))],
    );
    rows.forEach(({ value }, i) => {
      const expected = invoiceNumberValue(numbers[i]!.replace(/\0/g, ''));
      expect(value === null ? null : BigInt(value), JSON.stringify(numbers[i])).toBe(expected);
    });
  });

  it('keeps data typed by hand: no client or business ids at all', async () => {
    const response = await as(
      t.app,
      ada,
    )({
      method: 'POST',
      url: '/api/invoices',
      payload: { data: invoiceData({ invoice_number: 'HAND-1' }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().invoice).toMatchObject({ client_id: null, business_id: null, status: 'draft' });
  });
});

describe('percent rates with 3 decimals (docs/decisions/0044-percent-rates-in-thousandths.md)', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    ({ t, ada } = await adaAndBob());
  });

  /** The row as stored: its columns, its data's rates and its items, to show that a refused request changed nothing. */
  const storedRow = async (id: string) =>
    (
      await t.pool.query(
        `select invoice_number, subtotal_minor::text, tax_minor::text, discount_minor::text, total_minor::text,
                data, updated_at, (select count(*)::int from invoice_items where invoice_id = i.id) as items
           from invoices i where id = $1`,
        [id],
      )
    ).rows[0];

  // 14,008.88 at 8.875 % = 1,243.2881 → 1,243.29; a 12.125 % discount = 1,698.5767 → 1,698.58;
  // total 14,008.88 + 1,243.29 − 1,698.58 = 13,553.59.
  const nyc = {
    items: [{ name: 'Consulting', quantity: 1, unit_cost: 14_008.88 }],
    tax_percent: 8.875,
    tax_type: 'percent',
    show_tax: true,
    discount_percent: '12.125',
    discount_type: 'percent',
    show_discount: true,
    show_shipping: false,
  };

  it('round-trips 8.875 % through save, detail, edit data, list and storage, exact to the cent', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'NYC-1', ...nyc });
    const detail = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}` });
    const invoice = invoiceResponseSchema.parse(detail.json()).invoice;
    expect(invoice.totals).toEqual({
      subtotal: 14_008.88,
      tax: 1_243.29,
      discount: 1_698.58,
      shipping: 0,
      total: 13_553.59,
    });
    expect(invoice.total_amount).toBe(13_553.59);
    expect(invoice.data).toMatchObject({ tax_percent: 8.875, discount_percent: 12.125, tax_type: 'percent' });

    const edit = await as(t.app, ada)({ method: 'GET', url: `/api/invoices/${id}/edit` });
    expect(edit.json().editData).toMatchObject({ taxPercent: 8.875, discountPercent: 12.125 });

    const list = await as(t.app, ada)({ method: 'GET', url: '/api/invoices?search=NYC-1' });
    expect(list.json().invoices).toEqual([expect.objectContaining({ id, total_amount: 13_553.59 })]);

    const row = await storedRow(id);
    expect(row).toMatchObject({ subtotal_minor: '1400888', tax_minor: '124329', discount_minor: '169858' });
    expect(row.total_minor).toBe('1355359');
    expect(row.data).toMatchObject({ v: 2, tax: { type: 'percent', value: 8_875 }, discount: { value: 12_125 } });

    // What the editor reads back saves unchanged.
    const resave = await as(
      t.app,
      ada,
    )({ method: 'PUT', url: `/api/invoices/${id}`, payload: { data: edit.json().editData.data } });
    expect(resave.statusCode, resave.body).toBe(200);
    expect(resave.json().invoice.totals).toEqual(invoice.totals);
  });

  it('refuses a fourth decimal with a 400 naming the field, on create and update, changing nothing', async () => {
    const id = await createInvoice(t.app, ada, { invoice_number: 'NYC-2', ...nyc });
    const before = await storedRow(id);
    const count = async () =>
      (await t.pool.query('select count(*)::int as n from invoices where user_id = $1', [ada.id])).rows[0].n;
    const invoices = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tax_percent: 8.8755 }, 'Tax percent must be a non-negative number with at most 3 decimals.'],
      [{ tax_percent: '8.8755' }, 'Tax percent must be a non-negative number with at most 3 decimals.'],
      [{ discount_percent: 0.0001 }, 'Discount percent must be a non-negative number with at most 3 decimals.'],
      [{ tax_percent: 100.001 }, 'Tax percent must be between 0 and 100.'],
      [{ tax_type: 'fixed', tax_percent: 8.875 }, 'Tax must be a non-negative number with at most 2 decimals.'],
    ];
    for (const [data, message] of cases) {
      const put = await as(
        t.app,
        ada,
      )({
        method: 'PUT',
        url: `/api/invoices/${id}`,
        payload: savedPayload(ada, { invoice_number: 'NYC-2', ...nyc, ...data }),
      });
      expect(put.statusCode, JSON.stringify(data)).toBe(400);
      expect(put.json()).toMatchObject({ success: false, error: message });
      const post = await as(
        t.app,
        ada,
      )({
        method: 'POST',
        url: '/api/invoices',
        payload: savedPayload(ada, { invoice_number: 'NYC-3', ...nyc, ...data }),
      });
      expect(post.statusCode, JSON.stringify(data)).toBe(400);
      expect(post.json()).toMatchObject({ success: false, error: message });
    }
    expect(await storedRow(id)).toEqual(before);
    expect(await count()).toBe(invoices);
  });
});
