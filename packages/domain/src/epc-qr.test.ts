import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epcCreditTransfer, epcQrPayload, EPC_LIMITS, utf8Length, type SepaPayee } from './epc-qr';

const PAYEE: SepaPayee = {
  name: 'Ada Lovelace Studio',
  accountHolder: '',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

const transfer = (overrides: Partial<Parameters<typeof epcCreditTransfer>[0]> = {}) =>
  epcCreditTransfer({ payee: PAYEE, currency: 'EUR', amountDueMinor: 12_345, invoiceNumber: '0042', ...overrides });

describe('epcQrPayload', () => {
  it('writes the EPC069-12 version 002 fields, one a line', () => {
    const payload = epcQrPayload(transfer()!);
    expect(payload).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Ada Lovelace Studio',
        'DE89370400440532013000',
        'EUR123.45',
        '',
        '',
        '0042',
      ].join('\n'),
    );
  });

  it('leaves the BIC line empty without a BIC, and drops empty trailing lines without a number', () => {
    expect(epcQrPayload(transfer({ payee: { ...PAYEE, bic: '' }, invoiceNumber: '' })!)).toBe(
      'BCD\n002\n1\nSCT\n\nAda Lovelace Studio\nDE89370400440532013000\nEUR123.45',
    );
  });

  it('writes amounts with two decimals, without grouping', () => {
    const amount = (minor: number) => epcQrPayload(transfer({ amountDueMinor: minor })!).split('\n')[7];
    expect(amount(1)).toBe('EUR0.01');
    expect(amount(100)).toBe('EUR1.00');
    expect(amount(123_456_789)).toBe('EUR1234567.89');
    expect(amount(EPC_LIMITS.maxAmountMinor)).toBe('EUR999999999.99');
  });
});

describe('epcCreditTransfer', () => {
  it('uses the account holder when set, else the business name, each on one line', () => {
    expect(transfer({ payee: { ...PAYEE, accountHolder: ' Ada  Lovelace ' } })?.name).toBe('Ada Lovelace');
    expect(transfer({ payee: { ...PAYEE, name: 'Ada\nLovelace\r\nStudio' } })?.name).toBe('Ada Lovelace Studio');
    expect(transfer({ invoiceNumber: 'INV\n0042' })?.remittance).toBe('INV 0042');
  });

  it('gives no transfer for another currency, no IBAN, an IBAN outside SEPA, or no business', () => {
    expect(transfer({ currency: 'USD' })).toBeNull();
    expect(transfer({ payee: { ...PAYEE, iban: '' } })).toBeNull();
    expect(transfer({ payee: { ...PAYEE, iban: 'TR330006100519786457841326' } })).toBeNull();
    expect(transfer({ payee: null })).toBeNull();
  });

  it('gives no transfer when nothing or too much is due', () => {
    expect(transfer({ amountDueMinor: 0 })).toBeNull();
    expect(transfer({ amountDueMinor: -100 })).toBeNull();
    expect(transfer({ amountDueMinor: EPC_LIMITS.maxAmountMinor + 1 })).toBeNull();
    expect(transfer({ amountDueMinor: 0.5 })).toBeNull();
    expect(transfer({ amountDueMinor: EPC_LIMITS.maxAmountMinor })?.amountMinor).toBe(EPC_LIMITS.maxAmountMinor);
  });

  it('never cuts a name: past 70 characters there is no transfer', () => {
    expect(transfer({ payee: { ...PAYEE, name: 'é'.repeat(70) } })?.name).toBe('é'.repeat(70));
    expect(transfer({ payee: { ...PAYEE, name: 'x'.repeat(71) } })).toBeNull();
    expect(transfer({ payee: { ...PAYEE, name: 'x'.repeat(200), accountHolder: 'Ada' } })?.name).toBe('Ada');
    expect(transfer({ payee: { ...PAYEE, name: ' ' } })).toBeNull();
  });

  it('takes a remittance of up to 140 characters', () => {
    expect(transfer({ invoiceNumber: '9'.repeat(140) })?.remittance).toBe('9'.repeat(140));
    expect(transfer({ invoiceNumber: '9'.repeat(141) })).toBeNull();
  });

  it('keeps every payload within the limits and its fields in place (property)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 160 });
    fc.assert(
      fc.property(
        text,
        text,
        text,
        fc.integer({ min: -10, max: EPC_LIMITS.maxAmountMinor + 10 }),
        (name, holder, number, amount) => {
          const result = transfer({
            payee: { ...PAYEE, name, accountHolder: holder },
            amountDueMinor: amount,
            invoiceNumber: number,
          });
          if (result === null) return;
          const payload = epcQrPayload(result);
          expect(utf8Length(payload)).toBeLessThanOrEqual(EPC_LIMITS.payloadBytes);
          const lines = payload.split('\n');
          expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
          expect(lines[6]).toBe(PAYEE.iban);
          expect(lines[7]).toMatch(/^EUR\d{1,9}\.\d{2}$/);
          expect([...lines[5]!].length).toBeLessThanOrEqual(EPC_LIMITS.name);
          expect(lines[5]!.trim()).not.toBe('');
          expect([...(lines[10] ?? '')].length).toBeLessThanOrEqual(EPC_LIMITS.remittance);
          expect(lines.length).toBeLessThanOrEqual(11);
        },
      ),
    );
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(utf8Length(text)).toBe(unescape(encodeURIComponent(text)).length);
      }),
    );
  });
});
