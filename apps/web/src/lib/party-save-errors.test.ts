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
});
