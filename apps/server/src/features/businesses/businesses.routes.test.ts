import { randomUUID } from 'node:crypto';
import { BUSINESS_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { as, expectFailure, insertInvoice, tableCounts } from '../../../test/party-fixtures';
import { adaAndBob } from '../../../test/two-users';

const BUSINESS_FIELDS = [
  'id',
  'name',
  'email',
  'phone',
  'address',
  'tax_id',
  'logo_url',
  'iban',
  'bic',
  'account_holder',
  'created_at',
  'updated_at',
  'invoice_count',
  ...BUSINESS_PARTY_FIELDS,
].sort();

describe('businesses', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  let bobBusiness: string;
  let logoId: string;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
    bobBusiness = (
      await as(t.app, bob)('POST', '/api/businesses', {
        payload: { name: 'Bob Bakery', email: 'bob@bakery.example', tax_id: 'BB-1' },
      })
    ).json().business.id;
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into logos (user_id, mime_type, bytes, byte_size, width, height, sha256)
       values ($1, 'image/png', '\\x89504e47'::bytea, 4, 1, 1, 'x') returning id`,
      [ada.id],
    );
    logoId = rows[0]!.id;
  });

  const post = (payload: unknown, account = ada) => as(t.app, account)('POST', '/api/businesses', { payload });
  const create = async (payload: Record<string, unknown>) => {
    const response = await post({ email: 'studio@example.com', ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().business as { id: string; created_at: string; updated_at: string; name: string };
  };

  it('creates a business with the documented message and its notification', async () => {
    const response = await post({
      user_id: ada.id,
      name: ' Ådä Stüdio ',
      email: 'hello@ada.example',
      phone: '+44 20 7946 0000',
      address: '12 Analytical Row\nLondon',
      tax_id: 'GB 123 4567 89',
      logo_url: `http://localhost:3000/api/logos/${logoId.toUpperCase()}`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Business "Ådä Stüdio" has been created successfully',
      business: {
        name: 'Ådä Stüdio',
        email: 'hello@ada.example',
        phone: '+44 20 7946 0000',
        address: '12 Analytical Row\nLondon',
        tax_id: 'GB 123 4567 89',
        logo_url: `/api/logos/${logoId}`,
        invoice_count: 0,
      },
    });
    expect(Object.keys(body.business).sort()).toEqual(BUSINESS_FIELDS);
    const { rows } = await t.pool.query(
      `select type, title, message, related_entity_type, related_entity_id from notifications
       where user_id = $1 and related_entity_type = 'business'`,
      [ada.id],
    );
    expect(rows).toEqual([
      {
        type: 'success',
        title: 'Business created',
        message: 'Business "Ådä Stüdio" has been added to your businesses.',
        related_entity_type: 'business',
        related_entity_id: body.business.id,
      },
    ]);
  });

  it('answers field errors with the modal messages and stores nothing', async () => {
    const before = await tableCounts(t.pool);
    expect(expectFailure(await post({ email: '' }), 400)).toEqual({
      success: false,
      error: 'Business name is required',
      errors: ['Business name is required', 'Email is required'],
    });
    expect(expectFailure(await post({ name: 'X', email: 'x@' }), 400).errors).toEqual(['Invalid email format']);
    expect(expectFailure(await post({ name: 'X', email: 'x@x.co', tax_id: 'T'.repeat(101) }), 400).errors).toEqual([
      'Tax ID is too long (at most 100 characters).',
    ]);
    expect(expectFailure(await post({ name: 'N'.repeat(201), email: 'x@x.co' }), 400).errors).toEqual([
      'Business name is too long (at most 200 characters).',
    ]);
    expect(expectFailure(await post({ name: 'X', email: 'x@x.co', tax_id: '\u0000' }), 400).errors).toEqual([
      'Tax ID contains a character that is not allowed.',
    ]);
    expectFailure(await post({ name: 'X', email: 'x@x.co', logo_url: 'https://evil.example/logo.png' }), 400);
    expectFailure(await post({ name: 'X', email: 'x@x.co', logo_url: 'data:image/png;base64,AAAA' }), 400);
    expectFailure(
      await post({ name: 'X', email: 'x@x.co', logo_url: `/api/logos/${randomUUID()}` }),
      400,
      'Logo not found. Please upload it again.',
    );
    expectFailure(await post({ name: 'X', email: 'x@x.co', user_id: bob.id }), 403);
    expect(await tableCounts(t.pool)).toEqual(before);
  });

  it('lists the user’s own businesses with invoice counts; pickers and settings send no per_page', async () => {
    const first = await create({ name: 'First Co' });
    const second = await create({ name: 'Second Co' });
    await insertInvoice(t.pool, { userId: ada.id, businessId: second.id, number: 'S1' });
    await insertInvoice(t.pool, { userId: ada.id, businessId: second.id, number: 'S2' });
    await insertInvoice(t.pool, { userId: bob.id, businessId: bobBusiness, number: 'S1' });

    const response = await as(t.app, ada)('GET', '/api/businesses', { query: { user_id: ada.id } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.businesses.map((business: { name: string }) => business.name)).toEqual([
      'Second Co',
      'First Co',
      'Ådä Stüdio',
    ]);
    expect(body.businesses[0]).toMatchObject({ id: second.id, invoice_count: 2 });
    expect(body.businesses[1]).toMatchObject({ id: first.id, invoice_count: 0 });
    expect(body.pagination).toEqual({ page: 1, per_page: 100, total: 3, pages: 1, has_prev: false, has_next: false });

    const paged = (await as(t.app, ada)('GET', '/api/businesses', { query: { page: '2', per_page: '2' } })).json();
    expect(paged.businesses.map((business: { name: string }) => business.name)).toEqual(['Ådä Stüdio']);
    expect(paged.pagination).toEqual({ page: 2, per_page: 2, total: 3, pages: 2, has_prev: true, has_next: false });
    const beyond = (await as(t.app, ada)('GET', '/api/businesses', { query: { page: '5', per_page: '2' } })).json();
    expect(beyond).toMatchObject({ businesses: [], pagination: { page: 5, total: 3, has_next: false } });
    expectFailure(await as(t.app, ada)('GET', '/api/businesses', { query: { per_page: 'ten' } }), 400);
  });

  it('searches name, e-mail, phone, address and tax id ignoring case and accents', async () => {
    const search = async (text: string) =>
      (await as(t.app, ada)('GET', '/api/businesses', { query: { search: text } }))
        .json()
        .businesses.map((business: { name: string }) => business.name);
    expect(await search('ADA STUDIO')).toEqual(['Ådä Stüdio']);
    expect(await search('hello@ada')).toEqual(['Ådä Stüdio']);
    expect(await search('7946')).toEqual(['Ådä Stüdio']);
    expect(await search('analytical')).toEqual(['Ådä Stüdio']);
    expect(await search('gb 123')).toEqual(['Ådä Stüdio']);
    expect(await search('bakery')).toEqual([]); // Bob's
    expect(await search('co')).toEqual(['Second Co', 'First Co']);
  });

  it('reads one business; another user’s answers 404 like an unknown one; malformed ids 400', async () => {
    const mine = await create({ name: 'Readable' });
    await insertInvoice(t.pool, { userId: ada.id, businessId: mine.id, number: 'RB1' });
    const response = await as(t.app, ada)('GET', `/api/businesses/${mine.id}`, { query: { user_id: ada.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, business: { id: mine.id, invoice_count: 1 } });

    const before = (await t.pool.query(`select * from businesses where id = $1`, [bobBusiness])).rows;
    for (const id of [bobBusiness, randomUUID()]) {
      expectFailure(await as(t.app, ada)('GET', `/api/businesses/${id}`), 404, 'Business not found');
      expectFailure(
        await as(t.app, ada)('PUT', `/api/businesses/${id}`, { payload: { name: 'Mine now', email: 'x@x.co' } }),
        404,
        'Business not found',
      );
      expectFailure(await as(t.app, ada)('DELETE', `/api/businesses/${id}`), 404, 'Business not found');
    }
    expect((await t.pool.query(`select * from businesses where id = $1`, [bobBusiness])).rows).toEqual(before);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expectFailure(await as(t.app, ada)(method, '/api/businesses/12'), 400, 'Id must be a valid id.');
    }
  });

  it('updates a business: tax id included, unsent fields and logo kept, null clears them', async () => {
    const business = await create({
      name: 'Old Biz',
      phone: '1',
      address: 'Somewhere',
      logo_url: `/api/logos/${logoId}`,
    });
    const response = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'Nëw Biz', email: 'new@biz.example', tax_id: 'VAT-9' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Business "Nëw Biz" has been updated successfully',
      business: {
        id: business.id,
        name: 'Nëw Biz',
        email: 'new@biz.example',
        phone: '1',
        address: 'Somewhere',
        tax_id: 'VAT-9',
        logo_url: `/api/logos/${logoId}`,
        created_at: business.created_at,
      },
    });
    const found = await as(t.app, ada)('GET', '/api/businesses', { query: { search: 'new biz vat-9' } });
    expect(found.json().businesses).toEqual([body.business]);

    const cleared = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'Nëw Biz', email: 'new@biz.example', phone: null, logo_url: null },
    });
    expect(cleared.json().business).toMatchObject({ phone: '', logo_url: null, tax_id: 'VAT-9' });

    const before = (await t.pool.query(`select * from businesses where id = $1`, [business.id])).rows;
    const refused = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: '', email: 'new@biz.example', tax_id: 'CHANGED' },
    });
    expect(expectFailure(refused, 400).errors).toEqual(['Business name is required']);
    const badLogo = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'X', email: 'x@x.co', logo_url: `/api/logos/${randomUUID()}` },
    });
    expectFailure(badLogo, 400, 'Logo not found. Please upload it again.');
    expect((await t.pool.query(`select * from businesses where id = $1`, [business.id])).rows).toEqual(before);
  });

  it('counts, before a delete, exactly the invoices that then keep a copy of the business', async () => {
    const business = await create({ name: 'Copied Studio' });
    const linked = [
      await insertInvoice(t.pool, { userId: ada.id, businessId: business.id, number: 'CS1' }),
      await insertInvoice(t.pool, { userId: ada.id, businessId: business.id, number: 'CS2' }),
    ];
    const count = (await as(t.app, ada)('GET', `/api/businesses/${business.id}`)).json().business.invoice_count;
    expect(count).toBe(2);
    const listed = (await as(t.app, ada)('GET', '/api/businesses', { query: { search: 'copied' } })).json();
    expect(listed.businesses.map((row: { invoice_count: number }) => row.invoice_count)).toEqual([2]);
    const before = (await t.pool.query(`select id, data from invoices where id = any($1) order by id`, [linked])).rows;
    expect((await as(t.app, ada)('DELETE', `/api/businesses/${business.id}`)).statusCode).toBe(200);
    const after = (
      await t.pool.query(`select id, data, business_id from invoices where id = any($1) order by id`, [linked])
    ).rows;
    expect(after.map((row) => row.business_id)).toEqual([null, null]);
    expect(after.map(({ id, data }) => ({ id, data }))).toEqual(before);
  });

  it('keeps a bank account: IBAN and BIC read with spaces and lower case, stored compact, kept when unsent', async () => {
    const business = await create({
      name: 'Bank Co',
      iban: 'de89 3704 0044 0532 0130 00',
      bic: ' cobadeff xxx ',
      account_holder: '  Ada Lovelace  ',
    });
    expect(business).toMatchObject({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      account_holder: 'Ada Lovelace',
    });
    const { rows } = await t.pool.query(`select iban, bic, account_holder from businesses where id = $1`, [
      business.id,
    ]);
    expect(rows).toEqual([{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_holder: 'Ada Lovelace' }]);
    const read = (await as(t.app, ada)('GET', `/api/businesses/${business.id}`)).json().business;
    expect(read).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_holder: 'Ada Lovelace' });
    const invoiceId = await insertInvoice(t.pool, { userId: ada.id, businessId: business.id, number: 'BK1' });
    const invoice = (
      await as(t.app, ada)('GET', `/api/invoices/${invoiceId}`, { query: { include_business: 'true' } })
    ).json().invoice;
    expect(invoice.business).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });

    // The modal sends every field; the API may leave them out (kept) or send null (cleared).
    const renamed = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'Bank Co 2', email: 'studio@example.com' },
    });
    expect(renamed.json().business).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    const changed = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'Bank Co 2', email: 'studio@example.com', iban: 'NL91ABNA0417164300', bic: '' },
    });
    expect(changed.json().business).toMatchObject({
      iban: 'NL91ABNA0417164300',
      bic: '',
      account_holder: 'Ada Lovelace',
    });
    const cleared = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, {
      payload: { name: 'Bank Co 2', email: 'studio@example.com', iban: null, account_holder: null },
    });
    expect(cleared.json().business).toMatchObject({ iban: '', bic: '', account_holder: '' });
  });

  it('refuses a bad IBAN, BIC or account holder with a message naming the field, and stores nothing', async () => {
    const business = await create({ name: 'Careful Co', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    const before = await tableCounts(t.pool);
    const row = async () => (await t.pool.query(`select * from businesses where id = $1`, [business.id])).rows;
    const stored = await row();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'IBAN is not valid: check the digits.'],
      [{ iban: 'DE89 3704 0044 0532 0130' }, 'IBAN is not valid: an IBAN from DE has 22 characters, this one has 20.'],
      [{ iban: 'ZZ89370400440532013000' }, 'IBAN is not valid: ZZ is not a country code that IBANs use.'],
      [{ iban: 'DE89-3704-0044-0532-0130-00' }, 'IBAN is not valid: use only letters and digits.'],
      [{ iban: 12345 }, 'IBAN must be text.'],
      [{ bic: 'COBADEF' }, 'BIC is not valid: a BIC has 8 or 11 letters and digits.'],
      [
        { bic: 'COBA12FF' },
        'BIC is not valid: 4 letters or digits for the bank, 2 letters for its country, 2 for the location, then an optional 3 for the branch.',
      ],
      [{ account_holder: 'A'.repeat(71) }, 'Account holder is too long (at most 70 characters).'],
      [{ account_holder: 'Ada\nLovelace' }, 'Account holder must be on one line.'],
    ];
    for (const [fields, message] of cases) {
      const payload = { name: 'Careful Co', email: 'studio@example.com', ...fields };
      expect(expectFailure(await post(payload), 400, message).errors).toEqual([message]);
      const update = await as(t.app, ada)('PUT', `/api/businesses/${business.id}`, { payload });
      expect(expectFailure(update, 400, message).errors).toEqual([message]);
    }
    expect(await tableCounts(t.pool)).toEqual(before);
    expect(await row()).toEqual(stored);
  });

  it('deletes a business; invoices keep their rows and From text, business_id becomes null', async () => {
    const business = await create({ name: 'Closing Down' });
    const invoiceId = await insertInvoice(t.pool, { userId: ada.id, businessId: business.id, number: 'CD1' });
    const before = (await t.pool.query(`select * from invoices where id = $1`, [invoiceId])).rows[0];
    const response = await as(t.app, ada)('DELETE', `/api/businesses/${business.id}`, { query: { user_id: ada.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Business deleted successfully' });
    const after = (await t.pool.query(`select * from invoices where id = $1`, [invoiceId])).rows[0];
    expect(after).toEqual({ ...before, business_id: null });
    expect(after.data.from).toBe('Ada Studio\n1 Row');
    expectFailure(await as(t.app, ada)('GET', `/api/businesses/${business.id}`), 404);
    expectFailure(
      await as(t.app, ada)('DELETE', `/api/businesses/${business.id}`, { query: { user_id: bob.id } }),
      403,
    );
  });
});
