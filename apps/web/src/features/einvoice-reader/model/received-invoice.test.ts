import { describe, expect, it } from 'vitest';
import { addressLines, formatAmount, groupDigits, sellerAsClient, vatLabel, verdict } from './received-invoice';

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
      },
    });
  });
});
