import { describe, expect, it } from 'vitest';
import type { ReceivedParty } from '@invoicer/domain/api/einvoices';
import { clientBodySchema } from '@invoicer/domain/api/clients';
import { businessBodySchema } from '@invoicer/domain/api/businesses';
import {
  addressLines,
  formatAmount,
  groupDigits,
  sellerAsBusiness,
  sellerAsClient,
  vatLabel,
  verdict,
} from './received-invoice';

describe('the received invoice, in words', () => {
  it('groups digits without turning amounts into numbers', () => {
    expect(groupDigits('385544.60')).toBe('385,544.60');
    expect(groupDigits('-782179.43')).toBe('-782,179.43');
    expect(groupDigits('0.1234')).toBe('0.1234');
    expect(groupDigits('12,5')).toBe('12,5');
    expect(formatAmount('1125', 'DKK')).toBe('1,125 DKK');
    expect(formatAmount(undefined, 'EUR')).toBe('—');
  });

  it('names VAT categories and hides a zero rate on exempt ones', () => {
    expect(vatLabel('S', '19')).toBe('Standard rate 19 %');
    expect(vatLabel('AE', '0')).toBe('Reverse charge');
    expect(vatLabel('X', undefined)).toBe('Category X');
  });

  it('says the verdict in plain words', () => {
    expect(verdict({ valid: true, failures: [] })).toBe('Passes the EN 16931 rules');
    expect(verdict({ valid: false, failures: [{ id: 'BR-CO-10', text: 'x' }] })).toBe('Does not pass: 1 problem');
    expect(
      verdict({
        valid: false,
        failures: [
          { id: 'a', text: '' },
          { id: 'b', text: '' },
        ],
      }),
    ).toBe('Does not pass: 2 problems');
  });

  it('makes the seller a client only with an e-mail address', () => {
    const seller = {
      name: 'Lieferant GmbH',
      street: 'Lieferantenstraße 20',
      postcode: '80333',
      city: 'München',
      country: 'DE',
    };
    expect(addressLines(seller)).toEqual(['Lieferantenstraße 20', '80333 München', 'DE']);
    expect(sellerAsClient(seller)).toEqual({
      missing: 'The seller has no e-mail address in this e-invoice, which a client needs.',
    });
    expect(
      sellerAsClient({ ...seller, endpoint_id: 'billing@lieferant.de', endpoint_scheme: 'EM', vat_id: 'DE123456789' }),
    ).toEqual({
      client: {
        name: 'Lieferant GmbH',
        email: 'billing@lieferant.de',
        address: 'Lieferantenstraße 20\n80333 München\nDE',
        tax_id: 'DE123456789',
        street: 'Lieferantenstraße 20',
        postcode: '80333',
        city: 'München',
        country: 'DE',
        vat_id: 'DE123456789',
        endpoint_id: 'billing@lieferant.de',
        endpoint_scheme: 'EM',
      },
    });
  });
});

describe('saving the seller completely', () => {
  const seller: ReceivedParty = {
    name: ' Atelier Dupont SARL ',
    street: '12 rue de la Paix',
    additional_street: 'Bâtiment B',
    postcode: '75002',
    city: 'Paris',
    region: 'Île-de-France',
    country: 'FR',
    vat_id: 'FR12345678901',
    company_id: '123 456 789',
    email: 'compta@dupont.fr',
    phone: '+33 1 23 45 67 89',
    endpoint_id: '0009:12345678900010',
    endpoint_scheme: '0009',
  };

  it('gives the client every structured field the e-invoice has, in the form the clients route takes', () => {
    const candidate = sellerAsClient(seller);
    expect(candidate).toEqual({
      client: {
        name: 'Atelier Dupont SARL',
        email: 'compta@dupont.fr',
        phone: '+33 1 23 45 67 89',
        address: '12 rue de la Paix\nBâtiment B\n75002 Paris\nÎle-de-France\nFR',
        tax_id: 'FR12345678901',
        street: '12 rue de la Paix',
        additional_street: 'Bâtiment B',
        postcode: '75002',
        city: 'Paris',
        region: 'Île-de-France',
        country: 'FR',
        vat_id: 'FR12345678901',
        company_id: '123 456 789',
        endpoint_id: '0009:12345678900010',
        endpoint_scheme: '0009',
      },
    });
    if (!('client' in candidate)) throw new Error('no client');
    // The route's own schema takes it whole: nothing the route would refuse, nothing dropped.
    const parsed = clientBodySchema.safeParse(candidate.client);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ street: '12 rue de la Paix', country: 'FR', endpoint_scheme: '0009' });
  });

  it('leaves out codes the routes would refuse, and an electronic address without its scheme', () => {
    const odd = { ...seller, country: 'France', endpoint_scheme: undefined, email: undefined };
    expect(sellerAsClient(odd)).toEqual({
      missing: 'The seller has no e-mail address in this e-invoice, which a client needs.',
    });
    const candidate = sellerAsClient({ ...odd, email: 'compta@dupont.fr', endpoint_scheme: 'XYZ' });
    if (!('client' in candidate)) throw new Error('no client');
    expect(candidate.client).not.toHaveProperty('country');
    expect(candidate.client).not.toHaveProperty('endpoint_id');
    expect(candidate.client).not.toHaveProperty('endpoint_scheme');
    expect(candidate.client.city).toBe('Paris');
    expect(clientBodySchema.safeParse(candidate.client).success).toBe(true);
  });

  it('gives the business the same fields and the first valid bank account', () => {
    const candidate = sellerAsBusiness(seller, [
      { means_code: '58', iban: 'XX', bic: 'XX' },
      { means_code: '58', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'bnpafrpp', account_name: 'Atelier Dupont' },
    ]);
    if (!('business' in candidate)) throw new Error('no business');
    expect(candidate.business).toEqual({
      ...(sellerAsClient(seller) as { client: object }).client,
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPP',
      account_holder: 'Atelier Dupont',
    });
    const parsed = businessBodySchema.safeParse(candidate.business);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ iban: 'FR7630006000011234567890189', vat_id: 'FR12345678901' });
  });

  it('saves a business without a bank account when the invoice has none the route takes', () => {
    const candidate = sellerAsBusiness(seller, [{ means_code: '58', iban: 'DE00 0000', bic: 'HELADEFFXXX' }]);
    if (!('business' in candidate)) throw new Error('no business');
    expect(candidate.business).not.toHaveProperty('iban');
    expect(candidate.business).not.toHaveProperty('bic');
    expect(businessBodySchema.safeParse(candidate.business).success).toBe(true);
    expect(sellerAsBusiness({ name: '' }, [])).toEqual({ missing: 'The seller has no name in this e-invoice.' });
    expect(sellerAsBusiness({ name: 'Solo' }, [])).toEqual({
      missing: 'The seller has no e-mail address in this e-invoice, which a client or business needs.',
    });
  });
});
