import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_MESSAGES,
  checkBic,
  checkIban,
  formatIban,
  IBAN_LENGTHS,
  ibanCheckDigits,
  ibanMod97,
  isSepaIban,
  SEPA_IBAN_COUNTRIES,
} from './bank-account';

/** IBANs published as examples by their banks and registries. */
const KNOWN_VALID = [
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'NL91ABNA0417164300',
  'FR1420041010050500013M02606',
  'BE68539007547034',
  'CH9300762011623852957',
  'NO9386011117947',
  'MT84MALT011000012345MTLCAST001S',
  'AT611904300234573201',
  'IT60X0542811101000000123456',
  'ES9121000418450200051332',
];

const ALPHANUMERIC = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** A valid IBAN of any registry country: a random BBAN of the country's length and its check digits. */
const validIban = fc.constantFrom(...Object.entries(IBAN_LENGTHS)).chain(([country, length]) =>
  fc.array(fc.constantFrom(...ALPHANUMERIC), { minLength: length - 4, maxLength: length - 4 }).map((characters) => {
    const bban = characters.join('');
    return `${country}${ibanCheckDigits(country, bban)}${bban}`;
  }),
);

describe('checkIban', () => {
  it('accepts published IBANs, with spaces and in lower case, and answers the compact upper-case form', () => {
    for (const iban of KNOWN_VALID) {
      expect(checkIban(iban)).toEqual({ ok: true, value: iban });
      expect(checkIban(` ${formatIban(iban).toLowerCase()} `)).toEqual({ ok: true, value: iban });
    }
  });

  it('names what is wrong', () => {
    expect(checkIban('DE89 3704 0044 0532 0130 01')).toEqual({
      ok: false,
      message: 'IBAN is not valid: check the digits.',
    });
    expect(checkIban('DE89-3704-0044-0532-0130-00')).toEqual({
      ok: false,
      message: BANK_ACCOUNT_MESSAGES.ibanCharacters,
    });
    expect(checkIban('DE8937040044053201300')).toEqual({
      ok: false,
      message: 'IBAN is not valid: an IBAN from DE has 22 characters, this one has 21.',
    });
    expect(checkIban('XX89370400440532013000')).toEqual({
      ok: false,
      message: 'IBAN is not valid: XX is not a country code that IBANs use.',
    });
    expect(checkIban('8937040044053201300000').ok).toBe(false);
    expect(checkIban('DEXX370400440532013000')).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.ibanStart });
    expect(checkIban('DE89'.padEnd(35, '0'))).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.ibanTooLong });
    expect(checkIban('ÄE89370400440532013000')).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.ibanCharacters });
  });

  it('accepts every generated valid IBAN (property)', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(ibanMod97(iban)).toBe(1);
        expect(checkIban(iban)).toEqual({ ok: true, value: iban });
      }),
    );
  });

  it('accepts a valid IBAN however it is spaced and cased (property)', () => {
    fc.assert(
      fc.property(
        validIban,
        fc.array(fc.constantFrom('', ' ', '  ', '\t'), { minLength: 40, maxLength: 40 }),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (iban, spaces, lower) => {
          const typed = [...iban]
            .map((character, index) => (lower[index] ? character.toLowerCase() : character) + spaces[index])
            .join('');
          expect(checkIban(typed)).toEqual({ ok: true, value: iban });
        },
      ),
    );
  });

  it('refuses a valid IBAN with one digit changed (property): mod 97 catches every single substitution', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const digits = [...iban].flatMap((character, index) => (index >= 2 && /\d/.test(character) ? [index] : []));
        fc.pre(digits.length > 0);
        const index = digits[at % digits.length]!;
        const changed = iban.slice(0, index) + String((Number(iban[index]) + shift) % 10) + iban.slice(index + 1);
        expect(ibanMod97(changed)).not.toBe(1);
        expect(checkIban(changed)).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.ibanChecksum });
      }),
    );
  });

  it('refuses a valid IBAN with two different adjacent digits swapped (property)', () => {
    fc.assert(
      fc.property(validIban, fc.nat(), (iban, at) => {
        const pairs = [...iban].flatMap((character, index) =>
          index >= 2 && /\d/.test(character) && /\d/.test(iban[index + 1] ?? '') && character !== iban[index + 1]
            ? [index]
            : [],
        );
        fc.pre(pairs.length > 0);
        const index = pairs[at % pairs.length]!;
        const swapped = iban.slice(0, index) + iban[index + 1] + iban[index] + iban.slice(index + 2);
        expect(checkIban(swapped).ok).toBe(false);
      }),
    );
  });
});

describe('formatIban', () => {
  it('prints groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('BE68539007547034')).toBe('BE68 5390 0754 7034');
  });

  it('gives back the compact IBAN without its spaces (property)', () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        const printed = formatIban(iban);
        expect(printed.replaceAll(' ', '')).toBe(iban);
        const groups = printed.split(' ');
        expect(groups.slice(0, -1).every((group) => group.length === 4)).toBe(true);
        expect(groups.at(-1)!.length).toBeGreaterThanOrEqual(1);
        expect(groups.at(-1)!.length).toBeLessThanOrEqual(4);
      }),
    );
  });
});

describe('isSepaIban', () => {
  it('knows SEPA countries from other IBAN countries', () => {
    expect(isSepaIban('DE89370400440532013000')).toBe(true);
    expect(isSepaIban('CH9300762011623852957')).toBe(true);
    expect(isSepaIban('TR330006100519786457841326')).toBe(false);
    expect(isSepaIban('SA0380000000608010167519')).toBe(false);
  });

  it('lists only countries of the IBAN registry', () => {
    for (const country of SEPA_IBAN_COUNTRIES) expect(IBAN_LENGTHS[country]).toBeTypeOf('number');
  });
});

describe('checkBic', () => {
  it('accepts 8 and 11 characters, any case, with spaces', () => {
    expect(checkBic('DEUTDEFF')).toEqual({ ok: true, value: 'DEUTDEFF' });
    expect(checkBic('deut de ff 500')).toEqual({ ok: true, value: 'DEUTDEFF500' });
    expect(checkBic('COBADEFFXXX')).toEqual({ ok: true, value: 'COBADEFFXXX' });
    expect(checkBic('NWBKGB2L')).toEqual({ ok: true, value: 'NWBKGB2L' });
  });

  it('refuses other lengths and a country that is not two letters', () => {
    for (const bic of ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000']) {
      expect(checkBic(bic)).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.bicLength });
    }
    for (const bic of ['DEUT12FF', 'DEUTDEF-', 'DEUTDÉFF']) {
      expect(checkBic(bic)).toEqual({ ok: false, message: BANK_ACCOUNT_MESSAGES.bicFormat });
    }
  });

  it('accepts exactly the ISO 9362 shapes (property)', () => {
    const part = (length: number, characters: string[]) =>
      fc.array(fc.constantFrom(...characters), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    fc.assert(
      fc.property(
        part(4, ALPHANUMERIC),
        part(2, letters),
        part(2, ALPHANUMERIC),
        fc.option(part(3, ALPHANUMERIC), { nil: '' }),
        (bank, country, location, branch) => {
          const bic = `${bank}${country}${location}${branch}`;
          expect(checkBic(bic.toLowerCase())).toEqual({ ok: true, value: bic });
        },
      ),
    );
  });
});
