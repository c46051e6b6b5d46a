import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import { sharedTestApp, type TestApp } from '../../../test/app';
import { FC_SEED, hostileString, looseValue } from '../../../test/hostile-input';
import { as, expectFailure, insertInvoice, tableCounts } from '../../../test/party-fixtures';
import { adaAndBob } from '../../../test/two-users';

const CLIENT_FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'address',
  'tax_id',
  'preferred_language',
  'created_at',
  'updated_at',
  'invoice_count',
  ...CLIENT_PARTY_FIELDS,
].sort();

describe('POST /api/clients', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('creates the client with its notification and answers 201 with the documented message', async () => {
    const response = await as(t.app, ada)('POST', '/api/clients', {
      payload: {
        user_id: ada.id,
        name: ' Jürgen Müller GmbH ',
        email: 'ap@mueller.example',
        phone: '+49 30 1234',
        address: 'Hauptstraße 1\nBerlin',
        ignored: 'extra fields are dropped',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Client "Jürgen Müller GmbH" has been created successfully',
      client: {
        name: 'Jürgen Müller GmbH',
        email: 'ap@mueller.example',
        phone: '+49 30 1234',
        address: 'Hauptstraße 1\nBerlin',
        tax_id: '',
        invoice_count: 0,
      },
    });
    expect(Object.keys(body.client).sort()).toEqual(CLIENT_FIELDS);
    expect(new Date(body.client.created_at).toISOString()).toBe(body.client.created_at);

    const { rows: stored } = await t.pool.query(`select user_id, search_text from clients where id = $1`, [
      body.client.id,
    ]);
    expect(stored).toEqual([
      {
        user_id: ada.id,
        search_text: 'jurgen muller gmbh\nap@mueller.example\n+49 30 1234\nhauptstrasse 1 berlin',
      },
    ]);
    const { rows: notes } = await t.pool.query(
      `select type, title, message, related_entity_type, related_entity_id, is_read from notifications
       where user_id = $1 and related_entity_type = 'client'`,
      [ada.id],
    );
    expect(notes).toEqual([
      {
        type: 'success',
        title: 'Client created',
        message: 'Client "Jürgen Müller GmbH" has been added to your clients.',
        related_entity_type: 'client',
        related_entity_id: body.client.id,
        is_read: false,
      },
    ]);
  });

  it('needs only name and email; phone, address and tax id default to empty', async () => {
    const response = await as(t.app, ada)('POST', '/api/clients', {
      payload: { name: 'Minimal', email: 'min@example.com', phone: null, tax_id: 'GB123' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().client).toMatchObject({ phone: '', address: '', tax_id: 'GB123' });
  });

  it('answers field errors in `errors` with the modal messages, even a single one, and stores nothing', async () => {
    const before = await tableCounts(t.pool);
    const post = (payload: unknown) => as(t.app, ada)('POST', '/api/clients', { payload });

    expect(expectFailure(await post({ name: ' ', email: '' }), 400, 'Name is required')).toEqual({
      success: false,
      error: 'Name is required',
      errors: ['Name is required', 'Email is required'],
    });
    expect(expectFailure(await post({ email: 'a@b.co' }), 400).errors).toEqual(['Name is required']);
    expect(expectFailure(await post({ name: 'Globex', email: 'globex' }), 400)).toEqual({
      success: false,
      error: 'Invalid email format',
      errors: ['Invalid email format'],
    });

    const long = 'x'.repeat(2_000);
    const tooLong = expectFailure(
      await post({ name: long, email: `${long}@x.co`, phone: long, address: long, tax_id: long }),
      400,
    );
    expect(tooLong.errors).toEqual([
      'Name is too long (at most 200 characters).',
      'Email is too long (at most 254 characters).',
      'Phone is too long (at most 50 characters).',
      'Address is too long (at most 1000 characters).',
      'Tax ID is too long (at most 100 characters).',
    ]);
    expect(expectFailure(await post({ name: 'A\u0000B', email: 'a@b.co' }), 400).errors).toEqual([
      'Name contains a character that is not allowed.',
    ]);
    expect(expectFailure(await post({ name: 42, email: ['a@b.co'] }), 400).errors).toEqual([
      'Name is required',
      'Email is required',
    ]);
    expectFailure(await post([]), 400);
    expectFailure(await post('name=x'), 400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectFailure(notJson, 400, 'The request body is not valid JSON.');

    expect(await tableCounts(t.pool)).toEqual(before);
  });

  it('refuses a user_id that is not the session user (403) and needs a session (401), storing nothing', async () => {
    const before = await tableCounts(t.pool);
    expectFailure(
      await as(t.app, ada)('POST', '/api/clients', { payload: { user_id: bob.id, name: 'X', email: 'x@x.co' } }),
      403,
    );
    const guest = await t.app.inject({ method: 'POST', url: '/api/clients', payload: { name: 'X', email: 'x@x.co' } });
    expectFailure(guest, 401, 'Please sign in to continue.');
    expect(await tableCounts(t.pool)).toEqual(before);
  });
});

describe('GET /api/clients', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  const adaIds: string[] = []; // oldest first
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    const people = [
      { name: 'Jürgen Müller', email: 'j@mueller.de', phone: '+49 30 555', address: 'Hauptstraße 5, Berlin' },
      { name: 'Zoë Ångström', email: 'zoe@example.se', phone: '', address: 'Storgatan 1, Malmö', tax_id: 'SE556677' },
      { name: 'ACME Ltd', email: 'billing@acme.example', phone: '020 7946 0000', address: '1 Road, London' },
      { name: '50% Off_Shop', email: 'sale@shop.example', address: '' },
      { name: 'François Dupont', email: 'fd@dupont.fr', phone: '01 23 45 67 89', tax_id: 'FR12345678901' },
    ];
    for (let i = 0; i < 20; i += 1) {
      const person = people[i] ?? { name: `Client ${String(i).padStart(2, '0')}`, email: `c${i}@example.com` };
      const response = await as(t.app, ada)('POST', '/api/clients', { payload: person });
      expect(response.statusCode).toBe(201);
      adaIds.push(response.json().client.id);
    }
    for (const name of ['Müller Bob', 'Bob Two']) {
      await as(t.app, bob)('POST', '/api/clients', { payload: { name, email: 'bob@example.com' } });
    }
  });

  const list = (account: TestAccount, query: Record<string, string> = {}) =>
    as(t.app, account)('GET', '/api/clients', { query });

  it('answers the user’s own clients, newest first, with the pagination (pickers send no per_page)', async () => {
    const response = await list(ada, { user_id: ada.id });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['clients', 'pagination', 'success']);
    expect(body.success).toBe(true);
    expect(body.clients.map((client: { id: string }) => client.id)).toEqual([...adaIds].reverse());
    expect(Object.keys(body.clients[0]).sort()).toEqual(CLIENT_FIELDS);
    expect(body.pagination).toEqual({ page: 1, per_page: 100, total: 20, pages: 1, has_prev: false, has_next: false });
  });

  it('pages with per_page 10 and 5 without overlap; a page past the last is empty with true figures', async () => {
    const first = (await list(ada, { page: '1', per_page: '10' })).json();
    const second = (await list(ada, { page: '2', per_page: '10' })).json();
    expect(first.pagination).toEqual({ page: 1, per_page: 10, total: 20, pages: 2, has_prev: false, has_next: true });
    expect(second.pagination).toEqual({ page: 2, per_page: 10, total: 20, pages: 2, has_prev: true, has_next: false });
    expect([...first.clients, ...second.clients].map((client: { id: string }) => client.id)).toEqual(
      [...adaIds].reverse(),
    );

    const mobile = (await list(ada, { page: '4', per_page: '5' })).json();
    expect(mobile.clients).toHaveLength(5);
    expect(mobile.pagination).toMatchObject({ pages: 4, has_prev: true, has_next: false });

    const beyond = (await list(ada, { page: '9', per_page: '10' })).json();
    expect(beyond.clients).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 9, per_page: 10, total: 20, pages: 2, has_prev: true, has_next: false });

    const odd = (await list(ada, { page: '3', per_page: '7' })).json();
    expect(odd.clients).toHaveLength(6);
  });

  it('caps per_page at 100 and refuses malformed paging with a clear 400', async () => {
    expect((await list(ada, { per_page: '1000' })).json().pagination.per_page).toBe(100);
    expect((await list(ada, { page: '', per_page: '' })).json().pagination).toMatchObject({ page: 1, per_page: 100 });
    expectFailure(await list(ada, { page: '0' }), 400, 'Page must be a whole number, 1 or more.');
    expectFailure(await list(ada, { page: 'two' }), 400, 'Page must be a whole number, 1 or more.');
    expectFailure(await list(ada, { per_page: '-5' }), 400, 'Per page must be a whole number, 1 or more.');
    expectFailure(await list(ada, { page: '99999999999999999999' }), 400);
    expectFailure(await list(ada, { search: 'x'.repeat(201) }), 400, 'Search is too long (at most 200 characters).');
    expectFailure(await list(ada, { user_id: bob.id }), 403);
  });

  const names = async (search: string, account = ada) => {
    const response = await list(account, { search });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().clients.map((client: { name: string }) => client.name) as string[];
  };

  it('searches ignoring case and accents, only among the user’s own clients', async () => {
    expect(await names('muller')).toEqual(['Jürgen Müller']);
    expect(await names('MÜLLER')).toEqual(['Jürgen Müller']);
    expect(await names('jurgen')).toEqual(['Jürgen Müller']);
    expect(await names('zoe angstrom')).toEqual(['Zoë Ångström']);
    expect(await names('francois')).toEqual(['François Dupont']);
    expect(await names('muller', bob)).toEqual(['Müller Bob']);
    expect(await names('  ')).toHaveLength(20);
  });

  it('searches each field: name, e-mail, phone, address and tax id', async () => {
    expect(await names('acme')).toEqual(['ACME Ltd']);
    expect(await names('billing@acme')).toEqual(['ACME Ltd']);
    expect(await names('7946')).toEqual(['ACME Ltd']);
    expect(await names('hauptstrasse')).toEqual(['Jürgen Müller']);
    expect(await names('malmo')).toEqual(['Zoë Ångström']);
    expect(await names('se5566')).toEqual(['Zoë Ångström']);
    expect(await names('fr1234')).toEqual(['François Dupont']);
  });

  it('needs every word, treats % and _ literally, and pages search results', async () => {
    expect(await names('london acme')).toEqual(['ACME Ltd']);
    expect(await names('london dupont')).toEqual([]);
    expect(await names('50%')).toEqual(['50% Off_Shop']);
    expect(await names('%')).toEqual(['50% Off_Shop']);
    expect(await names('off_')).toEqual(['50% Off_Shop']);
    expect(await names('_')).toEqual(['50% Off_Shop']);
    expect(await names('\\')).toEqual([]);
    expect(await names('nobody-at-all')).toEqual([]);
    expect(await names('zo')).toEqual(['Zoë Ångström']); // short words are matched without trigrams
    expect(await names('ZÖ AN')).toEqual(['Zoë Ångström']);
    expect(await names("'; drop table clients; --")).toEqual([]);
    expect(await names('acme\u0007london')).toEqual(['ACME Ltd']); // a control character separates words
    // U+0000 is refused in every text field, search included (issue 13: one rule for every field).
    const refused = await list(ada, { search: 'acme\u0000london' });
    expect([refused.statusCode, refused.json().error]).toEqual([
      400,
      'Search contains a character that is not allowed.',
    ]);
    const paged = (await list(ada, { search: 'client', per_page: '10', page: '2' })).json();
    expect(paged.pagination).toEqual({ page: 2, per_page: 10, total: 15, pages: 2, has_prev: true, has_next: false });
    expect(paged.clients).toHaveLength(5);
  });

  it('counts the user’s invoices referring to each client in the list', async () => {
    const [muller, zoe] = adaIds;
    for (let i = 0; i < 3; i += 1) await insertInvoice(t.pool, { userId: ada.id, clientId: muller!, number: `M${i}` });
    await insertInvoice(t.pool, { userId: ada.id, clientId: zoe!, number: 'Z1' });
    await insertInvoice(t.pool, { userId: ada.id, number: 'NONE' });
    const counts = Object.fromEntries(
      (await list(ada))
        .json()
        .clients.map((client: { id: string; invoice_count: number }) => [client.id, client.invoice_count]),
    );
    expect(counts[muller!]).toBe(3);
    expect(counts[zoe!]).toBe(1);
    expect(Object.values(counts).reduce((sum: number, count) => sum + (count as number), 0)).toBe(4);
    const page = (await list(ada, { search: 'muller' })).json();
    expect(page.clients[0].invoice_count).toBe(3);
  });
});

