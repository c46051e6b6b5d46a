import { EINVOICE_FIELD_MESSAGES } from '@invoicer/domain/api/einvoice-fields';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { createInvoice } from '../../../test/invoice-fixtures';
import { as, expectFailure } from '../../../test/party-fixtures';
import { adaAndBob } from '../../../test/two-users';

/**
 * The structured e-invoice fields of businesses and clients (docs/decisions/0072-structured-parties-and-discounts-before-tax.md):
 * the same names and rules on both, against the real database.
 */

const FILLED = {
  street: ' Hauptstraße 1 ',
  additional_street: 'Hinterhaus',
  postcode: '10115',
  city: 'Berlin',
  region: 'Berlin',
  country: 'de',
  vat_id: 'de 123 456 789',
  company_id: 'HRB 12345',
  endpoint_id: '4000001123452',
  endpoint_scheme: '0088',
};
/** As stored and answered: trimmed, codes upper case, the VAT number compact. */
const STORED = {
  ...FILLED,
  street: 'Hauptstraße 1',
  country: 'DE',
  vat_id: 'DE123456789',
};

const KINDS = [
  { kind: 'client', path: '/api/clients', table: 'clients', extra: { buyer_reference: '991-01234-56' } },
  { kind: 'business', path: '/api/businesses', table: 'businesses', extra: {} },
] as const;

describe.each(KINDS)('structured fields of a $kind', ({ kind, path, table, extra }) => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    ({ t, ada } = await adaAndBob());
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
    as(t.app, ada)(method, url, { payload: { name: 'Müller GmbH', email: 'ap@mueller.example', ...payload } });
  const read = async (id: string) => {
    const response = await as(t.app, ada)('GET', `${path}/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json()[kind] as Record<string, unknown>;
  };
  const create = async (payload: Record<string, unknown>) => {
    const response = await send('POST', path, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json()[kind] as Record<string, unknown> & { id: string };
  };

  it('creates with every field, answers and stores them in the form the document takes them', async () => {
    const created = await create({ ...FILLED, ...extra });
    expect(created).toMatchObject({ ...STORED, ...extra });
    expect(await read(created.id)).toMatchObject({ ...STORED, ...extra });
    const { rows } = await t.pool.query(`select country, vat_id, endpoint_scheme from ${table} where id = $1`, [
      created.id,
    ]);
    expect(rows).toEqual([{ country: 'DE', vat_id: 'DE123456789', endpoint_scheme: '0088' }]);
  });

  it('creates without them: each is empty', async () => {
    const created = await create({});
    for (const name of [...Object.keys(FILLED), ...Object.keys(extra)]) expect(created[name], name).toBe('');
  });

  it('updates: a field sent replaces, a field left out is kept, null or blank clears', async () => {
    const { id } = await create({ ...FILLED, ...extra });
    const response = await send('PUT', `${path}/${id}`, { city: 'Hamburg', region: null, additional_street: '  ' });
    expect(response.statusCode, response.body).toBe(200);
    const expected = { ...STORED, ...extra, city: 'Hamburg', region: '', additional_street: '' };
    expect(response.json()[kind]).toMatchObject(expected);
    expect(await read(id)).toMatchObject(expected);

    // Clearing the address and its scheme together is allowed.
    const cleared = await send('PUT', `${path}/${id}`, { endpoint_id: '', endpoint_scheme: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()[kind]).toMatchObject({ endpoint_id: '', endpoint_scheme: '', country: 'DE' });
  });

  it('refuses a country outside ISO 3166-1 with 400 and the envelope, changing nothing', async () => {
    const { id } = await create({ country: 'FR' });
    for (const country of ['XX', 'DEU', 'Germany', '1']) {
      const body = expectFailure(await send('PUT', `${path}/${id}`, { country }), 400);
      expect(body.errors, country).toContain(
        country.length > 2 ? 'Country is too long (at most 2 characters).' : EINVOICE_FIELD_MESSAGES.country('Country'),
      );
    }
    expect(await read(id)).toMatchObject({ country: 'FR' });
    const created = expectFailure(await send('POST', path, { country: 'XX' }), 400);
    expect(created.errors).toEqual(['Country must be a two-letter ISO 3166-1 code (DE, FR, US).']);
  });

  it('refuses an electronic address scheme outside the EAS list, and an address without its scheme', async () => {
    const bad = expectFailure(await send('POST', path, { endpoint_id: 'x@example.com', endpoint_scheme: '1234' }), 400);
    expect(bad.errors).toEqual([EINVOICE_FIELD_MESSAGES.scheme]);
    const alone = expectFailure(await send('POST', path, { endpoint_id: 'x@example.com' }), 400);
    expect(alone.errors).toEqual([EINVOICE_FIELD_MESSAGES.schemeMissing]);

    // An update that clears the scheme of a stored address is refused too (the check runs after the merge).
    const { id } = await create({ endpoint_id: 'x@example.com', endpoint_scheme: 'em' });
    expect(await read(id)).toMatchObject({ endpoint_id: 'x@example.com', endpoint_scheme: 'EM' });
    const cleared = expectFailure(await send('PUT', `${path}/${id}`, { endpoint_scheme: '' }), 400);
    expect(cleared.errors).toEqual([EINVOICE_FIELD_MESSAGES.schemeMissing]);
    expect(await read(id)).toMatchObject({ endpoint_scheme: 'EM' });
  });

  it('refuses values too long or not text, naming the field', async () => {
    const long = expectFailure(await send('POST', path, { postcode: '1'.repeat(21), vat_id: 42 }), 400);
    expect(long.errors).toEqual(
      expect.arrayContaining(['Postcode is too long (at most 20 characters).', 'VAT number must be text.']),
    );
  });
});

describe('structured fields that belong to one kind', () => {
  let t: TestApp, ada: TestAccount;
  beforeAll(async () => {
    ({ t, ada } = await adaAndBob());
  });

  it('a business has no buyer reference: one sent is dropped like any unknown field', async () => {
    const response = await as(t.app, ada)('POST', '/api/businesses', {
      payload: { name: 'Studio', email: 'studio@example.com', buyer_reference: '991-1' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().business).not.toHaveProperty('buyer_reference');
  });

  it('a client refuses a buyer reference over 200 characters', async () => {
    const body = expectFailure(
      await as(t.app, ada)('POST', '/api/clients', {
        payload: { name: 'Amt', email: 'amt@example.de', buyer_reference: 'x'.repeat(201) },
      }),
      400,
    );
    expect(body.errors).toEqual(['Buyer reference is too long (at most 200 characters).']);
  });

  it('an invoice embeds its client and business with their structured fields', async () => {
    const client = (
      await as(t.app, ada)('POST', '/api/clients', {
        payload: { name: 'Amt', email: 'amt@example.de', country: 'DE', buyer_reference: '991-01234-56' },
      })
    ).json().client;
    const business = (
      await as(t.app, ada)('POST', '/api/businesses', {
        payload: { name: 'Studio', email: 'studio@example.com', vat_id: 'FR 12 345678901', country: 'fr' },
      })
    ).json().business;
    const id = await createInvoice(t.app, ada, {}, { client_id: client.id, business_id: business.id });
    const response = await as(t.app, ada)('GET', `/api/invoices/${id}?include_client=true&include_business=true`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().invoice.client).toMatchObject({ country: 'DE', buyer_reference: '991-01234-56' });
    expect(response.json().invoice.business).toMatchObject({ country: 'FR', vat_id: 'FR12345678901' });
  });
});
