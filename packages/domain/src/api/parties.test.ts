import { describe, expect, it } from 'vitest';
import { toErrorEnvelope } from '../validation-error';
import { businessBodySchema, businessListQuerySchema } from './businesses';
import { bulkDeleteClientsBodySchema, clientBodySchema, clientListQuerySchema } from './clients';

const ID = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';
const errors = (result: { error?: Parameters<typeof toErrorEnvelope>[0] }) => toErrorEnvelope(result.error!).errors;

describe('client and business bodies', () => {
  it('uses the modal messages', () => {
    expect(errors(clientBodySchema.safeParse({ name: ' ', email: '' }))).toEqual([
      'Name is required',
      'Email is required',
    ]);
    expect(errors(clientBodySchema.safeParse({ name: 'Globex', email: 'globex' }))).toEqual(['Invalid email format']);
    expect(errors(businessBodySchema.safeParse({ email: 'a@b.co' }))).toEqual(['Business name is required']);
  });

  it('names the field in every message, as the modal maps them', () => {
    const long = 'x'.repeat(2_000);
    const messages = errors(businessBodySchema.safeParse({ name: long, email: `${long}@x.co`, tax_id: long }));
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/name/i);
    expect(messages[1]).toMatch(/email/i);
    expect(messages[2]).toMatch(/tax/i);
  });

  it('trims fields; null clears an optional field, absent leaves it undefined (unchanged on update)', () => {
    const body = clientBodySchema.parse({
      name: ' Globex ',
      email: 'ap@globex.example',
      phone: null,
      address: ' 1 St ',
    });
    expect(body).toStrictEqual({ name: 'Globex', email: 'ap@globex.example', phone: '', address: '1 St' });
    expect(businessBodySchema.parse({ name: 'A', email: 'a@b.co' }).logo_url).toBeUndefined();
  });

  it('accepts only our own logos for a business', () => {
    expect(
      businessBodySchema.parse({ name: 'A', email: 'a@b.co', logo_url: `https://x.example/api/logos/${ID}` }).logo_url,
    ).toBe(`/api/logos/${ID}`);
    expect(businessBodySchema.parse({ name: 'A', email: 'a@b.co', logo_url: '' }).logo_url).toBeNull();
    expect(
      businessBodySchema.safeParse({ name: 'A', email: 'a@b.co', logo_url: 'data:image/png;base64,AAAA' }).success,
    ).toBe(false);
  });

  it('reads list queries', () => {
    expect(clientListQuerySchema.parse({ page: '2', per_page: '5', search: ' glo ' })).toEqual({
      user_id: undefined,
      page: 2,
      per_page: 5,
      search: 'glo',
    });
    expect(businessListQuerySchema.parse({})).toMatchObject({ page: 1, per_page: 100, search: '' });
  });

  it('checks bulk deletes', () => {
    expect(bulkDeleteClientsBodySchema.parse({ client_ids: [ID, ID.toUpperCase()] }).client_ids).toEqual([ID]);
    expect(errors(bulkDeleteClientsBodySchema.safeParse({ client_ids: [] }))).toEqual([
      'Select at least one client to delete.',
    ]);
    expect(errors(bulkDeleteClientsBodySchema.safeParse({}))).toEqual(['Select at least one client to delete.']);
    expect(errors(bulkDeleteClientsBodySchema.safeParse({ client_ids: ['1'] }))).toEqual([
      'Client id must be a valid id.',
    ]);
    expect(bulkDeleteClientsBodySchema.safeParse({ client_ids: Array.from({ length: 501 }, () => ID) }).success).toBe(
      false,
    );
  });
});

describe('a business bank account', () => {
  const base = { name: 'Ada Lovelace Studio', email: 'ada@example.com' };

  it('reads IBAN and BIC with spaces and lower case, compact and upper case', () => {
    const body = businessBodySchema.parse({
      ...base,
      iban: ' de89 3704 0044 0532 0130 00 ',
      bic: 'cobadeff xxx',
      account_holder: ' Ada Lovelace ',
    });
    expect(body).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_holder: 'Ada Lovelace' });
  });

  it('leaves absent fields undefined (unchanged on update) and clears with null or blank', () => {
    const absent = businessBodySchema.parse(base);
    expect([absent.iban, absent.bic, absent.account_holder]).toEqual([undefined, undefined, undefined]);
    expect(businessBodySchema.parse({ ...base, iban: null, bic: '  ', account_holder: null })).toMatchObject({
      iban: '',
      bic: '',
      account_holder: '',
    });
  });

  it('names the field in each message', () => {
    expect(errors(businessBodySchema.safeParse({ ...base, iban: 'DE89 3704 0044 0532 0130 01' }))).toEqual([
      'IBAN is not valid: check the digits.',
    ]);
    expect(errors(businessBodySchema.safeParse({ ...base, iban: 'DE89 3704' }))).toEqual([
      'IBAN is not valid: an IBAN from DE has 22 characters, this one has 8.',
    ]);
    expect(errors(businessBodySchema.safeParse({ ...base, iban: 'x'.repeat(65) }))).toEqual([
      'IBAN is not valid: it is far too long.',
    ]);
    expect(errors(businessBodySchema.safeParse({ ...base, iban: 42 }))).toEqual(['IBAN must be text.']);
    expect(errors(businessBodySchema.safeParse({ ...base, bic: 'DEUTDEF' }))).toEqual([
      'BIC is not valid: a BIC has 8 or 11 letters and digits.',
    ]);
    expect(errors(businessBodySchema.safeParse({ ...base, account_holder: 'x'.repeat(71) }))).toEqual([
      'Account holder is too long (at most 70 characters).',
    ]);
    expect(errors(businessBodySchema.safeParse({ ...base, account_holder: 'Ada\nLovelace' }))).toEqual([
      'Account holder must be on one line.',
    ]);
  });
});