describe('GET, PUT and DELETE /api/clients/:id', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  let bobClient: string;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    bobClient = (
      await as(t.app, bob)('POST', '/api/clients', {
        payload: { name: 'Bob’s Client', email: 'b@example.com', phone: '1', address: 'Bob St', tax_id: 'B1' },
      })
    ).json().client.id;
  });

  const create = async (name = 'Globex', extra: Record<string, unknown> = {}) => {
    const response = await as(t.app, ada)('POST', '/api/clients', {
      payload: { name, email: 'ap@globex.example', phone: '555', address: '1 Main St', ...extra },
    });
    expect(response.statusCode).toBe(201);
    return response.json().client as { id: string; created_at: string; updated_at: string };
  };

  it('reads one client with its invoice count', async () => {
    const client = await create('Readable');
    await insertInvoice(t.pool, { userId: ada.id, clientId: client.id, number: 'R1' });
    const response = await as(t.app, ada)('GET', `/api/clients/${client.id}`, { query: { user_id: ada.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, client: { ...client, invoice_count: 1 } });
    const upper = await as(t.app, ada)('GET', `/api/clients/${client.id.toUpperCase()}`);
    expect(upper.json().client.id).toBe(client.id);
  });

  it('answers another user’s client exactly like an unknown one (404) for read, edit and delete', async () => {
    const unknown = randomUUID();
    const before = await t.pool.query(`select * from clients where id = $1`, [bobClient]);
    for (const id of [bobClient, unknown]) {
      expectFailure(await as(t.app, ada)('GET', `/api/clients/${id}`), 404, 'Client not found');
      expectFailure(
        await as(t.app, ada)('PUT', `/api/clients/${id}`, { payload: { name: 'Taken', email: 'x@x.co' } }),
        404,
        'Client not found',
      );
      expectFailure(await as(t.app, ada)('DELETE', `/api/clients/${id}`), 404, 'Client not found');
    }
    const after = await t.pool.query(`select * from clients where id = $1`, [bobClient]);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toHaveLength(1);
  });

  it('refuses malformed ids with 400, never 500', async () => {
    for (const id of ['42', 'not-a-uuid', `${randomUUID()}x`, "1'%20or%20'1'='1", '%00']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await as(t.app, ada)(method, `/api/clients/${id}`, {
          ...(method === 'PUT' ? { payload: { name: 'X', email: 'x@x.co' } } : {}),
        });
        expectFailure(response, 400, 'Id must be a valid id.');
      }
    }
  });

  it('updates name, e-mail, phone and address; tax id and unsent fields stay; search follows', async () => {
    const client = await create('Old Name', { tax_id: 'KEEP-1' });
    const response = await as(t.app, ada)('PUT', `/api/clients/${client.id}`, {
      payload: { name: 'Nouveau Café', email: 'new@cafe.example', phone: '777', user_id: ada.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Client "Nouveau Café" has been updated successfully',
      client: {
        id: client.id,
        name: 'Nouveau Café',
        email: 'new@cafe.example',
        phone: '777',
        address: '1 Main St',
        tax_id: 'KEEP-1',
        invoice_count: 0,
        created_at: client.created_at,
      },
    });
    expect(body.client.updated_at > client.updated_at).toBe(true);
    expect((await as(t.app, ada)('GET', '/api/clients', { query: { search: 'nouveau cafe' } })).json().clients).toEqual(
      [body.client],
    );
    expect((await as(t.app, ada)('GET', '/api/clients', { query: { search: 'old name' } })).json().clients).toEqual([]);

    const cleared = await as(t.app, ada)('PUT', `/api/clients/${client.id}`, {
      payload: { name: 'Nouveau Café', email: 'new@cafe.example', phone: null, address: '', tax_id: null },
    });
    expect(cleared.json().client).toMatchObject({ phone: '', address: '', tax_id: '' });
  });

  it('changes nothing when the update is refused', async () => {
    const client = await create('Stable');
    const before = await t.pool.query(`select * from clients where id = $1`, [client.id]);
    const put = (payload: unknown) => as(t.app, ada)('PUT', `/api/clients/${client.id}`, { payload });
    expect(expectFailure(await put({ name: '', email: 'x@x.co' }), 400).errors).toEqual(['Name is required']);
    expect(expectFailure(await put({ name: 'Y', email: 'nope' }), 400).errors).toEqual(['Invalid email format']);
    expectFailure(
      await put({ name: 'x'.repeat(201), email: 'x@x.co' }),
      400,
      'Name is too long (at most 200 characters).',
    );
    expectFailure(await put({ name: 'Y', email: 'x@x.co', user_id: bob.id }), 403);
    expectFailure(await put(null), 400);
    expect((await t.pool.query(`select * from clients where id = $1`, [client.id])).rows).toEqual(before.rows);
  });

  it('deletes a client; its invoices stay with their stored text and lose only the reference', async () => {
    const client = await create('Doomed Ltd');
    const invoiceId = await insertInvoice(t.pool, {
      userId: ada.id,
      clientId: client.id,
      number: 'D1',
      to: 'Doomed Ltd\n9 Gone Rd',
    });
    const before = (await t.pool.query(`select * from invoices where id = $1`, [invoiceId])).rows[0];

    const response = await as(t.app, ada)('DELETE', `/api/clients/${client.id}`, { query: { user_id: ada.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Client deleted successfully' });
    expectFailure(await as(t.app, ada)('GET', `/api/clients/${client.id}`), 404);
    expectFailure(await as(t.app, ada)('DELETE', `/api/clients/${client.id}`), 404);

    const after = (await t.pool.query(`select * from invoices where id = $1`, [invoiceId])).rows[0];
    expect(after).toEqual({ ...before, client_id: null });
    expect(after.data.to).toBe('Doomed Ltd\n9 Gone Rd');
    expect(after.client_name).toBe('Doomed Ltd');
  });

  it('counts, before a delete, exactly the invoices that then keep a copy of the client (the confirmation says it)', async () => {
    const client = await create('Copied Ltd');
    const linked: string[] = [];
    for (const number of ['K1', 'K2', 'K3']) {
      linked.push(await insertInvoice(t.pool, { userId: ada.id, clientId: client.id, number, to: 'Copied Ltd\nA St' }));
    }
    // The same name typed on an invoice without choosing the client: not linked, not counted, not touched.
    const typed = await insertInvoice(t.pool, { userId: ada.id, number: 'K4', to: 'Copied Ltd\nA St' });
    const count = (await as(t.app, ada)('GET', `/api/clients/${client.id}`)).json().client.invoice_count;
    expect(count).toBe(3);
    const rows = async () =>
      (
        await t.pool.query(`select id, client_id, data, client_name from invoices where id = any($1) order by id`, [
          [...linked, typed],
        ])
      ).rows;
    const before = await rows();
    expect((await as(t.app, ada)('DELETE', `/api/clients/${client.id}`)).statusCode).toBe(200);
    const after = await rows();
    const unlinked = after.filter((row, index) => row.client_id === null && before[index]!.client_id === client.id);
    expect(unlinked).toHaveLength(count);
    expect(after.map(({ data, client_name }) => ({ data, client_name }))).toEqual(
      before.map(({ data, client_name }) => ({ data, client_name })),
    );
  });
});

describe('DELETE /api/clients/bulk-delete', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  const createMany = async (account: TestAccount, count: number, prefix: string) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await as(t.app, account)('POST', '/api/clients', {
        payload: { name: `${prefix} ${i}`, email: `${i}@example.com` },
      });
      ids.push(response.json().client.id);
    }
    return ids;
  };
  const existing = async (ids: string[]) =>
    (await t.pool.query<{ id: string }>(`select id from clients where id = any($1::uuid[])`, [ids])).rows.length;
  const bulk = (account: TestAccount, payload: unknown) =>
    as(t.app, account)('DELETE', '/api/clients/bulk-delete', { payload });

  it('deletes the selected clients in one call and answers deleted_count', async () => {
    const ids = await createMany(ada, 4, 'Bulk');
    const invoiceId = await insertInvoice(t.pool, { userId: ada.id, clientId: ids[0]!, number: 'B1', to: 'Bulk 0' });
    const response = await bulk(ada, { client_ids: [ids[0], ids[1], ids[2]!.toUpperCase(), ids[0]], user_id: ada.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, deleted_count: 3, message: 'Successfully deleted 3 clients' });
    expect(await existing(ids)).toBe(1);
    const { rows } = await t.pool.query(`select client_id, client_name from invoices where id = $1`, [invoiceId]);
    expect(rows).toEqual([{ client_id: null, client_name: 'Bulk 0' }]);
  });

  it('never deletes another user’s clients: only the caller’s own ids count', async () => {
    const mine = await createMany(ada, 2, 'Mine');
    const theirs = await createMany(bob, 2, 'Theirs');

    const onlyTheirs = await bulk(ada, { client_ids: theirs });
    expect(onlyTheirs.statusCode).toBe(200);
    expect(onlyTheirs.json()).toMatchObject({ success: true, deleted_count: 0 });
    expect(await existing(theirs)).toBe(2);

    const mixed = await bulk(ada, { client_ids: [...theirs, mine[0], randomUUID()] });
    expect(mixed.json()).toMatchObject({ success: true, deleted_count: 1, message: 'Successfully deleted 1 client' });
    expect(await existing(theirs)).toBe(2);
    expect(await existing(mine)).toBe(1);
  });

  it('refuses bad input with a clear 400 and deletes nothing', async () => {
    const ids = await createMany(ada, 2, 'Kept');
    const before = await tableCounts(t.pool);
    expectFailure(await bulk(ada, { client_ids: [] }), 400, 'Select at least one client to delete.');
    expectFailure(await bulk(ada, {}), 400, 'Select at least one client to delete.');
    expectFailure(await bulk(ada, { client_ids: [ids[0], 'nope'] }), 400, 'Client id must be a valid id.');
    expectFailure(await bulk(ada, { client_ids: ids[0] }), 400);
    expectFailure(
      await bulk(ada, { client_ids: Array.from({ length: 501 }, () => randomUUID()) }),
      400,
      'At most 500 clients can be deleted at once.',
    );
    expectFailure(await bulk(ada, { client_ids: ids, user_id: bob.id }), 403);
    const noBody = await t.app.inject({
      method: 'DELETE',
      url: '/api/clients/bulk-delete',
      headers: { cookie: ada.cookie },
    });
    expectFailure(noBody, 400);
    expect(await tableCounts(t.pool)).toEqual(before);
    expect(await existing(ids)).toBe(2);
  });

  it('is not mistaken for a client id, and needs a session', async () => {
    const guest = await t.app.inject({
      method: 'DELETE',
      url: '/api/clients/bulk-delete',
      payload: { client_ids: [randomUUID()] },
    });
    expectFailure(guest, 401);
    expectFailure(await as(t.app, ada)('GET', '/api/clients/bulk-delete'), 400, 'Id must be a valid id.');
  });
});

