import { clientBodySchema } from '@invoicer/domain/api/clients';
import { CLIENT_PARTY_FIELDS, EINVOICE_FIELD_MESSAGES } from '@invoicer/domain/api/einvoice-fields';
import { BANK_ACCOUNT_MESSAGES } from '@invoicer/domain/bank-account';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { partySaveFailure, type PartyErrorField } from './party-save-errors';

const BUSINESS_FIELDS: PartyErrorField[] = ['name', 'email', 'tax_id', 'iban', 'bic', 'account_holder'];

describe('partySaveFailure', () => {
  it('puts each bank account message on the field it names', () => {
    const failure = partySaveFailure(
      new ApiError(400, BANK_ACCOUNT_MESSAGES.ibanChecksum, [
        BANK_ACCOUNT_MESSAGES.ibanChecksum,
        BANK_ACCOUNT_MESSAGES.bicLength,
        'Account holder is too long (at most 70 characters).',
        'Business name is required',
      ]),
      BUSINESS_FIELDS,
    );
    expect(failure).toEqual({
      fields: {
        iban: 'IBAN is not valid: check the digits.',
        bic: 'BIC is not valid: a BIC has 8 or 11 letters and digits.',
        account_holder: 'Account holder is too long (at most 70 characters).',
        name: 'Business name is required',
      },
      general: null,
    });
  });

  it('shows a bank message above the buttons on a form without that field (the client modal)', () => {
    const failure = partySaveFailure(new ApiError(400, 'x', [BANK_ACCOUNT_MESSAGES.ibanChecksum]), ['name', 'email']);
    expect(failure).toEqual({ fields: {}, general: 'IBAN is not valid: check the digits.' });
  });

  it('puts every message of the e-invoice details on its own field (the server and the form share the schema)', () => {
    const fields: PartyErrorField[] = ['name', 'email', 'tax_id', ...CLIENT_PARTY_FIELDS];
    for (const field of CLIENT_PARTY_FIELDS) {
      const parsed = clientBodySchema.safeParse({ name: 'A', email: 'a@b.co', [field]: 'x'.repeat(300) });
      expect(parsed.success, field).toBe(false);
      const messages = parsed.error!.issues.map((issue) => issue.message);
      const failure = partySaveFailure(new ApiError(400, messages[0]!, messages), fields);
      expect(failure.fields[field], field).toBe(messages[0]);
      expect(failure.general, field).toBeNull();
    }
    const coded = partySaveFailure(
      new ApiError(400, 'x', [EINVOICE_FIELD_MESSAGES.country('Country'), EINVOICE_FIELD_MESSAGES.scheme]),
      fields,
    );
    expect(coded).toEqual({
      fields: { country: EINVOICE_FIELD_MESSAGES.country('Country'), endpoint_scheme: EINVOICE_FIELD_MESSAGES.scheme },
      general: null,
    });
    // "Choose the scheme … of the electronic address" goes on the scheme, not on the address.
    const missing = partySaveFailure(new ApiError(400, 'x', [EINVOICE_FIELD_MESSAGES.schemeMissing]), fields);
    expect(missing.fields).toEqual({ endpoint_scheme: EINVOICE_FIELD_MESSAGES.schemeMissing });
  });
});