describe('list order and counts at the edges', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('pages clients created at the same instant without overlap (id breaks the tie)', async () => {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into clients (user_id, name, email, search_text, created_at)
       select $1, 'Twin ' || g, 't@example.com', 'twin ' || g, '2026-01-01T00:00:00Z' from generate_series(1, 5) g
       returning id`,
      [ada.id],
    );
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const body = (
        await as(t.app, ada)('GET', '/api/clients', { query: { page: String(page), per_page: '1' } })
      ).json();
      expect(body.clients).toHaveLength(1);
      seen.push(body.clients[0].id);
    }
    expect(seen).toEqual(rows.map((row) => row.id).sort((a, b) => b.localeCompare(a)));
  });

  it('counts only the user’s own invoices, and counts each client separately', async () => {
    const client = (
      await as(t.app, ada)('POST', '/api/clients', { payload: { name: 'Counted', email: 'c@example.com' } })
    ).json().client;
    await insertInvoice(t.pool, { userId: ada.id, clientId: client.id, number: 'A1' });
    await insertInvoice(t.pool, { userId: bob.id, clientId: client.id, number: 'B1' }); // never made by the API
    const read = (await as(t.app, ada)('GET', `/api/clients/${client.id}`)).json();
    expect(read.client.invoice_count).toBe(1);
    const listed = (await as(t.app, ada)('GET', '/api/clients', { query: { search: 'counted' } })).json();
    expect(listed.clients.map((row: { invoice_count: number }) => row.invoice_count)).toEqual([1]);
  });
});

describe('random input at the client and business calls', () => {
  let t: TestApp;
  let ada: TestAccount;
  let clientId: string;
  let businessId: string;
  beforeAll(async () => {
    t = await sharedTestApp();
    ada = await signUp(t.app);
    clientId = (
      await as(t.app, ada)('POST', '/api/clients', { payload: { name: 'Fixed', email: 'f@example.com' } })
    ).json().client.id;
    businessId = (
      await as(t.app, ada)('POST', '/api/businesses', { payload: { name: 'Fixed', email: 'f@example.com' } })
    ).json().business.id;
  });

  const hostile = hostileString(
    ['', ' ', '\u0000', '%', '_', '\\', "'; drop table clients; --", 'a@b.co', 'ÄÖÜ@ß.de', '\ud800'],
    { binaryMax: 300, long: [900, 1200] },
  );
  const loose = looseValue(hostile);
  const body = fc.oneof(
    fc.record(
      {
        name: loose,
        email: fc.oneof(loose, fc.emailAddress()),
        phone: loose,
        address: loose,
        tax_id: loose,
        logo_url: loose,
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );

  it('never answers 5xx, and answers every refusal with the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom(
          ['POST', '/api/clients'],
          ['PUT', `/api/clients/${clientId}`],
          ['POST', '/api/businesses'],
          ['PUT', `/api/businesses/${businessId}`],
          ['DELETE', '/api/clients/bulk-delete'],
        ),
        async (payload, [method, url]) => {
          const response = await t.app.inject({
            method: method as 'POST',
            url: url!,
            payload: JSON.stringify(payload),
            headers: { cookie: ada.cookie, 'content-type': 'application/json' },
          });
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode >= 400) expectFailure(response, response.statusCode);
        },
      ),
      { seed: FC_SEED, numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (search, page, perPage) => {
        for (const url of ['/api/clients', '/api/businesses']) {
          const response = await as(t.app, ada)('GET', url, { query: { search, page, per_page: perPage } });
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        }
      }),
      { seed: FC_SEED, numRuns: 100 },
    );
  });
});
